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

import static io.deltax.it.ChangeFeeds.CDF;
import static io.deltax.it.ChangeFeeds.ROW_TRACKING;
import static io.deltax.it.ChangeFeeds.VECTORS;
import static io.deltax.it.ChangeFeeds.assertSameChanges;
import static io.deltax.it.ChangeFeeds.canonical;
import static io.deltax.it.ChangeFeeds.changes;
import static io.deltax.it.ChangeFeeds.commit;
import static io.deltax.it.ChangeFeeds.dmlSequence;
import static io.deltax.it.ChangeFeeds.latest;
import static io.deltax.it.ChangeFeeds.netOf;
import static io.deltax.it.ChangeFeeds.read;
import static io.deltax.it.ChangeFeeds.rowIdsAt;
import static io.deltax.it.ChangeFeeds.rows;
import static io.deltax.it.ChangeFeeds.table;
import static io.deltax.it.DeltaOracle.quote;
import static io.deltax.it.DeltaOracle.spark;
import static io.deltax.it.DeltaOracle.sql;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.deltax.conf.SessionSettings;
import io.deltax.it.ChangeFeeds.RowVersion;
import io.deltax.read.files.SparkParquet;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.api.java.UDF1;
import org.apache.spark.sql.types.DataTypes;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The change feed deltax derives from row tracking, judged by delta-spark's change data feed
 * ({@code readChangeFeed}) on the same table, statement by statement: {@code all} must be
 * delta-spark's multiset of (data columns, {@code _change_type}, {@code _commit_version}); {@code
 * net} must be delta-spark's feed collapsed per key ({@link ChangeFeeds#netOf}). The ranges
 * themselves (backfills, schema changes, timestamps, bad ranges): {@link ChangeFeedRangesTest}.
 */
class ChangeFeedTest {
  @TempDir static Path dir;

  @BeforeAll
  static void start() {
    spark();
  }

  /**
   * The whole history again with every commit read by as many tasks as there are cores, each
   * reading a slice of its files ({@code spark.deltax.changeFeed.sliceBytes} of 1 byte), derived
   * from row tracking where it could read change data files: the same changes as delta-spark's.
   */
  private static void assertSameChangesInSlices(String oracle, String path) {
    long last = latest(path);
    List<Row> expected = ChangeFeeds.deltaChanges(oracle, 0, last);
    int wholeCommits = changes("deltax", path, 0, last, "all").rdd().getNumPartitions();
    spark().conf().set("spark.deltax.changeFeed.sliceBytes", "1");
    spark().conf().set(SessionSettings.CHANGE_FEED_READ_CHANGE_DATA.key(), "false");
    try {
      Dataset<Row> sliced = changes("deltax", path, 0, last, "all");
      assertTrue(
          sliced.rdd().getNumPartitions() > wholeCommits,
          sliced.rdd().getNumPartitions() + " tasks, " + wholeCommits + " commits");
      assertEquals(canonical(expected), rows(sliced), "all changes, commits in slices");
      // The net changes of one row-tracked commit are read as its changes, in slices too.
      int versionAt = expected.isEmpty() ? 0 : expected.get(0).fieldIndex("_commit_version");
      Map<Object, RowVersion> before = rowIdsAt(oracle, 0);
      for (long v = 1; v <= last; v++) {
        long version = v;
        List<Row> ofVersion =
            expected.stream().filter(r -> r.getLong(versionAt) == version).toList();
        Map<Object, RowVersion> after = rowIdsAt(oracle, v);
        assertEquals(
            canonical(netOf(ofVersion, before, after)),
            rows(changes("deltax", path, v, v, "net")),
            "net changes of version " + v + " alone, in slices");
        before = after;
      }
    } finally {
      spark().conf().unset("spark.deltax.changeFeed.sliceBytes");
      spark().conf().unset(SessionSettings.CHANGE_FEED_READ_CHANGE_DATA.key());
    }
  }

  private static String copyOnWrite;

  /**
   * {@link ChangeFeeds#dmlSequence} copy-on-write on a table with CDF and row tracking,
   * checkpointed every 3 commits; made once, shared by the tests that only read it.
   */
  private static String copyOnWriteTable() {
    if (copyOnWrite == null) {
      copyOnWrite =
          table(
              dir,
              "cow",
              CDF + ", " + ROW_TRACKING + ", 'delta.checkpointInterval' = '3'",
              "",
              dmlSequence());
    }
    return copyOnWrite;
  }

  /** Copy-on-write DML and a RESTORE, with checkpoints in the middle (every 3 commits). */
  @Test
  void copyOnWriteChangesMatchDeltaSpark() {
    String path = copyOnWriteTable();
    assertTrue(
        DeltaOracle.logFiles(path).stream()
            .anyMatch(f -> f.toString().endsWith(".checkpoint.parquet")));
    assertSameChanges(path, path);
    assertSameChanges(
        path, path, 3, latest(path) - 2); // the DML without the RESTORE and the UPDATE after it
    assertSameChangesInSlices(path, path);
  }

  private static String vectorTable;

  /**
   * {@link ChangeFeeds#dmlSequence} with deletion vectors, partitioned by {@code grp}; made once.
   */
  private static String deletionVectorTable() {
    if (vectorTable == null) {
      vectorTable =
          table(
              dir,
              "dv",
              CDF + ", " + ROW_TRACKING + ", " + VECTORS,
              "PARTITIONED BY (grp)",
              dmlSequence());
    }
    return vectorTable;
  }

  @Test
  void deletionVectorChangesMatchDeltaSpark() {
    String path = deletionVectorTable();
    // The DML re-added files with grown deletion vectors: deltax reads only the newly hidden rows.
    assertTrue(
        DeltaOracle.logFiles(path).stream()
            .filter(f -> f.toString().endsWith(".json"))
            .anyMatch(f -> read(f).contains("\"deletionVector\":{")),
        "a deletion vector in the log");
    assertSameChanges(path, path);
    assertSameChanges(
        path, path, 3, latest(path) - 2); // the DML without the RESTORE and the UPDATE after it
    assertSameChangesInSlices(path, path);
  }

  /**
   * Nested columns, read by batches (Spark's vectorized reader returns them too) and, with that
   * reader switched off, row by row (the change feed's fallback for schemas Spark cannot batch),
   * deletion vectors included: the same answers both ways.
   */
  @Test
  void nestedColumnsByBatchesAndByRowsMatchDeltaSpark() {
    String path = dir.resolve("nested").toString();
    sql(
        "CREATE TABLE "
            + quote(path)
            + " (id INT, grp STRING, v INT, tags ARRAY<STRING>, "
            + "point STRUCT<x: INT, y: INT>) USING delta TBLPROPERTIES ("
            + CDF
            + ", "
            + ROW_TRACKING
            + ", 'delta.enableDeletionVectors' = 'true')");
    for (String s :
        List.of(
            "INSERT INTO $T SELECT id, CAST(id % 3 AS STRING), id * 10, array(CAST(id AS STRING),"
                + " 'a'), named_struct('x', CAST(id AS INT), 'y', 1) FROM range(0, 20)",
            "UPDATE $T SET v = -v, tags = array('u'), point = named_struct('x', point.x, 'y', 2) "
                + "WHERE id % 3 = 0",
            "DELETE FROM $T WHERE id % 4 = 1",
            "UPDATE $T SET v = v + 1 WHERE id IN (2, 3)")) {
      sql(s.replace("$T", quote(path)));
    }
    org.apache.spark.sql.types.StructType schema =
        spark().read().format("deltax").load(path).schema();
    assertTrue(SparkParquet.supportsBatch(spark(), schema), "read by batches");
    assertSameChanges(path, path);
    String vectorized = "spark.sql.parquet.enableVectorizedReader";
    spark().conf().set(vectorized, "false");
    try {
      assertFalse(SparkParquet.supportsBatch(spark(), schema), "read row by row");
      assertSameChanges(path, path);
    } finally {
      spark().conf().unset(vectorized);
    }
  }

  /**
   * One field of a struct selected alone: Spark prunes the struct to it and reads it by its
   * position in the scan's schema, so the files must be read with the pruned struct (here the
   * selected field is the second, of another type than the first), with column mapping and without,
   * by batches and by rows, in both modes.
   */
  @Test
  void aStructFieldSelectedAloneIsThatField() {
    for (String mapping : List.of("none", "name")) {
      String path = dir.resolve("pruned-" + mapping).toString();
      sql(
          "CREATE TABLE "
              + quote(path)
              + " (id INT, point STRUCT<x: STRING, y: INT>) USING delta "
              + "TBLPROPERTIES ("
              + CDF
              + ", "
              + ROW_TRACKING
              + ", 'delta.columnMapping.mode' = '"
              + mapping
              + "')");
      sql(
          "INSERT INTO "
              + quote(path)
              + " SELECT CAST(id AS INT), named_struct('x', CAST(id AS STRING), "
              + "'y', CAST(id * 10 AS INT)) FROM range(0, 6)");
      sql("UPDATE " + quote(path) + " SET point = named_struct('x', 'u', 'y', -1) WHERE id = 2");
      sql("DELETE FROM " + quote(path) + " WHERE id = 4");
      for (String vectorized : List.of("true", "false")) {
        SharedSpark.withConf(
            Map.of("spark.sql.parquet.enableVectorizedReader", vectorized),
            () -> {
              String[] columns = {"point.y", "_change_type", "_commit_version"};
              assertEquals(
                  rows(changes("delta", path, 1, 3, "all").selectExpr(columns)),
                  rows(changes("deltax", path, 1, 3, "all").selectExpr(columns)),
                  mapping + ", vectorized " + vectorized);
              // net collapses the insert, update and delete of versions 1 to 3 the same whether the
              // struct is read whole or pruned.
              List<String> projected = new java.util.ArrayList<>();
              for (org.apache.spark.sql.Row r :
                  changes("deltax", path, 1, 3, "net").collectAsList()) {
                projected.add(
                    org.apache.spark.sql.RowFactory.create(
                            r.getStruct(r.fieldIndex("point")).get(1),
                            r.getAs("_change_type"),
                            r.getAs("_commit_version"))
                        .toString());
              }
              java.util.Collections.sort(projected);
              assertEquals(
                  projected,
                  rows(changes("deltax", path, 1, 3, "net").selectExpr(columns)),
                  "net, pruned");
            });
      }
      assertSameChanges(path, path, 1, 3);
    }
  }

  /**
   * The same statements on tables without CDF, copy-on-write and with deletion vectors: deltax
   * answers as delta-spark on the CDF table.
   */
  @Test
  void withoutChangeDataFeedTheSameChanges() {
    assertSameChanges(
        copyOnWriteTable(), table(dir, "twin-plain", ROW_TRACKING, "", dmlSequence()));
    assertSameChanges(
        deletionVectorTable(),
        table(
            dir,
            "twin-plain-dv",
            ROW_TRACKING + ", " + VECTORS,
            "PARTITIONED BY (grp)",
            dmlSequence()));
  }

  /**
   * Overwrites of the whole table and of a partition, rows moved between partitions (by UPDATEs
   * with deletion vectors), a DELETE of a partition and of everything.
   */
  @Test
  void overwritesAndPartitionMoves() {
    String path =
        table(
            dir,
            "overwritten",
            CDF + ", " + ROW_TRACKING + ", " + VECTORS,
            "PARTITIONED BY (grp)",
            List.of(
                "INSERT INTO $T SELECT id, CAST(id % 3 AS STRING), id * 10 FROM range(0, 10)",
                "UPDATE $T SET grp = 'moved' WHERE id % 4 = 1",
                "INSERT OVERWRITE $T SELECT id, CAST(id % 2 AS STRING), id FROM range(50, 62)",
                "INSERT OVERWRITE $T PARTITION (grp = '1') SELECT 100, 7",
                "UPDATE $T SET grp = '1', v = v + 1 WHERE id % 5 = 2",
                "DELETE FROM $T WHERE grp = '0'",
                "DELETE FROM $T",
                "INSERT INTO $T VALUES (1, 'a', 1)"));
    assertSameChanges(path, path);
  }

  /**
   * A MERGE whose clauses fire on no row still rewrites the files its matches are in, every row
   * copied. delta-spark's CDF skips it by its metrics; so does deltax, before row tracking (file
   * level, where its rows would otherwise show as deleted and inserted) and with it. (Appends
   * around it: on a table without row tracking, an UPDATE wrote change data files, read then.)
   */
  @Test
  void aMergeThatChangesNoRow() {
    String merge =
        "MERGE INTO $T t USING (SELECT CAST(id AS INT) AS id FROM range(0, 5)) s ON t.id = s.id "
            + "WHEN MATCHED AND t.v < 0 THEN UPDATE SET v = 0 "
            + "WHEN NOT MATCHED THEN INSERT (id, grp, v) VALUES (s.id, 'n', 0)";
    for (String properties : List.of(CDF, CDF + ", " + ROW_TRACKING)) {
      String path =
          table(
              dir,
              "no-op-merge-" + properties.length(),
              properties,
              "",
              List.of(
                  "INSERT INTO $T SELECT id, CAST(id % 3 AS STRING), id * 10 FROM range(0, 10)",
                  merge, "INSERT INTO $T VALUES (42, 'x', 420)"));
      assertTrue(commit(path, 2).contains("\"remove\":"), "the MERGE rewrote a file");
      assertSameChanges(path, path);
    }
  }

  /**
   * A RESTORE (file-level, see {@code ChangeRangePlanner}) that brings a file back with a smaller
   * deletion vector, then with none: only the rows the vector no longer hides are inserts, as
   * delta-spark's CDF derives them; the file's other rows are no change. (Before row tracking, the
   * same rule for a DELETE with deletion vectors: {@link ChangeFeedRangesTest}.)
   */
  @Test
  void aFileReAddedWithAnotherDeletionVector() {
    String path =
        table(
            dir,
            "re-added",
            CDF + ", " + VECTORS + ", " + ROW_TRACKING,
            "",
            List.of(
                "INSERT INTO $T SELECT id, CAST(id % 3 AS STRING), id * 10 FROM range(0, 10)",
                "DELETE FROM $T WHERE id IN (1, 6)",
                "DELETE FROM $T WHERE id IN (2, 7)",
                "RESTORE TABLE $T TO VERSION AS OF 2",
                "RESTORE TABLE $T TO VERSION AS OF 1",
                "UPDATE $T SET v = 0 WHERE id = 3"));
    String restore = commit(path, 4);
    assertTrue(
        restore.contains("\"remove\":") && restore.contains("\"deletionVector\":{"), restore);
    assertSameChanges(path, path);
  }

  /**
   * A shallow clone's files are its source's, named by absolute paths in its log; its own changes
   * after the clone are matched by row ID as any other.
   */
  @Test
  void aShallowClone() {
    String source =
        table(
            dir,
            "clone-source",
            CDF + ", " + ROW_TRACKING,
            "",
            List.of(
                "INSERT INTO $T SELECT id, CAST(id % 3 AS STRING), id * 10 FROM range(0, 10)",
                "UPDATE $T SET v = 1 WHERE id < 3"));
    String clone = dir.resolve("clone").toString();
    sql("CREATE TABLE " + quote(clone) + " SHALLOW CLONE " + quote(source));
    sql("UPDATE " + quote(clone) + " SET v = 2 WHERE id > 6");
    sql("DELETE FROM " + quote(clone) + " WHERE id = 4");
    assertTrue(commit(clone, 0).contains("\"path\":\"file:"), "absolute paths in the log");
    assertSameChanges(clone, clone);
  }

  /**
   * Where {@link #anUpdateThatBeganBeforeRowTrackingWasEnabled}'s UPDATE waits, and what it waits
   * for: static, as the UDF that waits is serialized to its task; set by the test.
   */
  private static volatile CountDownLatch updateWriting;

  private static volatile CountDownLatch rowTrackingEnabled;

  /**
   * An UPDATE that began before row tracking was enabled and committed after: delta-spark lets it
   * commit, tagged {@code delta.rowTracking.preserved = false}, its rows written without their row
   * IDs. Matched by row ID, its copied rows would look deleted and inserted; deltax reads it from
   * its change data files, as delta-spark's CDF does.
   */
  @Test
  void anUpdateThatBeganBeforeRowTrackingWasEnabled() throws Exception {
    String path =
        table(
            dir,
            "enabled-meanwhile",
            CDF + ", 'delta.feature.rowTracking' = 'supported'",
            "",
            List.of("INSERT INTO $T SELECT id, CAST(id % 3 AS STRING), id * 10 FROM range(0, 10)"));
    updateWriting = new CountDownLatch(1);
    rowTrackingEnabled = new CountDownLatch(1);
    spark()
        .udf()
        .register(
            "held_until_enabled",
            (UDF1<Integer, Integer>)
                v -> {
                  updateWriting.countDown();
                  // Bounded: should the enabling wait for this task's slot, the UPDATE goes on (and
                  // the
                  // test fails on its tag) rather than both waiting for ever.
                  rowTrackingEnabled.await(2, TimeUnit.MINUTES);
                  return v;
                },
            DataTypes.IntegerType);
    ExecutorService writer = Executors.newSingleThreadExecutor();
    try {
      Future<?> update =
          writer.submit(
              () ->
                  sql("UPDATE " + quote(path) + " SET v = held_until_enabled(v) + 1 WHERE id < 3"));
      try {
        assertTrue(updateWriting.await(2, TimeUnit.MINUTES), "the UPDATE writes its files");
        sql("ALTER TABLE " + quote(path) + " SET TBLPROPERTIES (" + ROW_TRACKING + ")");
      } finally {
        rowTrackingEnabled.countDown();
      }
      update.get(2, TimeUnit.MINUTES);
    } finally {
      writer.shutdown();
    }
    long updated = latest(path);
    String tagged = commit(path, updated);
    assertTrue(
        tagged.contains("\"delta.rowTracking.preserved\":\"false\"") && tagged.contains("\"cdc\":"),
        tagged);
    List<Row> expected =
        changes("delta", path, 0, updated, "all").drop("_commit_timestamp").collectAsList();
    assertEquals(
        canonical(expected), rows(changes("deltax", path, 0, updated, "all")), "all changes");
    assertSameChanges(path, path, updated, updated);
  }
}
