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
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerJobStart;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.execution.LocalTableScanExec;
import org.apache.spark.sql.execution.SparkPlan;
import org.apache.spark.sql.execution.datasources.v2.DataSourceV2ScanRelation;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import scala.jdk.javaapi.CollectionConverters;

/**
 * {@code COUNT}, {@code MIN} and {@code MAX} answered from the log where its statistics answer
 * exactly, and planned as a scan where they do not: each query gives delta-spark's rows, and the
 * plan shows whether the aggregate was pushed. Also a pushed {@code LIMIT} (the files it needs) and
 * the column statistics the cost-based optimizer is given.
 */
class PushdownFromLogTest {
  @TempDir static Path dir;

  /** Partitioned by {@code part} (one null), a deletion vector in part 'b', {@code nostats}. */
  static String table;

  /** Column mapping by name, a renamed column, a file without statistics in {@code p = 9}. */
  static String mapped;

  /**
   * Eight files of ids in four ranges, even ids in {@code p = 'x'} and odd in 'y', one row per
   * millisecond of {@code ts} (7 µs past it); a null {@code ts} at id 5, a deletion vector on id
   * 39.
   */
  static String ordered;

  /**
   * Column mapping by ID, timestamps written as {@code INT64} microseconds (not on a millisecond),
   * nine files of ids in three ranges, {@code p} by {@code id % 3}; a null {@code ts} at id 4 (in
   * 'y'); a deletion vector on id 29, the greatest {@code ts} and least {@code ntz} of 'z'.
   */
  static String footed;

  @BeforeAll
  static void createTables() {
    spark();
    table = dir.resolve("aggregates").toString();
    sql(
        "CREATE TABLE "
            + quote(table)
            + " (id BIGINT, i INT, d DATE, s STRING, ts TIMESTAMP, amount DECIMAL(10, 2), "
            + "f DOUBLE, nostats INT, part STRING) USING delta PARTITIONED BY (part) "
            + "TBLPROPERTIES ('delta.enableDeletionVectors' = 'true', "
            + "'delta.dataSkippingNumIndexedCols' = '7')");
    for (String part : new String[] {"'a'", "'b'", "NULL"}) {
      sql(
          "INSERT INTO "
              + quote(table)
              + " SELECT /*+ REPARTITION(2) */ id, CAST(id * 3 AS INT) - 20, "
              + "date_add(DATE'2024-01-01', CAST(id AS INT)), concat('s', id), "
              + "timestamp_micros(1700000000000001 + id), CAST(id AS DECIMAL(10, 2)) / 4, "
              + "id / 3.0, CAST(id AS INT), "
              + part
              + " FROM range(0, 10)");
    }
    sql(
        "INSERT INTO "
            + quote(table)
            + " VALUES (NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, 'a')");
    sql("DELETE FROM " + quote(table) + " WHERE part = 'b' AND id = 5");

    mapped = dir.resolve("mapped").toString();
    sql(
        "CREATE TABLE "
            + quote(mapped)
            + " (id INT, p INT) USING delta PARTITIONED BY (p) "
            + "TBLPROPERTIES ('delta.columnMapping.mode' = 'name')");
    sql("INSERT INTO " + quote(mapped) + " VALUES (1, 1), (5, 1), (7, 2), (NULL, 2)");
    sql("ALTER TABLE " + quote(mapped) + " RENAME COLUMN id TO n");
    SharedSpark.withConf(
        Map.of("spark.databricks.delta.stats.collect", "false"),
        () -> sql("INSERT INTO " + quote(mapped) + " VALUES (100, 9)"));
    ordered = dir.resolve("ordered").toString();
    sql(
        "CREATE TABLE "
            + quote(ordered)
            + " (id BIGINT, ts TIMESTAMP, p STRING) USING delta PARTITIONED BY (p) "
            + "TBLPROPERTIES ('delta.enableDeletionVectors' = 'true')");
    sql(
        "INSERT INTO "
            + quote(ordered)
            + " SELECT /*+ REPARTITION_BY_RANGE(4, id) */ id, CASE WHEN id = 5 THEN NULL "
            + "ELSE timestamp_micros(1700000000000007 + id * 1000) END, "
            + "IF(id % 2 = 0, 'x', 'y') FROM range(0, 40)");
    sql("DELETE FROM " + quote(ordered) + " WHERE id = 39");
    footed = dir.resolve("footed").toString();
    sql(
        "CREATE TABLE "
            + quote(footed)
            + " (id BIGINT, ts TIMESTAMP, ntz TIMESTAMP_NTZ, p STRING) USING delta "
            + "PARTITIONED BY (p) TBLPROPERTIES ('delta.enableDeletionVectors' = 'true', "
            + "'delta.columnMapping.mode' = 'id')");
    // delta-spark writes timestamps as INT96 unless told otherwise; Parquet does not order those.
    SharedSpark.withConf(
        Map.of("spark.sql.parquet.outputTimestampType", "TIMESTAMP_MICROS"),
        () ->
            sql(
                "INSERT INTO "
                    + quote(footed)
                    + " SELECT /*+ REPARTITION_BY_RANGE(3, id) */ id, IF(id = 4, NULL, "
                    + "timestamp_micros(1700000000000007 + id * 1013)), "
                    + "CAST(timestamp_micros(1700000000000003 - id * 997) AS TIMESTAMP_NTZ), "
                    + "CASE id % 3 WHEN 0 THEN 'x' WHEN 1 THEN 'y' ELSE 'z' END "
                    + "FROM range(0, 30)"));
    sql("DELETE FROM " + quote(footed) + " WHERE id = 29");
    delta(footed).createOrReplaceTempView("delta_f");
    deltax(footed).createOrReplaceTempView("deltax_f");
    delta(ordered).createOrReplaceTempView("delta_o");
    deltax(ordered).createOrReplaceTempView("deltax_o");
    delta(table).createOrReplaceTempView("delta_t");
    deltax(table).createOrReplaceTempView("deltax_t");
    delta(mapped).createOrReplaceTempView("delta_m");
    deltax(mapped).createOrReplaceTempView("deltax_m");
  }

  /** The descriptions of the scans in the query's optimized plan. */
  static List<String> scans(Dataset<Row> df) {
    LogicalPlan plan = df.queryExecution().optimizedPlan();
    return CollectionConverters.asJava(plan.collectLeaves()).stream()
        .filter(DataSourceV2ScanRelation.class::isInstance)
        .map(l -> ((DataSourceV2ScanRelation) l).scan().description())
        .toList();
  }

  /** The query gives the same rows on both readers: {@code $t} names delta_t and deltax_t. */
  static Dataset<Row> assertSame(String query) {
    Dataset<Row> actual = spark().sql(query.replace("$", "deltax_"));
    assertSameRows(spark().sql(query.replace("$", "delta_")), actual);
    return actual;
  }

  static void assertPushed(String query) {
    Dataset<Row> actual = assertSame(query);
    List<String> scans = scans(actual);
    assertEquals(1, scans.size(), query);
    assertTrue(scans.get(0).startsWith("deltax aggregate from the log"), query + ": " + scans);
    // The answer's rows are the whole physical plan: collected on the driver, without a job.
    SparkPlan plan = actual.queryExecution().executedPlan();
    assertTrue(plan instanceof LocalTableScanExec, plan.toString());
    assertEquals(0, jobsRunBy(() -> spark().sql(query.replace("$", "deltax_")).collect()), query);
  }

  /** How many Spark jobs {@code action} started. */
  static int jobsRunBy(Runnable action) {
    AtomicInteger jobs = new AtomicInteger();
    SparkListener listener =
        new SparkListener() {
          @Override
          public void onJobStart(SparkListenerJobStart jobStart) {
            jobs.incrementAndGet();
          }
        };
    spark().sparkContext().addSparkListener(listener);
    try {
      action.run();
      UiMetrics.drain(spark());
    } finally {
      spark().sparkContext().removeSparkListener(listener);
    }
    return jobs.get();
  }

  /** Whether a scan's description is that of a scan of the table's files. */
  static boolean isFileScan(String description) {
    return description.matches("deltax \\S+ @ version \\d+, .*");
  }

  static void assertRefused(String query) {
    Dataset<Row> actual = assertSame(query);
    List<String> scans = scans(actual);
    assertEquals(1, scans.size(), query);
    assertTrue(isFileScan(scans.get(0)), query + ": " + scans);
  }

  @Test
  void countsFromTheLogWithPartitionFiltersAndGroups() {
    assertPushed("SELECT count(*) FROM $t WHERE part = 'b'"); // less the deleted row
    assertPushed("SELECT count(*), count(part) FROM $t WHERE part IN ('a', 'b') OR part IS NULL");
    assertPushed("SELECT part, count(*), count(part), min(part), max(part) FROM $t GROUP BY part");
    assertPushed("SELECT count(*) FROM $t WHERE part = 'zz'"); // no file: 0
    assertPushed("SELECT part, count(*) FROM $t WHERE part = 'zz' GROUP BY part"); // no group
  }

  @Test
  void anAnswerUnderANondeterministicProjectionIsLeftToSparksPlan() {
    // Evaluating rand() on the driver would be no less correct, but Spark's own rule for local
    // rows (ConvertToLocalRelation) leaves it to a task, and so does deltax.
    Dataset<Row> query = spark().sql("SELECT count(*) + rand(0) FROM deltax_t WHERE part = 'b'");
    long count = spark().sql("SELECT count(*) FROM delta_t WHERE part = 'b'").first().getLong(0);
    double value = query.first().getDouble(0);
    assertTrue(value >= count && value < count + 1, value + " for " + count);
    SparkPlan plan = query.queryExecution().executedPlan();
    assertTrue(
        !(plan instanceof LocalTableScanExec) && plan.toString().contains("LocalTableScan"),
        plan.toString());
    assertEquals(1, scans(query).size());
    assertTrue(
        scans(query).get(0).startsWith("deltax aggregate from the log"), scans(query).get(0));
  }

  @Test
  void minMaxAndCountOfDataColumnsFromTheLog() {
    assertPushed(
        "SELECT min(id), max(id), count(id), min(i), max(i), min(d), max(d), count(s) "
            + "FROM $t WHERE part = 'a'");
    assertPushed("SELECT part, min(i), max(d), count(*) FROM $t WHERE part <> 'b' GROUP BY part");
  }

  @Test
  void columnMappingByPhysicalNames() {
    assertPushed("SELECT p, min(n), max(n), count(n), count(*) FROM $m WHERE p < 9 GROUP BY p");
  }

  @Test
  void refusedWhereTheStatisticsCannotAnswer() {
    // A file without statistics; a column without statistics.
    assertRefused("SELECT count(*) FROM $m");
    assertRefused("SELECT max(nostats) FROM $t WHERE part = 'a'");
    // A deletion vector: MIN, MAX and COUNT(column) of data columns.
    assertRefused("SELECT min(id) FROM $t");
    assertRefused("SELECT count(id) FROM $t WHERE part = 'b'");
    // Types whose statistics are not exact: strings (cut), timestamps (milliseconds, and INT96 in
    // the files, which their footers do not order), decimals, floating point.
    assertRefused("SELECT max(s) FROM $t WHERE part = 'a'");
    assertRefused("SELECT max(ts) FROM $t WHERE part = 'a'");
    assertRefused("SELECT min(amount) FROM $t WHERE part = 'a'");
    assertRefused("SELECT max(f) FROM $t WHERE part = 'a'");
    // Filters Spark evaluates: on data columns, on _metadata.
    assertRefused("SELECT count(*) FROM $t WHERE id > 3");
    Dataset<Row> metadataFiltered =
        deltax(table).where("_metadata.file_size > 0").groupBy().count();
    assertSameRows(
        delta(table).where("_metadata.file_size > 0").groupBy().count(), metadataFiltered);
    assertTrue(isFileScan(scans(metadataFiltered).get(0)));
    // Shapes: grouping by a data column, DISTINCT, SUM, an expression.
    assertRefused("SELECT id, count(*) FROM $t WHERE part = 'a' GROUP BY id");
    assertRefused("SELECT count(DISTINCT part) FROM $t");
    assertRefused("SELECT sum(id) FROM $t WHERE part = 'a'");
    assertRefused("SELECT max(id + 1) FROM $t WHERE part = 'a'");
  }

  /** The one deltax scan's description. */
  static String scan(Dataset<Row> df) {
    List<String> scans = scans(df);
    assertEquals(1, scans.size(), scans.toString());
    return scans.get(0);
  }

  @Test
  void aLimitPlansTheFilesItNeeds() {
    // Seven files of 5 rows or fewer: 3 rows need one file.
    Dataset<Row> limited = deltax(table).limit(3);
    assertEquals(3, limited.collectAsList().size());
    assertTrue(
        scan(limited).contains("1 of 7 files") && scan(limited).endsWith("limit 3"), scan(limited));
    // With an exact partition filter, over the files it keeps; rows from those only.
    Dataset<Row> inB = deltax(table).where("part = 'b'").limit(9);
    assertEquals(9, inB.collectAsList().size());
    assertEquals(0, inB.where("part <> 'b' OR part IS NULL").count());
    assertTrue(scan(inB).endsWith("limit 9"), scan(inB));
    // Every row of the table: every file.
    Dataset<Row> all = deltax(table).limit(1000);
    assertSameRows(delta(table), all);
    assertTrue(scan(all).contains("7 of 7 files"), scan(all));
    // A filter Spark evaluates: no limit pushed.
    Dataset<Row> filtered = deltax(table).where("id > 3").limit(2);
    assertEquals(2, filtered.collectAsList().size());
    assertTrue(!scan(filtered).contains("limit"), scan(filtered));
  }

  /**
   * The query gives delta-spark's rows from a scan that plans fewer of the files its filters keep
   * and says what it planned them for.
   */
  static void assertFewerFiles(String query, String pushed) {
    String description = scan(assertSame(query));
    Matcher files = Pattern.compile("(\\d+) of (\\d+) files").matcher(description);
    assertTrue(files.find(), description);
    assertTrue(
        Integer.parseInt(files.group(1)) < Integer.parseInt(files.group(2)),
        query + ": " + description);
    assertTrue(description.contains(pushed), query + ": " + description);
  }

  @Test
  void minAndMaxOfTimestampsPlanTheFilesThatCanHoldThem() {
    assertFewerFiles("SELECT max(ts) FROM $o WHERE p = 'x'", "files for max(ts)");
    // Per group; the deletion vector's file is kept, and its group's answer is 37's.
    assertFewerFiles(
        "SELECT p, min(ts), max(ts), max(id) FROM $o GROUP BY p", "files for min(ts), max(ts)");
    // COUNT needs every file.
    assertTrue(!scan(assertSame("SELECT max(ts), count(*) FROM $o")).contains("files for"));
  }

  /**
   * The query gives delta-spark's rows from the footers of fewer files than its partition filters
   * keep, with no job: the plan is a local scan.
   */
  static void assertFromFooters(String query) {
    Dataset<Row> actual = assertSame(query);
    String description = scan(actual);
    Matcher files =
        Pattern.compile("^deltax aggregate from the Parquet footers of (\\d+) of (\\d+) files")
            .matcher(description);
    assertTrue(files.find(), query + ": " + description);
    assertTrue(
        Integer.parseInt(files.group(1)) < Integer.parseInt(files.group(2)),
        query + ": " + description);
    // The answer's rows are the whole physical plan: collected on the driver, without a job.
    SparkPlan plan = actual.queryExecution().executedPlan();
    assertTrue(plan instanceof LocalTableScanExec, plan.toString());
    assertEquals(0, jobsRunBy(() -> spark().sql(query.replace("$", "deltax_")).collect()), query);
  }

  @Test
  void minAndMaxOfTimestampsFromTheFootersOfTheFilesThatCanHoldThem() {
    assertFromFooters("SELECT max(ts), min(ntz) FROM $f WHERE p = 'x'");
    assertFromFooters("SELECT p, min(ts), max(ts), max(ntz) FROM $f WHERE p <> 'z' GROUP BY p");
    // A deletion vector among the files that can hold the answer: a scan of those files.
    assertFewerFiles("SELECT max(ts) FROM $f", "files for max(ts)");
    assertFewerFiles("SELECT p, min(ntz) FROM $f GROUP BY p", "files for min(ntz)");
  }

  @Test
  void anOrderWithALimitPlansTheFilesThatCanHoldItsFirstRows() {
    assertFewerFiles("SELECT id FROM $o ORDER BY id DESC LIMIT 3", "top 3 by id desc");
    assertFewerFiles("SELECT id, ts FROM $o ORDER BY ts LIMIT 2", "top 2 by ts asc nulls first");
    assertFewerFiles("SELECT id, ts FROM $o ORDER BY ts DESC NULLS FIRST LIMIT 2", "nulls first");
    assertFewerFiles("SELECT id FROM $o ORDER BY ts NULLS LAST LIMIT 2", "nulls last");
    // A filter Spark evaluates, two sort keys: every file the filters keep.
    assertTrue(
        !scan(assertSame("SELECT id FROM $o WHERE id < 30 ORDER BY id DESC LIMIT 3"))
            .contains("top"));
    assertTrue(!scan(assertSame("SELECT id FROM $o ORDER BY p, id LIMIT 3")).contains("top"));
  }

  @Test
  void columnStatisticsForTheCostBasedOptimizer() {
    SharedSpark.withConf(
        Map.of("spark.sql.cbo.enabled", "true"),
        () -> {
          Dataset<Row> scanned = deltax(table).where("part = 'a'").select("i", "d", "part");
          var stats = scanned.queryExecution().optimizedPlan().stats().attributeStats();
          Row expected =
              delta(table)
                  .where("part = 'a'")
                  .selectExpr("min(i)", "max(i)", "count(*) - count(i)", "count(*) - count(part)")
                  .first();
          var i = stats.get(scanned.queryExecution().optimizedPlan().output().apply(0)).get();
          assertEquals(expected.get(0), i.min().get());
          assertEquals(expected.get(1), i.max().get());
          assertEquals(expected.getLong(2), i.nullCount().get().longValue());
          var part = stats.get(scanned.queryExecution().optimizedPlan().output().apply(2)).get();
          assertEquals(expected.getLong(3), part.nullCount().get().longValue());
          // A deletion vector in part 'b': no data column's statistics.
          Dataset<Row> withVector = deltax(table).where("part = 'b'").select("i");
          assertTrue(
              withVector.queryExecution().optimizedPlan().stats().attributeStats().isEmpty());
        });
  }
}
