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
package io.deltax.it.streaming;

import static io.deltax.it.DeltaOracle.quote;
import static io.deltax.it.DeltaOracle.spark;
import static io.deltax.it.DeltaOracle.sql;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.deltax.errors.DeltaXThrowable;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeoutException;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.streaming.StreamingQuery;
import org.apache.spark.sql.streaming.StreamingQueryException;
import org.apache.spark.sql.streaming.Trigger;

/**
 * The streaming tests' set-up: tables made by delta-spark, and a stream run to the end with {@code
 * Trigger.AvailableNow} into a Parquet sink (exactly once: the sink's own log), from a checkpoint
 * that later runs resume.
 */
final class Streams {
  private Streams() {}

  /**
   * A new Delta table {@code name} under {@code dir}, made by delta-spark with {@code columns} and,
   * where given, table properties as {@code 'key' = 'value'} pairs; its path.
   */
  static String create(Path dir, String name, String columns, String... properties) {
    String table = dir.resolve(name).toString();
    sql(
        "CREATE TABLE "
            + quote(table)
            + " ("
            + columns
            + ") USING delta"
            + (properties.length == 0
                ? ""
                : " TBLPROPERTIES (" + String.join(", ", properties) + ")"));
    return table;
  }

  /** Runs each statement, {@code $T} standing for the table. */
  static void write(String table, String... statements) {
    for (String statement : statements) {
      sql(statement.replace("$T", quote(table)));
    }
  }

  /** One commit per id in {@code from..to}, each inserting {@code (id, 'v<id>')}. */
  static void insertEach(String table, int from, int to) {
    for (int i = from; i <= to; i++) {
      sql("INSERT INTO " + quote(table) + " VALUES (" + i + ", 'v" + i + "')");
    }
  }

  /**
   * One run of {@code format}'s stream of {@code table} into {@code out}, checkpointed beside it.
   */
  static StreamingQuery run(String format, String table, Path out, Map<String, String> options) {
    return runInto(stream(format, table, options), out);
  }

  static Dataset<Row> stream(String format, String table, Map<String, String> options) {
    var reader = spark().readStream().format(format);
    options.forEach(reader::option);
    return reader.load(table);
  }

  static StreamingQuery runInto(Dataset<Row> stream, Path out) {
    try {
      StreamingQuery query =
          stream
              .writeStream()
              .format("parquet")
              .option("path", out.resolve("data").toString())
              .option("checkpointLocation", out.resolve("checkpoint").toString())
              .trigger(Trigger.AvailableNow())
              .start();
      query.awaitTermination();
      return query;
    } catch (TimeoutException | StreamingQueryException e) {
      throw new RuntimeException(e);
    }
  }

  /**
   * A running query of each stream, delta-spark's and deltax's, into {@code <name>-delta} and
   * {@code <name>-deltax} under {@code dir} (a trigger every 50 ms), each once it has read the
   * table.
   */
  static Map<String, StreamingQuery> startBoth(
      String table, Path dir, String name, Map<String, String> options)
      throws StreamingQueryException {
    Map<String, StreamingQuery> queries = new LinkedHashMap<>();
    for (String format : List.of("delta", "deltax")) {
      Path out = dir.resolve(name + "-" + format);
      try {
        queries.put(
            format,
            stream(format, table, options)
                .writeStream()
                .format("parquet")
                .option("path", out.resolve("data").toString())
                .option("checkpointLocation", out.resolve("checkpoint").toString())
                .trigger(Trigger.ProcessingTime(50))
                .start());
      } catch (TimeoutException e) {
        throw new RuntimeException(e);
      }
    }
    for (StreamingQuery q : queries.values()) {
      q.processAllAvailable();
    }
    return queries;
  }

  /**
   * Both running queries of {@link #startBoth} fail on what was committed since: deltax's error.
   */
  static DeltaXThrowable bothRunningFail(Map<String, StreamingQuery> queries) {
    assertThrows(Exception.class, () -> queries.get("delta").processAllAvailable());
    return deltaxCause(
        assertThrows(Exception.class, () -> queries.get("deltax").processAllAvailable()));
  }

  /** delta-spark's run fails, and so does deltax's: the deltax error it fails with. */
  static DeltaXThrowable bothFail(
      String table, Path deltaOut, Path deltaxOut, Map<String, String> options) {
    assertThrows(RuntimeException.class, () -> run("delta", table, deltaOut, options));
    return deltaxCause(
        assertThrows(RuntimeException.class, () -> run("deltax", table, deltaxOut, options)));
  }

  static DeltaXThrowable deltaxCause(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof DeltaXThrowable d) {
        return d;
      }
    }
    throw new AssertionError("no DeltaXThrowable in " + e, e);
  }

  /** How many rows the sink holds; 0 before its first file. */
  static long count(Path out) {
    java.io.File[] files = out.resolve("data").toFile().listFiles((d, n) -> n.endsWith(".parquet"));
    return files == null || files.length == 0 ? 0 : sink(out).count();
  }

  /** What the sink holds. */
  static Dataset<Row> sink(Path out) {
    return spark().read().parquet(out.resolve("data").toString());
  }

  /**
   * What the sink holds, read as {@code ddl}: its files from before and after a schema change
   * alike.
   */
  static Dataset<Row> sink(Path out, String ddl) {
    return spark().read().schema(ddl).parquet(out.resolve("data").toString());
  }
}
