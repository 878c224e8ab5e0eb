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
import static io.deltax.it.DeltaOracle.delta;
import static io.deltax.it.DeltaOracle.deltax;
import static io.deltax.it.DeltaOracle.quote;
import static io.deltax.it.DeltaOracle.spark;
import static io.deltax.it.DeltaOracle.sql;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.deltax.snapshots.SnapshotCache;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.delta.DeltaLog;
import org.apache.spark.sql.delta.LogSegment;
import org.apache.spark.sql.delta.actions.Action;
import org.apache.spark.sql.delta.actions.AddCDCFile;
import org.apache.spark.sql.delta.actions.AddFile;
import org.apache.spark.sql.delta.actions.DeletionVectorDescriptor;
import org.apache.spark.sql.delta.actions.RemoveFile;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.streaming.StreamingQuery;
import org.apache.spark.sql.streaming.Trigger;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import scala.Option;
import scala.Tuple2;
import scala.jdk.javaapi.CollectionConverters;

/**
 * Runtime filtering: a fact table joined to a filtered dimension reads only the fact files the
 * dimension's keys can match, by partition value, by statistics and by row ID range, and returns
 * delta-spark's rows. The fact table has a null partition, a deletion vector, column mapping and
 * row tracking; the dimensions are read by delta-spark, so the only deltax scan is the fact's. The
 * same fact table checks the other driver metrics against delta-spark's log: a snapshot load's log
 * files, and a change feed scan's files.
 */
class RuntimeFilteringTest {
  @TempDir static Path dir;
  static String fact;
  static String days;
  static String keys;

  @BeforeAll
  static void createTables() {
    spark();
    fact = dir.resolve("fact").toString();
    days = dir.resolve("days").toString();
    keys = dir.resolve("keys").toString();
    sql(
        "CREATE TABLE "
            + quote(fact)
            + " (id BIGINT, amount INT, day DATE) USING delta PARTITIONED BY (day) TBLPROPERTIES ("
            + "'delta.enableDeletionVectors' = 'true', 'delta.enableRowTracking' = 'true', "
            + "'delta.columnMapping.mode' = 'name')");
    // One file per day, ids 100 * d .. 100 * d + 9 on day d; and a file with a null day.
    sql(
        "INSERT INTO "
            + quote(fact)
            + " SELECT /*+ REPARTITION(1) */ 100 * d + k, k, date_add(DATE'2024-01-01', CAST(d AS"
            + " INT)) FROM range(6) AS a(d) CROSS JOIN range(10) AS b(k)");
    sql("INSERT INTO " + quote(fact) + " VALUES (900, 1, NULL), (901, 2, NULL)");
    sql("DELETE FROM " + quote(fact) + " WHERE id = 203");
    sql("CREATE TABLE " + quote(days) + " (day DATE, label STRING) USING delta");
    sql(
        "INSERT INTO "
            + quote(days)
            + " SELECT date_add(DATE'2024-01-01', CAST(d AS INT)), IF(d IN (1, 4), 'picked',"
            + " 'other') FROM range(6) AS a(d)");
    sql("CREATE TABLE " + quote(keys) + " (key BIGINT, label STRING) USING delta");
    sql(
        "INSERT INTO "
            + quote(keys)
            + " VALUES (205, 'picked'), (207, 'picked'), (502, 'picked'), (9999, 'other')");
  }

  /** Joins the fact table (read by {@code reader}) to the dimension, filtered. */
  private static Dataset<Row> joined(
      Function<String, Dataset<Row>> reader, String dimension, String factKey, String dimKey) {
    Dataset<Row> facts =
        reader.apply(fact).select(functions.col("*"), functions.expr(factKey + " AS k"));
    Dataset<Row> dim = delta(dimension).where("label = 'picked'");
    return facts
        .join(dim, facts.col("k").equalTo(dim.col(dimKey)))
        .select(facts.col("id"), facts.col("amount"), facts.col("day"));
  }

  /** Runs the join with deltax; asserts delta-spark's rows and the runtime filter in the plan. */
  private static Map<String, Long> runAndCheck(String dimension, String factKey, String dimKey) {
    long before = UiMetrics.lastExecution(spark());
    Dataset<Row> actual = joined(DeltaOracle::deltax, dimension, factKey, dimKey);
    assertSameRows(joined(DeltaOracle::delta, dimension, factKey, dimKey), actual);
    String plan = actual.queryExecution().executedPlan().toString();
    assertTrue(
        plan.toLowerCase(Locale.ROOT).contains("dynamicpruningexpression"),
        "runtime filter: " + plan);
    assertTrue(plan.contains("runtime filters"), "the scan took the filter: " + plan);
    return UiMetrics.since(spark(), before);
  }

  private static long filesOf(Dataset<Row> rows) {
    return rows.select("_metadata.file_path").distinct().count();
  }

  private static long allFiles() {
    return delta(fact).inputFiles().length;
  }

  @Test
  void partitionColumnRuntimeFilterReadsOnlyTheDimensionsDays() {
    Map<String, Long> metrics = runAndCheck(days, "day", "day");
    // delta-spark's count of the files the two picked days (1 and 4) hold.
    long expected =
        delta(fact).where("day IN (DATE'2024-01-02', DATE'2024-01-05')").inputFiles().length;
    assertEquals(2, expected);
    assertEquals(expected, metrics.get("deltax files planned"), metrics.toString());
    // Spark infers day IS NOT NULL from the join: the null day's files go by partition pruning.
    long nullDay = filesOf(delta(fact).where("day IS NULL"));
    assertEquals(2, nullDay);
    assertEquals(
        nullDay, metrics.get("deltax files pruned by partition filters"), metrics.toString());
    assertEquals(
        allFiles() - nullDay - expected,
        metrics.get("deltax files skipped by runtime filters"),
        metrics.toString());
  }

  @Test
  void dataColumnRuntimeFilterSkipsByMinAndMax() {
    Map<String, Long> metrics = runAndCheck(keys, "id", "key");
    // The picked keys 205, 207 and 502 fall in the id ranges of the files of days 2 and 5 alone
    // (the files' ranges are disjoint), which delta-spark's rows name.
    long expected = filesOf(delta(fact).where("id IN (205, 207, 502)"));
    assertEquals(2, expected);
    assertEquals(expected, metrics.get("deltax files planned"), metrics.toString());
    assertEquals(
        allFiles() - expected,
        metrics.get("deltax files skipped by runtime filters"),
        metrics.toString());
    // The day 2 file, planned, has the table's one deletion vector: its cardinality, from the log.
    long deleted =
        org.apache.spark.sql.delta.DeltaLog.forTable(spark(), fact)
            .update(false, scala.Option.empty(), scala.Option.empty())
            .allFiles()
            .collectAsList()
            .stream()
            .filter(f -> f.deletionVector() != null)
            .mapToLong(f -> f.deletionVector().cardinality())
            .sum();
    assertEquals(1, deleted);
    assertEquals(
        deleted, metrics.get("deltax rows dropped by deletion vectors"), metrics.toString());
  }

  @Test
  void rowIdRuntimeFilterSkipsByRowIdRange() {
    // Row IDs of three rows in two files, as delta-spark assigns them.
    Dataset<Row> picked =
        delta(fact)
            .where("id IN (101, 102, 505)")
            .select("_metadata.row_id", "_metadata.file_path");
    java.util.List<Row> rows = picked.collectAsList();
    String ids =
        rows.stream().map(r -> String.valueOf(r.getLong(0))).reduce((a, b) -> a + ", " + b).get();
    long expected = rows.stream().map(r -> r.getString(1)).distinct().count();
    assertEquals(2, expected);
    String rowKeys = dir.resolve("row_keys").toString();
    sql("CREATE TABLE " + quote(rowKeys) + " (key BIGINT, label STRING) USING delta");
    sql("INSERT INTO " + quote(rowKeys) + " SELECT explode(array(" + ids + ")), 'picked'");
    sql("INSERT INTO " + quote(rowKeys) + " VALUES (100000, 'other')");
    long before = UiMetrics.lastExecution(spark());
    Dataset<Row> facts =
        deltax(fact).select(functions.col("id"), functions.expr("_metadata.row_id AS k"));
    Dataset<Row> dim = delta(rowKeys).where("label = 'picked'");
    Dataset<Row> actual = facts.join(dim, facts.col("k").equalTo(dim.col("key"))).select("id");
    assertEquals(
        DeltaOracle.canonicalRows(delta(fact).where("id IN (101, 102, 505)").select("id")),
        DeltaOracle.canonicalRows(actual));
    String plan = actual.queryExecution().executedPlan().toString();
    Map<String, Long> metrics = UiMetrics.since(spark(), before);
    assertTrue(plan.contains("runtime filters"), plan);
    assertEquals(expected, metrics.get("deltax files planned"), metrics + "\n" + plan);
  }

  @Test
  void rowDataVersionRuntimeFilterSkipsOlderFiles() {
    // The rows of version 2's insert: the other files were written before it.
    String versions = dir.resolve("versions").toString();
    sql("CREATE TABLE " + quote(versions) + " (v BIGINT, label STRING) USING delta");
    sql("INSERT INTO " + quote(versions) + " VALUES (2, 'picked'), (99, 'other')");
    long before = UiMetrics.lastExecution(spark());
    Dataset<Row> facts =
        deltax(fact).select(functions.col("id"), functions.expr("_metadata.row_data_version AS k"));
    Dataset<Row> dim = delta(versions).where("label = 'picked'");
    Dataset<Row> actual = facts.join(dim, facts.col("k").equalTo(dim.col("v"))).select("id");
    assertEquals(
        DeltaOracle.canonicalRows(
            delta(fact).where("_metadata.row_commit_version = 2").select("id")),
        DeltaOracle.canonicalRows(actual));
    String plan = actual.queryExecution().executedPlan().toString();
    Map<String, Long> metrics = UiMetrics.since(spark(), before);
    long files = delta(fact).select("_metadata.file_path").distinct().count();
    assertTrue(plan.contains("runtime filters"), plan);
    assertTrue(metrics.get("deltax files planned") < files, metrics + "\n" + plan);
  }

  /** The commit and checkpoint files of delta-spark's log segment of the fact table's latest. */
  private static long segmentFiles() {
    LogSegment segment =
        DeltaLog.forTable(spark(), fact).update(false, Option.empty(), Option.empty()).logSegment();
    return segment.deltas().size() + segment.checkpointProvider().topLevelFiles().size();
  }

  @Test
  void aColdLoadReadsTheLogSegmentDeltaSparkReads() {
    long segmentFiles = segmentFiles();
    assertTrue(segmentFiles >= 4, "four commits: " + segmentFiles);
    SnapshotCache.shared().clear();
    long before = UiMetrics.lastExecution(spark());
    deltax(fact).select("id").collectAsList();
    Map<String, Long> metrics = UiMetrics.since(spark(), before);
    assertEquals(segmentFiles, metrics.get("deltax log files read"), metrics.toString());
    List<String> loadTimes = UiMetrics.shown(spark(), before, "deltax snapshot load time");
    assertEquals(1, loadTimes.size(), loadTimes.toString());
    assertTrue(loadTimes.get(0).matches("\\d+\\.\\d ms"), loadTimes.toString());
    assertTrue(Double.parseDouble(loadTimes.get(0).split(" ")[0]) > 0, loadTimes.toString());

    // Loaded again through the cache: the log is listed, and no file is read.
    before = UiMetrics.lastExecution(spark());
    deltax(fact).select("id").collectAsList();
    metrics = UiMetrics.since(spark(), before);
    assertEquals(0, metrics.get("deltax log files read"), metrics.toString());
  }

  /**
   * The files and bytes the change feed from version 1 plans: delta-spark's actions of versions 1
   * on, the files each commit added and removed with a data change, less a file it removed and
   * added again unchanged (the same path and deletion vector).
   */
  private long[] changedFilesAndBytes() {
    long expectedFiles = 0;
    long expectedBytes = 0;
    long removedFiles = 0;
    scala.collection.Iterator<Tuple2<Object, scala.collection.immutable.Seq<Action>>> commits =
        DeltaLog.forTable(spark(), fact).getChanges(1L, Option.empty(), false);
    while (commits.hasNext()) {
      Map<String, Long> added = new HashMap<>();
      Map<String, Long> removed = new HashMap<>();
      for (Action action : CollectionConverters.asJava(commits.next()._2())) {
        assertFalse(action instanceof AddCDCFile, "no change data feed on the fact table");
        if (action instanceof AddFile add && add.dataChange()) {
          added.put(version(add.path(), add.deletionVector()), add.size());
        } else if (action instanceof RemoveFile remove && remove.dataChange()) {
          removed.put(version(remove.path(), remove.deletionVector()), (Long) remove.size().get());
        }
      }
      Set<String> unchanged = new HashSet<>(added.keySet());
      unchanged.retainAll(removed.keySet());
      added.keySet().removeAll(unchanged);
      removed.keySet().removeAll(unchanged);
      removedFiles += removed.size();
      expectedFiles += added.size() + removed.size();
      for (long size : added.values()) {
        expectedBytes += size;
      }
      for (long size : removed.values()) {
        expectedBytes += size;
      }
    }
    assertEquals(1, removedFiles, "the file the DELETE gave a deletion vector");
    return new long[] {expectedFiles, expectedBytes};
  }

  @Test
  void aChangeFeedScanPlansTheFilesItsCommitsChange() {
    long[] expected = changedFilesAndBytes();
    SnapshotCache.shared().clear();
    long before = UiMetrics.lastExecution(spark());
    spark()
        .read()
        .format("deltax")
        .option("readChangeFeed", "true")
        .option("startingVersion", 1)
        .load(fact)
        .collectAsList();
    Map<String, Long> metrics = UiMetrics.since(spark(), before);
    assertEquals(expected[0], metrics.get("deltax files planned"), metrics.toString());
    assertEquals(expected[1], metrics.get("deltax bytes planned"), metrics.toString());
    assertEquals(segmentFiles(), metrics.get("deltax log files read"), metrics.toString());
  }

  /** A change feed stream's micro-batches report the files their commits change, as a batch. */
  @Test
  void aChangeStreamsScanReportsItsMicroBatchesFiles() throws Exception {
    long[] expected = changedFilesAndBytes();
    long before = UiMetrics.lastExecution(spark());
    runAvailableNow(
        spark()
            .readStream()
            .format("deltax")
            .option("readChangeFeed", "true")
            .option("startingVersion", 1)
            .load(fact),
        "change-stream-checkpoint");
    Map<String, Long> metrics = UiMetrics.since(spark(), before);
    assertEquals(expected[0], metrics.get("deltax files planned"), metrics.toString());
    assertEquals(expected[1], metrics.get("deltax bytes planned"), metrics.toString());
    assertTrue(metrics.containsKey("deltax log files read"), metrics.toString());
  }

  @Test
  void aStreamsScanReportsItsMicroBatchesFiles() throws Exception {
    long before = UiMetrics.lastExecution(spark());
    runAvailableNow(spark().readStream().format("deltax").load(fact), "stream-checkpoint");
    Map<String, Long> metrics = UiMetrics.since(spark(), before);
    // One micro-batch: the snapshot's files, as delta-spark lists them.
    List<AddFile> files =
        DeltaLog.forTable(spark(), fact)
            .update(false, Option.empty(), Option.empty())
            .allFiles()
            .collectAsList();
    assertEquals(files.size(), metrics.get("deltax files planned"), metrics.toString());
    assertEquals(
        files.stream().mapToLong(AddFile::size).sum(),
        metrics.get("deltax bytes planned"),
        metrics.toString());
  }

  /** Runs {@code stream} into the no-op sink until it has read all there is. */
  private static void runAvailableNow(Dataset<Row> stream, String checkpoint) throws Exception {
    StreamingQuery query =
        stream
            .writeStream()
            .format("noop")
            .option("checkpointLocation", dir.resolve(checkpoint).toString())
            .trigger(Trigger.AvailableNow())
            .start();
    query.awaitTermination();
  }

  /** A file's path and deletion vector: what tells a file's versions apart. */
  private static String version(String path, DeletionVectorDescriptor vector) {
    return path + " " + (vector == null ? "" : vector.uniqueId());
  }
}
