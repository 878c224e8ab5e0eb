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

import static io.deltax.it.DeltaOracle.assertSameRows;
import static io.deltax.it.DeltaOracle.canonicalRows;
import static io.deltax.it.DeltaOracle.checkpoint;
import static io.deltax.it.DeltaOracle.quote;
import static io.deltax.it.DeltaOracle.spark;
import static io.deltax.it.DeltaOracle.sql;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.deltax.conf.SessionSettings;
import io.deltax.snapshots.SnapshotCache;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.delta.DeltaLog;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The JVM's snapshot cache never serves a stale or wrong table: every read, cached or not, returns
 * delta-spark's rows for the same version, whatever another writer did between two reads.
 */
class SnapshotCacheTest {
  /** The columns compared: the data and the row tracking fields delta-spark shows. */
  private static final String[] WITH_ROW_TRACKING = {
    "*", "_metadata.row_id", "_metadata.row_commit_version"
  };

  @TempDir static Path dir;

  @BeforeAll
  static void start() {
    spark();
  }

  private static SnapshotCache.Stats stats() {
    return SnapshotCache.shared().stats();
  }

  private static String table(String name, boolean rowTracking) {
    String path = dir.resolve(name).toString();
    sql(
        "CREATE TABLE "
            + quote(path)
            + " (id INT, v INT) USING delta"
            + (rowTracking ? " TBLPROPERTIES ('delta.enableRowTracking' = 'true')" : ""));
    for (int i = 0; i < 2; i++) {
      insert(path, i * 10, 10);
    }
    return path;
  }

  private static void insert(String path, int from, int rows) {
    sql(
        "INSERT INTO "
            + quote(path)
            + " SELECT CAST(id AS INT), CAST(id * 10 AS INT) FROM range("
            + from
            + ", "
            + (from + rows)
            + ")");
  }

  private static long version(String path) {
    return spark()
        .sql("DESCRIBE HISTORY " + quote(path))
        .selectExpr("max(version)")
        .first()
        .getLong(0);
  }

  /** deltax's rows (with row tracking fields) against delta-spark's, at the latest version. */
  private static void assertSameAsDeltaSpark(String path, String... columns) {
    assertSame(
        spark().read().format("delta").load(path).select(cols(columns)),
        spark().read().format("deltax").load(path).select(cols(columns)));
  }

  private static void assertSameAtVersion(String path, long version, String... columns) {
    assertSame(
        spark()
            .read()
            .format("delta")
            .option("versionAsOf", version)
            .load(path)
            .select(cols(columns)),
        spark()
            .read()
            .format("deltax")
            .option("versionAsOf", version)
            .load(path)
            .select(cols(columns)));
  }

  /**
   * The same rows; the same schema too where no {@code _metadata} field (whose field metadata
   * differs) is in it.
   */
  private static void assertSame(Dataset<Row> expected, Dataset<Row> actual) {
    if (Stream.of(expected.columns()).anyMatch(c -> c.startsWith("row_"))) {
      assertEquals(canonicalRows(expected), canonicalRows(actual), "rows");
    } else {
      assertSameRows(expected, actual);
    }
  }

  private static org.apache.spark.sql.Column[] cols(String... names) {
    return Stream.of(names)
        .map(org.apache.spark.sql.functions::col)
        .toArray(org.apache.spark.sql.Column[]::new);
  }

  @Test
  void everyWriteOfAnotherWriterIsSeenAndAppliedIncrementally() {
    String path = table("other-writer", true);
    assertSameAsDeltaSpark(path, WITH_ROW_TRACKING);

    List<Runnable> writes =
        List.of(
            () -> insert(path, 100, 5),
            () -> sql("UPDATE " + quote(path) + " SET v = -v WHERE id % 3 = 0"),
            () -> sql("DELETE FROM " + quote(path) + " WHERE id = 7"),
            () -> sql("OPTIMIZE " + quote(path)),
            () -> checkpoint(path),
            () -> insert(path, 200, 3));
    for (Runnable write : writes) {
      write.run();
      SnapshotCache.Stats before = stats();
      assertSameAsDeltaSpark(path, WITH_ROW_TRACKING);
      SnapshotCache.Stats after = stats();
      assertEquals(before.fullLoads(), after.fullLoads(), "only new commits are read");
    }
    for (long v = 0; v <= version(path); v++) {
      assertSameAtVersion(path, v, WITH_ROW_TRACKING);
    }
    // Time travel kept the latest snapshot: it is still served, unchanged.
    SnapshotCache.Stats before = stats();
    assertSameAsDeltaSpark(path, WITH_ROW_TRACKING);
    assertEquals(before.fullLoads(), stats().fullLoads());
    assertEquals(before.incrementalLoads(), stats().incrementalLoads());
  }

  /**
   * Filtered queries after each write skip files by statistics kept across the commits (a snapshot
   * advanced by a commit takes over the bounds of the files it left alone) and still return
   * delta-spark's rows: files rewritten by UPDATE and OPTIMIZE, new metadata.
   */
  @Test
  void filteredQueriesAfterEachWriteReturnDeltaSparksRows() {
    String path = table("filtered", false);
    insert(path, 20, 10);
    List<String> filters =
        List.of("v = 50", "v > 150", "id < 5 OR v >= 2000", "v BETWEEN 95 AND 215");
    List<Runnable> writes =
        List.of(
            () -> insert(path, 200, 10),
            () -> sql("UPDATE " + quote(path) + " SET v = v + 1000 WHERE id < 10"),
            () -> sql("DELETE FROM " + quote(path) + " WHERE id = 25"),
            () -> sql("OPTIMIZE " + quote(path)),
            () -> sql("ALTER TABLE " + quote(path) + " SET TBLPROPERTIES ('deltax.test' = 'x')"),
            () -> insert(path, 300, 10));
    for (String filter : filters) {
      assertSameRows(
          spark().read().format("delta").load(path).where(filter),
          spark().read().format("deltax").load(path).where(filter));
    }
    for (Runnable write : writes) {
      write.run();
      for (String filter : filters) {
        assertSameRows(
            spark().read().format("delta").load(path).where(filter),
            spark().read().format("deltax").load(path).where(filter));
      }
    }
  }

  @Test
  void aTableDeletedAndRecreatedAtTheSamePathIsNotServedFromTheCache() throws IOException {
    String path = table("recreated", false);
    insert(path, 50, 20); // the old table is ahead of the new one's versions
    assertSameAsDeltaSpark(path, "*");

    deleteRecursively(Path.of(path));
    DeltaLog.clearCache();
    sql("CREATE TABLE " + quote(path) + " (id INT, v INT, w STRING) USING delta");
    for (int i = 0; i < 4; i++) {
      insert2(path, i);
    }

    assertSameAsDeltaSpark(path, "*");
    assertEquals(4, spark().read().format("deltax").load(path).count());
  }

  private static void insert2(String path, int i) {
    sql("INSERT INTO " + quote(path) + " VALUES (" + i + ", " + i + ", 'w" + i + "')");
  }

  @Test
  void aBackfillInTheSameJvmIsSeenByTheNextRead() {
    String path = table("backfilled", false);
    assertSameAsDeltaSpark(path, "*");

    spark().sql("CALL backfill_row_tracking(table => '" + path + "')").collect();

    assertSameAsDeltaSpark(path, WITH_ROW_TRACKING);
    // row_data_version is deltax's own (RowDataVersionTest checks it against delta-spark's
    // history): the cached answer is the one a read without the cache gives.
    List<String> cached =
        canonicalRows(
            spark()
                .read()
                .format("deltax")
                .load(path)
                .select(cols("id", "_metadata.row_data_version")));
    List<String> uncached =
        SharedSpark.withConf(
            Map.of(SessionSettings.SNAPSHOT_CACHE_ENABLED.key(), "false"),
            () ->
                canonicalRows(
                    spark()
                        .read()
                        .format("deltax")
                        .load(path)
                        .select(cols("id", "_metadata.row_data_version"))));
    assertEquals(uncached, cached);
  }

  @Test
  void aLogCleanedUpPastTheCachedVersionIsLoadedAgain() throws IOException {
    String path = table("cleaned", false);
    assertSameAsDeltaSpark(path, "*");
    SnapshotCache.Stats before = stats();
    insert(path, 100, 5);
    insert(path, 200, 5);
    checkpoint(path);
    insert(path, 300, 5);
    long keep = version(path) - 1;
    try (Stream<Path> files = Files.list(Path.of(path, "_delta_log"))) {
      for (Path f : files.toList()) {
        String name = f.getFileName().toString();
        if (name.matches("\\d{20}\\.(json|crc)") && Long.parseLong(name.substring(0, 20)) < keep) {
          Files.delete(f);
        }
      }
    }
    DeltaLog.clearCache();

    assertSameAsDeltaSpark(path, "*");
    assertEquals(before.fullLoads() + 1, stats().fullLoads());
  }

  @Test
  void aQueryKeepsTheVersionItWasPlannedAtWhileACommitLands() {
    String path = table("planned", false);
    long planned = version(path);
    Dataset<Row> query = spark().read().format("deltax").load(path).where("id % 2 = 0");
    query.queryExecution().optimizedPlan(); // planned now

    insert(path, 100, 10);

    assertSameRows(
        spark()
            .read()
            .format("delta")
            .option("versionAsOf", planned)
            .load(path)
            .where("id % 2 = 0"),
        query);
    assertSameAsDeltaSpark(path, "*");
  }

  @Test
  void readersRunningWhileAWriterCommitsEachSeeACommittedVersion() throws Exception {
    String path = table("concurrent", false);
    long first = version(path);
    AtomicBoolean writing = new AtomicBoolean(true);
    ExecutorService readers = Executors.newFixedThreadPool(3);
    List<Future<List<List<String>>>> answers = new ArrayList<>();
    for (int t = 0; t < 3; t++) {
      answers.add(
          readers.submit(
              () -> {
                List<List<String>> seen = new ArrayList<>();
                do {
                  seen.add(canonicalRows(spark().read().format("deltax").load(path)));
                } while (writing.get());
                return seen;
              }));
    }
    try {
      for (int i = 0; i < 3; i++) {
        insert(path, 100 + i * 10, 3);
      }
    } finally {
      writing.set(false);
      readers.shutdown();
    }
    Map<List<String>, Long> versions = new HashMap<>();
    for (long v = first; v <= version(path); v++) {
      versions.put(
          canonicalRows(spark().read().format("delta").option("versionAsOf", v).load(path)), v);
    }
    int reads = 0;
    for (Future<List<List<String>>> answer : answers) {
      for (List<String> rows : answer.get()) {
        assertTrue(versions.containsKey(rows), "a read returned no committed version: " + rows);
        reads++;
      }
    }
    assertTrue(reads >= 3);
    assertSameAsDeltaSpark(path, "*");
  }

  @Test
  void withinTheStalenessBoundAReadMaySkipTheListing() {
    String path = table("stale", false);
    long cached = version(path);
    SharedSpark.withConf(
        Map.of(SessionSettings.SNAPSHOT_STALENESS.key(), "1h"),
        () -> {
          assertSameAsDeltaSpark(path, "*");
          insert(path, 100, 5);
          // Served from the cache without listing: the version cached, exactly as delta-spark has
          // it.
          assertSameRows(
              spark().read().format("delta").option("versionAsOf", cached).load(path),
              spark().read().format("deltax").load(path));
        });
    assertSameAsDeltaSpark(path, "*");
  }

  @Test
  void withTheCacheTurnedOffEveryReadIsLoadedAfresh() {
    String path = table("uncached", false);
    SharedSpark.withConf(
        Map.of(SessionSettings.SNAPSHOT_CACHE_ENABLED.key(), "false"),
        () -> {
          SnapshotCache.Stats before = stats();
          assertSameAsDeltaSpark(path, "*");
          insert(path, 100, 5);
          assertSameAsDeltaSpark(path, "*");
          assertSameAtVersion(path, 1, "*");
          assertEquals(before, stats());
          assertTrue(
              SnapshotCache.shared().tables().stream().noneMatch(t -> t.endsWith("/uncached")));
        });
  }

  private static void deleteRecursively(Path path) throws IOException {
    try (Stream<Path> all = Files.walk(path)) {
      for (Path p : all.sorted(java.util.Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    }
  }
}
