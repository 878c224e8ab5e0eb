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

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.execution.FilterExec;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Partition pruning and data skipping read fewer files and return delta-spark's rows; large files
 * are split across input partitions; the columnar reader is used.
 */
class SkippingAndSplitsTest {
  @TempDir static Path dir;
  static String path;

  @BeforeAll
  static void createTable() {
    spark();
    path = dir.resolve("skipping").toString();
    sql(
        "CREATE TABLE "
            + quote(path)
            + " (id BIGINT, name STRING, day DATE, ts TIMESTAMP, "
            + "amount DECIMAL(10, 2), part INT) USING delta PARTITIONED BY (part)");
    // Four commits, one file each, with disjoint id, name, day and ts ranges.
    for (int i = 0; i < 4; i++) {
      sql(
          "INSERT INTO "
              + quote(path)
              + " SELECT /*+ REPARTITION(1) */ id, concat('name', CAST(id AS STRING)), "
              + "date_add(DATE'2024-01-01', CAST(id AS INT)), "
              + "timestamp_seconds(1700000000 + id * 60), CAST(id AS DECIMAL(10, 2)) / 4, "
              + i
              + " FROM range("
              + (i * 100)
              + ", "
              + (i * 100 + 100)
              + ")");
    }
    sql("INSERT INTO " + quote(path) + " VALUES (NULL, NULL, NULL, NULL, NULL, 9)");
  }

  /** The files the deltax scan kept, of the table's five. */
  private static int filesScanned(Dataset<Row> df) {
    String plan = df.queryExecution().executedPlan().toString();
    assertTrue(plan.contains(" of 5 files"), plan);
    return DeltaOracle.filesScanned(df);
  }

  private static void assertSkips(String where, int expectedFiles) {
    Dataset<Row> actual = deltax(path).where(where);
    assertSameRows(delta(path).where(where), actual);
    assertEquals(expectedFiles, filesScanned(actual), where);
  }

  @Test
  void partitionPruning() {
    assertSkips("part = 2", 1);
    assertSkips("part IN (1, 3)", 2);
    assertSkips("part IS NULL", 0);
    assertSkips("part > 8", 1);
  }

  @Test
  void dataSkippingOnStatistics() {
    assertSkips("id = 150", 1);
    assertSkips("id < 100", 1);
    assertSkips("id >= 299", 2);
    assertSkips("id BETWEEN 120 AND 230", 2);
    assertSkips("id IN (5, 305)", 2);
    assertSkips("id IS NULL", 1);
    assertSkips("name = 'name250'", 2); // also within ['name0', 'name99'] of the first file
    assertSkips("name = 'name99a'", 0);
    assertSkips("name LIKE 'name3%'", 2); // name3, name30..39, name300..399
    assertSkips("day = DATE'2024-02-10'", 1);
    assertSkips(
        "ts > TIMESTAMP'2023-11-15 00:00:00'", 3); // the first file ends at 23:52 the day before
    assertSkips("ts = timestamp_seconds(1700000000 + 250 * 60)", 1);
    assertSkips("amount = 75.25", 1);
    assertSkips("id = 150 OR part = 3", 2);
    assertSkips("NOT (id = 150)", 4); // the all-null file cannot match
    assertSkips("id > 1000", 0);
  }

  /**
   * Float statistics (0.7 for 0.7f, above it as a double), a -0.0 partition (equal to 0.0 in SQL)
   * and a partition column whose name Spark quotes: the rows of delta-spark, and the quoted column
   * still prunes.
   */
  @Test
  void floatsNegativeZeroAndQuotedNamesAsDeltaSpark() {
    String table = dir.resolve("floats").toString();
    sql(
        "CREATE TABLE "
            + quote(table)
            + " (f FLOAT, `event-date` INT, p DOUBLE) USING delta "
            + "PARTITIONED BY (`event-date`, p)");
    sql("INSERT INTO " + quote(table) + " VALUES (0.7, 1, -0.0)");
    sql("INSERT INTO " + quote(table) + " VALUES (0.1, 2, 0.0)");
    sql("INSERT INTO " + quote(table) + " VALUES (0.3, 3, 1.0)");
    assertSameRowsFound(
        table,
        "f = 0.7F",
        "f <= 0.1F",
        "f >= 0.7F",
        "p = 0.0",
        "p = -0.0",
        "p <= 0.0",
        "`event-date` = 2");
    assertEquals(1, DeltaOracle.filesScanned(deltax(table).where("`event-date` = 2")), "pruned");
  }

  /**
   * A data column named {@code _metadata} hides Spark's: a filter on its {@code row_id} field is on
   * the column's values, not on row IDs, and must not prune files by their row ID ranges.
   */
  @Test
  void aDataColumnNamedMetadataIsNotTheRowId() {
    String table = dir.resolve("metadata-column").toString();
    sql(
        "CREATE TABLE "
            + quote(table)
            + " (id INT, _metadata STRUCT<row_id: BIGINT>) USING delta "
            + "TBLPROPERTIES ('delta.enableRowTracking' = 'true')");
    sql("INSERT INTO " + quote(table) + " VALUES (1, named_struct('row_id', 100L))");
    sql("INSERT INTO " + quote(table) + " VALUES (2, named_struct('row_id', 0L))");
    assertSameRowsFound(table, "_metadata.row_id = 100", "_metadata.row_id > 50");
  }

  /** For each filter, delta-spark finds rows of {@code table}, and deltax the same. */
  private static void assertSameRowsFound(String table, String... filters) {
    for (String where : filters) {
      Dataset<Row> expected = delta(table).where(where);
      assertFalse(expected.isEmpty(), where);
      assertEquals(
          DeltaOracle.canonicalRows(expected),
          DeltaOracle.canonicalRows(deltax(table).where(where)),
          where);
    }
  }

  /** Whether Spark evaluates a filter on the rows the scan returns. */
  private static boolean sparkFilters(Dataset<Row> df) {
    return df.queryExecution().executedPlan().find(p -> p instanceof FilterExec).isDefined();
  }

  @Test
  void partitionFiltersAreCompleteOthersAreEvaluatedAgain() {
    for (String where :
        List.of(
            "part = 2",
            "part IN (1, 3)",
            "part IS NULL",
            "part > 8",
            "NOT (part = 1)",
            "part = 1 OR part IS NULL")) {
      Dataset<Row> df = deltax(path).where(where);
      assertSameRows(delta(path).where(where), df);
      assertFalse(sparkFilters(df), where + ": " + df.queryExecution().executedPlan());
    }
    for (String where : List.of("id = 150", "part = 2 OR id = 5", "part = 2 AND id > 250")) {
      Dataset<Row> df = deltax(path).where(where);
      assertSameRows(delta(path).where(where), df);
      assertTrue(sparkFilters(df), where + ": " + df.queryExecution().executedPlan());
    }
  }

  @Test
  void unfilteredCountComesFromTheLog() {
    Dataset<Row> count = deltax(path).selectExpr("count(*)");
    assertEquals(delta(path).count(), count.first().getLong(0));
    String plan = count.queryExecution().executedPlan().toString();
    assertTrue(plan.contains("LocalTableScan"), plan);
    // A partition filter is answered from the log too; a data filter leaves the count to the
    // scan, which still skips files.
    Dataset<Row> byPartition = deltax(path).where("part = 2").selectExpr("count(*)");
    assertEquals(delta(path).where("part = 2").count(), byPartition.first().getLong(0));
    assertTrue(
        byPartition.queryExecution().executedPlan().toString().contains("LocalTableScan"),
        byPartition.queryExecution().executedPlan().toString());
    String where = "part = 2 AND id >= 250";
    Dataset<Row> filtered = deltax(path).where(where).selectExpr("count(*)");
    assertEquals(delta(path).where(where).count(), filtered.first().getLong(0));
    assertEquals(1, filesScanned(filtered));
  }

  /** The optimizer's row count: the live rows of the files left after pruning, from the log. */
  @Test
  void optimizerRowCountIsThePrunedFilesRows() {
    assertEquals(delta(path).count(), rowCount(deltax(path)));
    assertEquals(delta(path).where("part = 2").count(), rowCount(deltax(path).where("part = 2")));
  }

  private static long rowCount(Dataset<Row> df) {
    scala.Option<scala.math.BigInt> rows = df.queryExecution().optimizedPlan().stats().rowCount();
    assertTrue(rows.isDefined(), df.queryExecution().optimizedPlan().toString());
    return rows.get().longValue();
  }

  @Test
  void countAndAggregatesMatch() {
    assertSameRows(
        delta(path).selectExpr("count(*)", "sum(id)", "max(name)"),
        deltax(path).selectExpr("count(*)", "sum(id)", "max(name)"));
  }

  @Test
  void largeFilesAreSplitAcrossPartitionsAndRowGroups() {
    String big = dir.resolve("big").toString();
    SharedSpark.withConf(
        Map.of("parquet.block.size", "16384", "spark.hadoop.parquet.block.size", "16384"),
        () -> {
          sql("CREATE TABLE " + quote(big) + " (id BIGINT, payload STRING) USING delta");
          sql(
              "INSERT INTO "
                  + quote(big)
                  + " SELECT /*+ REPARTITION(1) */ id, sha2(CAST(id AS STRING), 256) FROM range(0,"
                  + " 20000)");
        });
    SharedSpark.withConf(
        Map.of(
            "spark.sql.files.maxPartitionBytes",
            "65536",
            "spark.sql.files.openCostInBytes",
            "1024"),
        () -> {
          Dataset<Row> df = deltax(big);
          assertTrue(df.rdd().getNumPartitions() > 3, "partitions: " + df.rdd().getNumPartitions());
          assertSameRows(delta(big), df);
          assertSameRows(
              delta(big).selectExpr("count(*)", "sum(id)", "count(DISTINCT payload)"),
              deltax(big).selectExpr("count(*)", "sum(id)", "count(DISTINCT payload)"));
        });
  }

  @Test
  void scansAreColumnar() {
    String plan = deltax(path).select("id", "part").queryExecution().executedPlan().toString();
    assertTrue(plan.contains("ColumnarToRow"), plan);
  }
}
