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

import static io.deltax.errors.DeltaXErrorCondition.DELTAX_STREAM_SCHEMA_CHANGED;
import static io.deltax.errors.DeltaXErrorCondition.DELTAX_STREAM_VERSIONS_MISSING;
import static io.deltax.it.DeltaOracle.assertSameRows;
import static io.deltax.it.DeltaOracle.canonicalRows;
import static io.deltax.it.DeltaOracle.spark;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.deltax.errors.DeltaXThrowable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.api.java.function.VoidFunction2;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.delta.DeltaLog;
import org.apache.spark.sql.streaming.StreamingQuery;
import org.apache.spark.sql.streaming.Trigger;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code readChangeFeed} streams: deltax's (derived from row tracking) against delta-spark's change
 * data feed stream on the same table, which has both enabled, after each AvailableNow run.
 */
class ChangeFeedStreamTest {
  private static final String[] COLUMNS = {"id", "v", "_change_type", "_commit_version"};
  private static final String ROW_TRACKING_AND_CDF[] = {
    "'delta.enableRowTracking' = 'true'", "'delta.enableChangeDataFeed' = 'true'"
  };

  private static final Map<String, String> FROM_1 =
      Map.of("readChangeFeed", "true", "startingVersion", "1");

  @TempDir static Path dir;

  @BeforeAll
  static void start() {
    spark();
  }

  /**
   * One AvailableNow run of each stream into its sink {@code name-delta} / {@code name-deltax}; the
   * sinks agree.
   */
  private static void runBoth(String table, String name, Map<String, String> options) {
    Streams.runInto(stream("delta", table, options), dir.resolve(name + "-delta"));
    Streams.runInto(stream("deltax", table, options), dir.resolve(name + "-deltax"));
    assertSameRows(
        Streams.sink(dir.resolve(name + "-delta")), Streams.sink(dir.resolve(name + "-deltax")));
  }

  private static Dataset<Row> stream(String format, String table, Map<String, String> options) {
    return Streams.stream(format, table, options)
        .select(COLUMNS[0], COLUMNS[1], COLUMNS[2], COLUMNS[3]);
  }

  @Test
  void changesCommitByCommitAsDeltaSparkChangeDataFeed() {
    String table = Streams.create(dir, "cdf", "id INT, v STRING", ROW_TRACKING_AND_CDF);
    Streams.write(
        table,
        "INSERT INTO $T VALUES (1, 'a'), (2, 'b'), (3, 'c')",
        "INSERT INTO $T VALUES (4, 'd')");
    runBoth(table, "cdf", FROM_1);
    Streams.write(
        table,
        "UPDATE $T SET v = 'B' WHERE id = 2",
        "DELETE FROM $T WHERE id = 3",
        "OPTIMIZE $T",
        "INSERT INTO $T VALUES (5, 'e')");
    runBoth(table, "cdf", FROM_1);
    assertTrue(Streams.count(dir.resolve("cdf-deltax")) >= 8);
  }

  /**
   * Before row tracking, the stream reads the commits' change data files (an UPDATE shows its
   * changed rows only), after it matches rows by row ID; the enablement's commits show nothing.
   */
  @Test
  void changeDataFilesBeforeRowTrackingAsDeltaSparkStream() {
    String table = Streams.create(dir, "recorded", "id INT, v STRING", ROW_TRACKING_AND_CDF[1]);
    Streams.write(
        table,
        "INSERT INTO $T VALUES (1, 'a'), (2, 'b'), (3, 'c')",
        "UPDATE $T SET v = 'B' WHERE id = 2",
        "DELETE FROM $T WHERE id = 3",
        "ALTER TABLE $T SET TBLPROPERTIES (" + ROW_TRACKING_AND_CDF[0] + ")",
        "UPDATE $T SET v = 'A' WHERE id = 1");
    runBoth(table, "recorded", FROM_1);
    assertEquals(
        8,
        Streams.count(dir.resolve("recorded-deltax")),
        "3 inserts, an update's two images, a delete, nothing for the enablement, an update's two"
            + " images");
  }

  /**
   * A run of a stream that resumes from its checkpoint opens no commit before its offset: the
   * table's change feed range from {@code startingVersion} is not read at the query's start (only
   * its bounds and end snapshot, here from the checkpoint at the offset), the stream reads its
   * micro-batches' commits itself, and each new commit is opened a few times, not once per snapshot
   * a batch plans with. Both runs agree with delta-spark's stream.
   */
  @Test
  void aResumedStreamOpensNoCommitBeforeItsOffset() {
    String table =
        Streams.create(
            dir,
            "resumed",
            "id INT, v STRING",
            ROW_TRACKING_AND_CDF[0],
            ROW_TRACKING_AND_CDF[1],
            "'delta.checkpointInterval' = '4'");
    Streams.insertEach(table, 1, 12);
    assertTrue(
        java.nio.file.Files.exists(
            Path.of(table, "_delta_log", "00000000000000000012.checkpoint.parquet")),
        "delta-spark checkpoints version 12, where the first run stops");
    Map<String, String> options = new LinkedHashMap<>(FROM_1);
    options.put(
        "fs." + CommitOpensFileSystem.SCHEME + ".impl", CommitOpensFileSystem.class.getName());
    options.put("fs." + CommitOpensFileSystem.SCHEME + ".impl.disable.cache", "true");
    String counted = CommitOpensFileSystem.SCHEME + ":" + table;
    for (int run = 1; run <= 2; run++) {
      if (run == 2) {
        Streams.insertEach(table, 13, 14);
      }
      CommitOpensFileSystem.reset();
      Streams.runInto(stream("deltax", counted, options), dir.resolve("resumed-deltax"));
      List<Long> opened = CommitOpensFileSystem.opened();
      Streams.runInto(stream("delta", table, FROM_1), dir.resolve("resumed-delta"));
      assertSameRows(
          Streams.sink(dir.resolve("resumed-delta")), Streams.sink(dir.resolve("resumed-deltax")));
      if (run == 1) {
        assertTrue(
            opened.containsAll(List.of(1L, 12L)),
            "the first run reads versions 1 to 12: " + opened);
      } else {
        assertTrue(
            opened.containsAll(List.of(13L, 14L)), "the second run reads its commits: " + opened);
        assertTrue(
            opened.stream().allMatch(v -> v >= 13), "no commit before the offset (13): " + opened);
        // Once by the snapshot cache's refresh, once by the stream, once for the row data version
        // map's backfill check: not replayed again for each batch's end snapshot.
        for (long v = 13; v <= 14; v++) {
          assertTrue(Collections.frequency(opened, v) <= 3, "commit " + v + " opened: " + opened);
        }
      }
    }
    assertEquals(14, Streams.count(dir.resolve("resumed-deltax")));
  }

  /**
   * A stream from {@code startingVersion} 1, restarted after log clean-up removed the commits
   * before a checkpoint past its offset: it goes on from its offset, the start it was given no
   * longer mattering, and its sink holds delta-spark's change feed of versions 1 to 5 as read
   * before the clean-up. (delta-spark 4.3.1's stream looks at its start again and fails:
   * DELTA_VERSION_NOT_FOUND.) A new query from version 1 is refused by both.
   */
  @Test
  void aStreamResumesAfterCleanUpRemovedItsStartingVersion() throws Exception {
    String table =
        Streams.create(
            dir,
            "cleaned",
            "id INT, v STRING",
            ROW_TRACKING_AND_CDF[0],
            ROW_TRACKING_AND_CDF[1],
            "'delta.checkpointInterval' = '3'");
    Streams.insertEach(table, 1, 2);
    runBoth(table, "cleaned", FROM_1);
    Streams.insertEach(table, 3, 4);
    Streams.write(table, "UPDATE $T SET v = 'x' WHERE id = 1");
    List<String> expected =
        canonicalRows(
            spark()
                .read()
                .format("delta")
                .options(FROM_1)
                .load(table)
                .select(COLUMNS[0], COLUMNS[1], COLUMNS[2], COLUMNS[3]));
    Path log = Path.of(table, "_delta_log");
    assertTrue(
        java.nio.file.Files.exists(log.resolve(String.format("%020d.checkpoint.parquet", 3))));
    io.deltax.it.DeltaOracle.deleteCommits(table, 0, 2);
    Streams.runInto(stream("deltax", table, FROM_1), dir.resolve("cleaned-deltax"));
    assertEquals(6, expected.size(), "4 inserts, an update's two images");
    assertEquals(expected, canonicalRows(Streams.sink(dir.resolve("cleaned-deltax"))));
    DeltaXThrowable cause =
        Streams.bothFail(
            table, dir.resolve("cleaned-new-delta"), dir.resolve("cleaned-new-deltax"), FROM_1);
    assertEquals(DELTAX_STREAM_VERSIONS_MISSING, cause.condition());
  }

  /**
   * Without startingVersion or startingTimestamp, both streams begin with the table's snapshot as
   * inserts at its version, then the changes of later commits.
   */
  @Test
  void withoutAStartTheSnapshotComesFirstAsInsertsAsDeltaSpark() {
    String table = Streams.create(dir, "snapshot", "id INT, v STRING", ROW_TRACKING_AND_CDF);
    Streams.write(
        table,
        "INSERT INTO $T VALUES (1, 'a'), (2, 'b')",
        "INSERT INTO $T VALUES (3, 'c')",
        "UPDATE $T SET v = 'a1' WHERE id = 1");
    Map<String, String> noStart = Map.of("readChangeFeed", "true");
    runBoth(table, "snapshot", noStart);
    assertEquals(3, Streams.count(dir.resolve("snapshot-deltax")), "the snapshot's rows");
    Streams.write(table, "UPDATE $T SET v = 'b1' WHERE id = 2", "INSERT INTO $T VALUES (4, 'd')");
    runBoth(table, "snapshot", noStart);
    assertEquals(6, Streams.count(dir.resolve("snapshot-deltax")), "then the changes");
  }

  /**
   * {@code excludeRegex} leaves out the files whose path it finds, in the snapshot and in later
   * commits (added, removed and change data files), as delta-spark's change data feed stream.
   */
  @Test
  void excludeRegexAsDeltaSpark() {
    String table = dir.resolve("exclude").toString();
    Streams.write(
        table,
        "CREATE TABLE $T (id INT, v STRING, p INT) USING delta PARTITIONED BY (p) "
            + "TBLPROPERTIES ("
            + String.join(", ", ROW_TRACKING_AND_CDF)
            + ")",
        "INSERT INTO $T VALUES (1, 'a', 1), (2, 'b', 2)");
    Map<String, String> excluding = Map.of("readChangeFeed", "true", "excludeRegex", "p=2/");
    runBoth(table, "exclude", excluding);
    assertEquals(1, Streams.count(dir.resolve("exclude-deltax")), "the snapshot without p=2");
    Streams.write(
        table,
        "UPDATE $T SET v = 'a1' WHERE id = 1",
        "UPDATE $T SET v = 'b1' WHERE id = 2",
        "INSERT INTO $T VALUES (3, 'c', 2), (4, 'd', 1)");
    runBoth(table, "exclude", excluding);
    assertEquals(4, Streams.count(dir.resolve("exclude-deltax")), "then p=1's update and insert");
  }

  /**
   * Without a start, the snapshot's rows take its version's commit time made increasing over the
   * commits before it, as delta-spark's stream gives them: here its commit file is a second older
   * than the one before (commits of one second on a store with one-second times look alike).
   */
  @Test
  void theSnapshotsCommitTimestampIsMadeIncreasingAsDeltaSpark() throws Exception {
    String table = Streams.create(dir, "snapshot-time", "id INT, v STRING", ROW_TRACKING_AND_CDF);
    Streams.insertEach(table, 1, 2);
    Path log = Path.of(table, "_delta_log");
    FileTime before = Files.getLastModifiedTime(log.resolve(String.format("%020d.json", 1)));
    Files.setLastModifiedTime(
        log.resolve(String.format("%020d.json", 2)), FileTime.fromMillis(before.toMillis() - 1000));
    DeltaLog.clearCache();
    Map<String, String> noStart = Map.of("readChangeFeed", "true");
    List<String> times = new ArrayList<>();
    for (String format : List.of("delta", "deltax")) {
      Path out = dir.resolve("snapshot-time-" + format);
      Streams.runInto(
          Streams.stream(format, table, noStart)
              .select("id", "_commit_version", "_commit_timestamp"),
          out);
      times.add(canonicalRows(Streams.sink(out)).toString());
    }
    assertTrue(
        times.get(0).contains(String.valueOf(new Timestamp(before.toMillis() + 1))),
        "delta-spark's time is a millisecond after commit 1's: " + times.get(0));
    assertEquals(times.get(0), times.get(1));
  }

  /**
   * Without a start and with {@code maxFilesPerTrigger = 2}, the snapshot's five files come two per
   * batch, in delta-spark's order: the same batches as delta-spark's change data feed stream. Then
   * the commits after it.
   */
  @Test
  void theSnapshotInBatchesOfMaxFilesPerTriggerAsDeltaSpark() throws Exception {
    String table = Streams.create(dir, "paged", "id INT, v STRING", ROW_TRACKING_AND_CDF);
    Streams.insertEach(table, 1, 5);
    Map<String, String> paged = Map.of("readChangeFeed", "true", "maxFilesPerTrigger", "2");
    List<List<String>> deltaxBatches = canonicalBatches("deltax", table, "paged-deltax", paged);
    assertEquals(
        canonicalBatches("delta", table, "paged-delta", paged),
        deltaxBatches,
        "the snapshot's batches");
    assertEquals(3, deltaxBatches.size(), "five files, two per batch: " + deltaxBatches);
    Streams.write(table, "UPDATE $T SET v = 'x' WHERE id = 2", "INSERT INTO $T VALUES (6, 'f')");
    // Commits are whole in a batch, and their files are counted as README says, not as
    // delta-spark counts its change data files: compare the rows, not the batches.
    assertEquals(
        flat(canonicalBatches("delta", table, "paged-delta", paged)),
        flat(canonicalBatches("deltax", table, "paged-deltax", paged)),
        "the commits after it");
  }

  /**
   * A column added while the query was stopped, after commits it has not read: restarted with one
   * file per batch, the batches of those commits come before the change and read the new column as
   * null, as delta-spark's change data feed stream gives them.
   */
  @Test
  void aColumnAddedWhileStoppedReadsAsNullInTheBatchesBeforeIt() throws Exception {
    String table = Streams.create(dir, "added", "id INT, v STRING", ROW_TRACKING_AND_CDF);
    Streams.insertEach(table, 1, 1);
    Map<String, String> oneFile =
        Map.of("readChangeFeed", "true", "startingVersion", "1", "maxFilesPerTrigger", "1");
    Streams.run("delta", table, dir.resolve("added-delta"), oneFile);
    Streams.run("deltax", table, dir.resolve("added-deltax"), oneFile);
    Streams.write(
        table,
        "INSERT INTO $T VALUES (2, 'v2')",
        "UPDATE $T SET v = 'x' WHERE id = 1",
        "ALTER TABLE $T ADD COLUMNS (w STRING)",
        "INSERT INTO $T VALUES (3, 'v3', 'w3')");
    Streams.run("delta", table, dir.resolve("added-delta"), oneFile);
    Streams.run("deltax", table, dir.resolve("added-deltax"), oneFile);
    String schema = "id INT, v STRING, w STRING, _change_type STRING, _commit_version BIGINT";
    Dataset<Row> expected = Streams.sink(dir.resolve("added-delta"), schema);
    assertEquals(5, expected.count(), "three inserts, an update's two images");
    assertSameRows(expected, Streams.sink(dir.resolve("added-deltax"), schema));
  }

  /**
   * A column widened from SMALLINT to INT ({@code delta.enableTypeWidening}) under running change
   * feed queries: both fail, deltax's naming the old and the new schema; restarted, both read on
   * with the new type, an update of a row written before the change included.
   */
  @Test
  void typeWideningFailsARunningQueryAndPassesARestart() throws Exception {
    String table =
        Streams.create(
            dir,
            "widened",
            "id INT, n SMALLINT",
            ROW_TRACKING_AND_CDF[0],
            ROW_TRACKING_AND_CDF[1],
            "'delta.enableTypeWidening' = 'true'");
    Streams.write(table, "INSERT INTO $T VALUES (1, 1), (2, 2)");
    Map<String, StreamingQuery> queries = Streams.startBoth(table, dir, "widened", FROM_1);
    Streams.write(
        table,
        "ALTER TABLE $T CHANGE COLUMN n TYPE INT",
        "UPDATE $T SET n = 100000 WHERE id = 1",
        "INSERT INTO $T VALUES (3, 70000)");
    DeltaXThrowable cause = Streams.bothRunningFail(queries);
    assertEquals(DELTAX_STREAM_SCHEMA_CHANGED, cause.condition());
    assertTrue(
        cause.getMessage().contains("n SMALLINT") && cause.getMessage().contains("n INT"),
        cause.getMessage());

    Streams.run("delta", table, dir.resolve("widened-delta"), FROM_1);
    Streams.run("deltax", table, dir.resolve("widened-deltax"), FROM_1);
    // The sinks hold files of both types: read them as the wider one.
    String schema = "id INT, n INT, _change_type STRING, _commit_version BIGINT";
    Dataset<Row> expected = Streams.sink(dir.resolve("widened-delta"), schema);
    assertEquals(5, expected.count(), "two inserts, an update's two images, an insert");
    assertSameRows(expected, Streams.sink(dir.resolve("widened-deltax"), schema));
  }

  /**
   * {@code maxBytesPerTrigger} of one byte: a file per batch in the snapshot, then a commit per
   * batch (each adds one file), the same batches as delta-spark's change data feed stream.
   */
  @Test
  void maxBytesPerTriggerAsDeltaSpark() throws Exception {
    String table = Streams.create(dir, "bytes", "id INT, v STRING", ROW_TRACKING_AND_CDF);
    Streams.insertEach(table, 1, 3);
    Map<String, String> limited = Map.of("readChangeFeed", "true", "maxBytesPerTrigger", "1");
    List<List<String>> deltaxBatches = canonicalBatches("deltax", table, "bytes-deltax", limited);
    assertEquals(
        canonicalBatches("delta", table, "bytes-delta", limited),
        deltaxBatches,
        "the snapshot's batches");
    assertEquals(3, deltaxBatches.size(), "a file per batch: " + deltaxBatches);
    Streams.insertEach(table, 4, 6);
    deltaxBatches = canonicalBatches("deltax", table, "bytes-deltax", limited);
    assertEquals(
        canonicalBatches("delta", table, "bytes-delta", limited),
        deltaxBatches,
        "the commits' batches");
    assertEquals(3, deltaxBatches.size(), "a commit per batch: " + deltaxBatches);
  }

  /**
   * Each batch's progress reports the files and bytes still to read (delta-spark 4.3's streams
   * report none): on a table of appends, one file a commit, {@code maxFilesPerTrigger = 1}, after
   * the batch of id k the files of the ids above k, their sizes as delta-spark's {@code
   * _metadata.file_size} gives them; the same as deltax's plain stream reports. Where more commits
   * than {@code spark.deltax.stream.metricsMaxCommits} are to be read for them, they are left out.
   */
  @Test
  void progressReportsWhatIsOutstanding() {
    String table = Streams.create(dir, "outstanding", "id INT, v STRING", ROW_TRACKING_AND_CDF);
    Streams.insertEach(table, 1, 4);
    Map<Integer, Long> sizes = new java.util.TreeMap<>();
    for (Row r :
        spark()
            .read()
            .format("delta")
            .load(table)
            .select("id", "_metadata.file_size")
            .collectAsList()) {
      sizes.put(r.getInt(0), r.getLong(1));
    }
    List<String> expected = new ArrayList<>();
    for (int k = 1; k <= 4; k++) {
      final int read = k;
      expected.add(
          (4 - k)
              + " files, "
              + sizes.entrySet().stream()
                  .filter(e -> e.getKey() > read)
                  .mapToLong(Map.Entry::getValue)
                  .sum()
              + " bytes");
    }
    Map<String, String> appends = Map.of("startingVersion", "1", "maxFilesPerTrigger", "1");
    Map<String, String> changes = new LinkedHashMap<>(appends);
    changes.put("readChangeFeed", "true");
    assertEquals(
        expected, outstanding(table, "outstanding-changes", changes), "the change feed stream");
    assertEquals(expected, outstanding(table, "outstanding-appends", appends), "the plain stream");
    // At most two commits read to count them: after the batch of id 1, three are outstanding and
    // the counts are left out.
    spark().conf().set("spark.deltax.stream.metricsMaxCommits", "2");
    try {
      List<String> limited =
          List.of("null files, null bytes", expected.get(1), expected.get(2), expected.get(3));
      assertEquals(
          limited, outstanding(table, "outstanding-changes-2", changes), "the change feed stream");
      assertEquals(
          limited, outstanding(table, "outstanding-appends-2", appends), "the plain stream");
      spark().conf().set("spark.deltax.stream.metricsMaxCommits", "-1");
      RuntimeException e =
          assertThrows(
              RuntimeException.class, () -> outstanding(table, "outstanding-bad", appends));
      assertTrue(
          Streams.deltaxCause(e).getMessage().contains("spark.deltax.stream.metricsMaxCommits"),
          e.toString());
    } finally {
      spark().conf().unset("spark.deltax.stream.metricsMaxCommits");
    }
  }

  /**
   * Per batch with rows of a deltax stream: the files and bytes outstanding its progress reports.
   */
  private static List<String> outstanding(String table, String name, Map<String, String> options) {
    List<String> result = new ArrayList<>();
    for (var progress : Streams.run("deltax", table, dir.resolve(name), options).recentProgress()) {
      if (progress.numInputRows() > 0) {
        Map<String, String> metrics = progress.sources()[0].metrics();
        result.add(
            metrics.get("numFilesOutstanding")
                + " files, "
                + metrics.get("numBytesOutstanding")
                + " bytes");
      }
    }
    return result;
  }

  /**
   * {@code changeMode = net}: each of deltax's micro-batches holds one entry per row for the
   * batch's commits, which is delta-spark's change data feed stream of the same commits collapsed
   * per key (the table's {@code id}). One AvailableNow run after each group of writes makes one
   * batch on both sides.
   */
  @Test
  void netChangesPerMicroBatchAsDeltaSparkCollapsedPerKey() throws Exception {
    String table = Streams.create(dir, "net", "id INT, v STRING", ROW_TRACKING_AND_CDF);
    Streams.write(table, "INSERT INTO $T VALUES (1, 'a'), (2, 'b'), (3, 'c')");
    List<String[]> writes =
        List.of(
            new String[] {"UPDATE $T SET v = 'a1' WHERE id = 1", "INSERT INTO $T VALUES (4, 'd')"},
            new String[] {
              "UPDATE $T SET v = 'b1' WHERE id = 2",
              "UPDATE $T SET v = 'b2' WHERE id = 2",
              "DELETE FROM $T WHERE id = 3",
              "INSERT INTO $T VALUES (5, 'e')",
              "UPDATE $T SET v = 'e1' WHERE id = 5",
              "INSERT INTO $T VALUES (6, 'f')",
              "DELETE FROM $T WHERE id = 6",
              "UPDATE $T SET v = 'd1' WHERE id = 4",
              "DELETE FROM $T WHERE id = 4"
            });
    Map<String, String> net =
        Map.of("readChangeFeed", "true", "startingVersion", "1", "changeMode", "net");
    for (int run = 0; run <= writes.size(); run++) {
      if (run > 0) {
        Streams.write(table, writes.get(run - 1));
      }
      List<List<Row>> deltaBatches = batches("delta", table, "net-delta", FROM_1);
      List<List<Row>> deltaxBatches = batches("deltax", table, "net-deltax", net);
      assertEquals(1, deltaBatches.size(), "one batch a run");
      assertEquals(1, deltaxBatches.size(), "one batch a run");
      assertEquals(
          collapsedPerKey(deltaBatches.get(0)), canonical(deltaxBatches.get(0)), "run " + run);
    }
  }

  /** The non-empty micro-batches of one AvailableNow run, each as its rows. */
  private static List<List<Row>> batches(
      String format, String table, String name, Map<String, String> options) throws Exception {
    List<List<Row>> batches = Collections.synchronizedList(new ArrayList<>());
    VoidFunction2<Dataset<Row>, Long> collect =
        (batch, id) -> {
          List<Row> rows = batch.collectAsList();
          if (!rows.isEmpty()) {
            batches.add(rows);
          }
        };
    stream(format, table, options)
        .writeStream()
        .foreachBatch(collect)
        .option("checkpointLocation", dir.resolve(name).toString())
        .trigger(Trigger.AvailableNow())
        .start()
        .awaitTermination();
    return batches;
  }

  private static List<String> flat(List<List<String>> batches) {
    List<String> rows = new ArrayList<>();
    batches.forEach(rows::addAll);
    Collections.sort(rows);
    return rows;
  }

  /** The non-empty micro-batches of one AvailableNow run, each as its sorted rows. */
  private static List<List<String>> canonicalBatches(
      String format, String table, String name, Map<String, String> options) throws Exception {
    List<List<String>> result = new ArrayList<>();
    batches(format, table, name, options).forEach(b -> result.add(canonical(b)));
    return result;
  }

  /**
   * delta-spark's changes of one batch, collapsed per id as a net change feed does: inserted (then
   * updated), the insert with the last values; inserted then deleted, nothing; there before and
   * deleted, the delete with the values before; there before and updated, the first pre-image and
   * the last post-image. Each entry keeps its change's commit version (a delete's: the deleting
   * one).
   */
  private static List<String> collapsedPerKey(List<Row> changes) {
    Map<Integer, List<Row>> byId = new LinkedHashMap<>();
    for (Row r : changes) {
      byId.computeIfAbsent(r.getInt(0), k -> new ArrayList<>()).add(r);
    }
    List<String> result = new ArrayList<>();
    for (List<Row> rows : byId.values()) {
      rows.sort(
          Comparator.comparingLong((Row r) -> r.getLong(3))
              .thenComparing(r -> order(r.getString(2))));
      Row first = rows.get(0);
      Row last = rows.get(rows.size() - 1);
      boolean before = !first.getString(2).equals("insert");
      boolean after = !last.getString(2).equals("delete");
      if (!before && after) {
        result.add(text(last.getInt(0), last.getString(1), "insert", last.getLong(3)));
      } else if (before && !after) {
        result.add(text(first.getInt(0), first.getString(1), "delete", last.getLong(3)));
      } else if (before) {
        result.add(text(first.getInt(0), first.getString(1), first.getString(2), first.getLong(3)));
        result.add(text(last.getInt(0), last.getString(1), last.getString(2), last.getLong(3)));
      }
    }
    Collections.sort(result);
    return result;
  }

  private static int order(String changeType) {
    return changeType.equals("update_preimage") ? 0 : changeType.equals("update_postimage") ? 1 : 2;
  }

  private static List<String> canonical(List<Row> rows) {
    List<String> result = new ArrayList<>();
    for (Row r : rows) {
      result.add(text(r.getInt(0), r.getString(1), r.getString(2), r.getLong(3)));
    }
    Collections.sort(result);
    return result;
  }

  private static String text(int id, String v, String type, long version) {
    return id + "," + v + "," + type + "," + version;
  }
}
