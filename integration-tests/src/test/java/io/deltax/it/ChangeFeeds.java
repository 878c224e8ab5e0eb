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

import static io.deltax.it.DeltaOracle.quote;
import static io.deltax.it.DeltaOracle.spark;
import static io.deltax.it.DeltaOracle.sql;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.deltax.conf.SessionSettings;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.types.StructType;

/**
 * What the change feed tests share: tables written by delta-spark, both systems' feeds, and
 * delta-spark's feed collapsed per key ({@code id}, unique in every table they make) as the oracle
 * of {@code net}.
 */
final class ChangeFeeds {
  static final String CDF = "'delta.enableChangeDataFeed' = 'true'";
  static final String ROW_TRACKING = "'delta.enableRowTracking' = 'true'";
  static final String VECTORS = "'delta.enableDeletionVectors' = 'true'";

  private ChangeFeeds() {}

  static Dataset<Row> changes(String format, String path, long start, long end, String mode) {
    return spark()
        .read()
        .format(format)
        .option("readChangeFeed", "true")
        .option("startingVersion", start)
        .option("endingVersion", end)
        .option("changeMode", mode)
        .load(path);
  }

  static long latest(String path) {
    return remembered(
        List.of("latest", path),
        path,
        () ->
            spark()
                .sql("DESCRIBE HISTORY " + quote(path))
                .agg(functions.max("version"))
                .first()
                .getLong(0));
  }

  /**
   * delta-spark's {@code all} changes of {@code path} from {@code start} to {@code end}, without
   * {@code _commit_timestamp}.
   */
  static List<Row> deltaChanges(String path, long start, long end) {
    return remembered(
        List.of("changes", path, start, end),
        path,
        () ->
            List.copyOf(
                changes("delta", path, start, end, "all")
                    .drop("_commit_timestamp")
                    .collectAsList()));
  }

  /**
   * delta-spark's answers, kept while the table's log is unchanged: the tests ask about the same
   * versions many times (each range's ends, each version alone), and each answer is a Spark job.
   */
  private static final Map<List<Object>, Object> ORACLE_ANSWERS = new HashMap<>();

  @SuppressWarnings("unchecked")
  private static synchronized <T> T remembered(
      List<Object> question, String path, java.util.function.Supplier<T> answer) {
    List<Object> key = new ArrayList<>(question);
    key.add(logFiles(path));
    Object known = ORACLE_ANSWERS.get(key);
    if (known == null) {
      known = answer.get();
      ORACLE_ANSWERS.put(key, known);
    }
    return (T) known;
  }

  /** The names and sizes of a local table's log files: any commit or clean-up changes them. */
  private static List<String> logFiles(String path) {
    Path log = Path.of(path, "_delta_log");
    List<String> files = new ArrayList<>();
    try (var listing = Files.list(log)) {
      listing.forEach(
          f -> {
            try {
              files.add(f.getFileName() + ":" + Files.size(f));
            } catch (IOException e) {
              throw new UncheckedIOException(e);
            }
          });
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    files.sort(null);
    return files;
  }

  /**
   * A table {@code (id INT, grp STRING, v INT)} in {@code dir} with the given properties, written
   * by {@code statements} (one commit each; {@code $T} is the table).
   */
  static String table(
      Path dir, String name, String properties, String partitionedBy, List<String> statements) {
    String path = dir.resolve(name).toString();
    sql(
        "CREATE TABLE "
            + quote(path)
            + " (id INT, grp STRING, v INT) USING delta "
            + partitionedBy
            + " TBLPROPERTIES ("
            + properties
            + ")");
    for (String s : statements) {
      sql(s.replace("$T", quote(path)));
    }
    return path;
  }

  /**
   * INSERT, UPDATE, DELETE, MERGE (update, delete, insert clauses), OPTIMIZE and an UPDATE, then a
   * RESTORE to version 3 and an UPDATE after it. RESTORE re-adds files the UPDATE, DELETE, MERGE
   * and OPTIMIZE removed and removes the files they added; their rows keep their row IDs and old
   * row commit versions, so matched by row ID a reverted row would look copied (with deletion
   * vectors, files come back with the smaller vectors they had).
   */
  static List<String> dmlSequence() {
    return List.of(
        "INSERT INTO $T SELECT id, CAST(id % 3 AS STRING), id * 10 FROM range(0, 10)",
        "INSERT INTO $T SELECT id, CAST(id % 3 AS STRING), id * 10 FROM range(10, 20)",
        "UPDATE $T SET v = -v WHERE id % 3 = 0",
        "DELETE FROM $T WHERE id % 4 = 1",
        "MERGE INTO $T t USING (SELECT CAST(id AS INT) AS id FROM range(0, 30) WHERE id % 5 = 0 OR"
            + " id > 24) s ON t.id = s.id WHEN MATCHED AND t.id < 8 THEN UPDATE SET v = t.v + 1000"
            + " WHEN MATCHED THEN DELETE WHEN NOT MATCHED THEN INSERT (id, grp, v) VALUES (s.id,"
            + " 'new', s.id)",
        "OPTIMIZE $T",
        "UPDATE $T SET v = v + 1 WHERE id IN (2, 3, 26)",
        "RESTORE TABLE $T TO VERSION AS OF 3",
        "UPDATE $T SET v = v + 7 WHERE id < 5");
  }

  /**
   * deltax's feed of {@code path} is delta-spark's of {@code oracle} over the whole history (in
   * {@code all}, every commit's changes carry its version, so this checks each commit) and over a
   * range starting in the middle, in both modes.
   */
  static void assertSameChanges(String oracle, String path) {
    long last = latest(path);
    assertSameChanges(oracle, path, 0, last);
    assertSameChanges(oracle, path, Math.min(3, last), last);
  }

  /**
   * deltax's feed of {@code path} from {@code start} to {@code end} is delta-spark's of {@code
   * oracle}, in both modes.
   *
   * @return delta-spark's rows
   */
  static List<Row> assertSameChanges(String oracle, String path, long start, long end) {
    List<Row> expected = deltaChanges(oracle, start, end);
    String range = path + ", versions " + start + " to " + end;
    assertEquals(
        canonical(expected),
        rows(changes("deltax", path, start, end, "all")),
        "all changes, " + range);
    if (Files.isDirectory(Path.of(path, "_change_data"))) {
      // Read above from the change data files where commits wrote some: derived here.
      assertEquals(
          canonical(expected),
          SharedSpark.withConf(
              Map.of(SessionSettings.CHANGE_FEED_READ_CHANGE_DATA.key(), "false"),
              () -> rows(changes("deltax", path, start, end, "all"))),
          "all changes derived from row tracking, " + range);
    }
    assertEquals(
        canonical(netOf(expected, rowIdsAt(oracle, start - 1), rowIdsAt(oracle, end))),
        rows(changes("deltax", path, start, end, "net")),
        "net changes, " + range);
    return expected;
  }

  /** The rows without {@code _commit_timestamp}, each as text, sorted: a multiset. */
  static List<String> rows(Dataset<Row> changes) {
    return canonical(changes.drop("_commit_timestamp").collectAsList());
  }

  static List<String> canonical(List<Row> rows) {
    List<String> result = new ArrayList<>();
    for (Row r : rows) {
      result.add(r.toString());
    }
    result.sort(null);
    return result;
  }

  /** {@link #netOf(List, Map, Map)} with no row known to be the same at both ends of the range. */
  static List<Row> netOf(List<Row> deltaChanges) {
    return netOf(deltaChanges, Map.of(), Map.of());
  }

  /**
   * delta-spark's feed collapsed per id. A key's changes are cut into the lives of its rows, a
   * delete ending one; each life collapses on its own: inserted and deleted is nothing; inserted
   * (and updated) is one insert with the last values; updated is the first values as a pre-image
   * and the last as a post-image; deleted (after updates or not) is the first values as a delete at
   * the deleting version. Where delta-spark's snapshots show the key under the same row ID before
   * the range and at its end, the row was deleted and brought back (a RESTORE re-adds its file):
   * the whole is one row's, a pre- and post-image pair, or nothing where its row commit version is
   * the same too (PROTOCOL.md, "Row Commit Versions": the same row version, so the same values,
   * which this asserts; a RESTORE brought back the version the range started with).
   *
   * @param rowsBefore id to its row in the version before the range
   * @param rowsAtEnd id to its row in the range's last version
   */
  static List<Row> netOf(
      List<Row> deltaChanges,
      Map<Object, RowVersion> rowsBefore,
      Map<Object, RowVersion> rowsAtEnd) {
    List<Row> rows = new ArrayList<>(deltaChanges);
    if (rows.isEmpty()) {
      return rows;
    }
    int typeAt = rows.get(0).fieldIndex("_change_type");
    int versionAt = typeAt + 1;
    List<String> order = List.of("update_preimage", "delete", "insert", "update_postimage");
    rows.sort(
        Comparator.<Row>comparingLong(r -> r.getLong(versionAt))
            .thenComparing(r -> order.indexOf(r.getString(typeAt))));
    Map<Object, List<Row>> byKey = new LinkedHashMap<>();
    for (Row r : rows) {
      byKey.computeIfAbsent(r.get(r.fieldIndex("id")), k -> new ArrayList<>()).add(r);
    }
    List<Row> net = new ArrayList<>();
    for (Map.Entry<Object, List<Row>> key : byKey.entrySet()) {
      List<Row> events = key.getValue();
      RowVersion before = rowsBefore.get(key.getKey());
      RowVersion atEnd = rowsAtEnd.get(key.getKey());
      if (before != null && atEnd != null && before.rowId() == atEnd.rowId()) {
        if (before.commitVersion() == atEnd.commitVersion()) {
          assertEquals(
              before.values(),
              atEnd.values(),
              "id " + key.getKey() + ": the same row ID and row commit version, the same values");
          continue;
        }
        Row first = events.get(0);
        Row last = events.get(events.size() - 1);
        net.add(with(first, typeAt, "update_preimage", first.getLong(versionAt)));
        net.add(with(last, typeAt, "update_postimage", last.getLong(versionAt)));
        continue;
      }
      int from = 0;
      for (int i = 0; i < events.size(); i++) {
        if (i == events.size() - 1 || events.get(i).getString(typeAt).equals("delete")) {
          collapseLife(events.subList(from, i + 1), typeAt, versionAt, net);
          from = i + 1;
        }
      }
    }
    return net;
  }

  private static void collapseLife(List<Row> life, int typeAt, int versionAt, List<Row> net) {
    Row first = life.get(0);
    Row last = life.get(life.size() - 1);
    boolean before = !first.getString(typeAt).equals("insert");
    boolean after = !last.getString(typeAt).equals("delete");
    if (!before && after) {
      net.add(with(last, typeAt, "insert", last.getLong(versionAt)));
    } else if (before && !after) {
      net.add(with(first, typeAt, "delete", last.getLong(versionAt)));
    } else if (before) {
      net.add(first);
      net.add(last);
    }
  }

  /**
   * A row's {@code _metadata.row_id}, {@code _metadata.row_commit_version} and its values as text.
   */
  record RowVersion(long rowId, long commitVersion, String values) {}

  /**
   * id to its row's ID and commit version in the table at {@code version}, as delta-spark reads
   * them; empty before the first version, where the table had no row tracking then (its {@code
   * _metadata} has no {@code row_id}), or where log clean-up removed the version.
   */
  static Map<Object, RowVersion> rowIdsAt(String path, long version) {
    return remembered(
        List.of("rowIds", path, version), path, () -> Map.copyOf(readRowIdsAt(path, version)));
  }

  private static Map<Object, RowVersion> readRowIdsAt(String path, long version) {
    Map<Object, RowVersion> rows = new HashMap<>();
    if (version < 0) {
      return rows;
    }
    Dataset<Row> table;
    try {
      table = spark().read().format("delta").option("versionAsOf", version).load(path);
    } catch (Exception e) {
      if (!String.valueOf(e.getMessage()).contains("DELTA_VERSION_NOT_FOUND")) {
        throw e;
      }
      return rows;
    }
    StructType metadata = (StructType) table.select("_metadata").schema().fields()[0].dataType();
    if (!List.of(metadata.fieldNames()).contains("row_id")) {
      return rows;
    }
    int columns = table.columns().length;
    List<Column> selected = new ArrayList<>();
    for (String c : table.columns()) {
      selected.add(table.col(c));
    }
    selected.add(functions.col("_metadata.row_id"));
    selected.add(functions.col("_metadata.row_commit_version"));
    for (Row r : table.select(selected.toArray(new Column[0])).collectAsList()) {
      List<Object> values = new ArrayList<>();
      for (int i = 0; i < columns; i++) {
        values.add(r.get(i));
      }
      RowVersion was =
          rows.put(
              r.getAs("id"),
              new RowVersion(r.getLong(columns), r.getLong(columns + 1), values.toString()));
      assertTrue(was == null, "ids are unique in the tables these tests make: " + r.getAs("id"));
    }
    return rows;
  }

  private static Row with(Row row, int typeAt, String type, long version) {
    Object[] values = new Object[row.size()];
    for (int i = 0; i < values.length; i++) {
      values[i] = row.get(i);
    }
    values[typeAt] = type;
    values[typeAt + 1] = version;
    return RowFactory.create(values);
  }

  /** The text of commit {@code version} of the table at {@code path}. */
  static String commit(String path, long version) {
    return read(Path.of(path, "_delta_log", String.format("%020d.json", version)));
  }

  static String read(Path file) {
    try {
      return Files.readString(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static void assertError(Runnable read, String... parts) {
    Exception e = assertThrows(Exception.class, read::run);
    for (String part : parts) {
      assertTrue(e.getMessage().contains(part), "expected '" + part + "' in: " + e.getMessage());
    }
  }
}
