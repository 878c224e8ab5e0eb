/*
 * Copyright 2026 The deltax Authors
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *     http://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
package io.deltax.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.function.UnaryOperator;
import org.apache.spark.sql.DataFrameReader;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.delta.DeltaLog;
import scala.Option;

/** Comparisons of deltax with delta-spark 4.3.1 on the same table, and table helpers. */
public final class DeltaOracle {
  private DeltaOracle() {}

  public static SparkSession spark() {
    return SharedSpark.session();
  }

  public static Dataset<Row> deltax(String path) {
    return spark().read().format("deltax").load(path);
  }

  public static Dataset<Row> delta(String path) {
    return spark().read().format("delta").load(path);
  }

  /** Asserts that deltax returns delta-spark's schema and the same rows, as multisets. */
  public static void assertSameTable(String path) {
    assertSame(r -> r, path);
  }

  /** Same as {@link #assertSameTable} with options (time travel) applied to both readers. */
  public static void assertSame(UnaryOperator<DataFrameReader> options, String path) {
    Dataset<Row> expected = options.apply(spark().read().format("delta")).load(path);
    Dataset<Row> actual = options.apply(spark().read().format("deltax")).load(path);
    assertSameRows(expected, actual);
  }

  /** Same schema, same rows as multisets (compared in a canonical text form, maps included). */
  public static void assertSameRows(Dataset<Row> expected, Dataset<Row> actual) {
    assertEquals(expected.schema(), actual.schema(), "schema");
    assertEquals(canonicalRows(expected), canonicalRows(actual), "rows");
  }

  public static List<String> canonicalRows(Dataset<Row> rows) {
    List<String> result = new ArrayList<>();
    for (Row row : rows.collectAsList()) {
      result.add(canonical(row));
    }
    Collections.sort(result);
    return result;
  }

  /** The rows in their order, each in the canonical text form of {@link #canonicalRows}. */
  public static List<String> canonicalRowsInOrder(Dataset<Row> rows) {
    return rows.collectAsList().stream().map(DeltaOracle::canonical).toList();
  }

  private static String canonical(Object value) {
    if (value instanceof Row row) {
      List<String> fields = new ArrayList<>();
      for (int i = 0; i < row.size(); i++) {
        fields.add(canonical(row.get(i)));
      }
      return "(" + String.join(", ", fields) + ")";
    }
    if (value instanceof byte[] bytes) {
      return "bytes" + Arrays.toString(bytes);
    }
    if (value instanceof scala.collection.Map<?, ?> map) {
      List<String> entries = new ArrayList<>();
      map.foreach(e -> entries.add(canonical(e._1()) + " -> " + canonical(e._2())));
      Collections.sort(entries);
      return "map" + entries;
    }
    if (value instanceof scala.collection.Seq<?> seq) {
      List<String> elements = new ArrayList<>();
      seq.foreach(e -> elements.add(canonical(e)));
      return "seq" + elements;
    }
    return String.valueOf(value);
  }

  /** The files a deltax scan kept, read from its description ("N of M files") in the plan. */
  public static int filesScanned(Dataset<Row> df) {
    String plan = df.queryExecution().executedPlan().toString();
    java.util.regex.Matcher m =
        java.util.regex.Pattern.compile("(\\d+) of (\\d+) files").matcher(plan);
    assertTrue(m.find(), plan);
    return Integer.parseInt(m.group(1));
  }

  public static Path newTableDir(Path parent, String name) {
    Path dir = parent.resolve(name);
    assertTrue(!Files.exists(dir));
    return dir;
  }

  /** Makes delta-spark write a checkpoint of the table's latest version now. */
  public static void checkpoint(String path) {
    DeltaLog log = DeltaLog.forTable(spark(), path);
    log.checkpoint(log.update(false, Option.empty(), Option.empty()), Option.empty());
  }

  /** Deletes the commit files {@code first..last}, as log clean-up does after a checkpoint. */
  public static void deleteCommits(String path, long first, long last) {
    try {
      for (long v = first; v <= last; v++) {
        Files.delete(Path.of(path, "_delta_log", String.format("%020d.json", v)));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  public static void sql(String statement) {
    spark().sql(statement).collect();
  }

  public static String quote(String path) {
    return "delta.`" + path + "`";
  }

  public static List<Path> logFiles(String path) {
    try (var files = Files.list(Path.of(path, "_delta_log"))) {
      return files.sorted().toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
