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
import static io.deltax.it.DeltaOracle.delta;
import static io.deltax.it.DeltaOracle.deltax;
import static io.deltax.it.DeltaOracle.filesScanned;
import static io.deltax.it.DeltaOracle.quote;
import static io.deltax.it.DeltaOracle.spark;
import static io.deltax.it.DeltaOracle.sql;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.apache.spark.sql.DataFrameReader;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code _metadata.row_id} and {@code _metadata.row_commit_version}, computed and materialized,
 * compared with delta-spark on the tables of the field report and more.
 */
class RowTrackingReadTest {
  @TempDir static Path dir;

  private static final String[] ROW_TRACKING = {
    "id", "_metadata.row_id", "_metadata.row_commit_version"
  };

  @BeforeAll
  static void start() {
    spark();
  }

  /**
   * Asserts deltax and delta-spark agree on (id, row_id, row_commit_version) and row IDs are
   * unique.
   */
  private static void assertSameRowTracking(String path) {
    assertSameRowTracking(path, r -> r);
  }

  private static void assertSameRowTracking(
      String path, Function<DataFrameReader, DataFrameReader> options) {
    Dataset<Row> expected =
        options.apply(spark().read().format("delta")).load(path).selectExpr(ROW_TRACKING);
    Dataset<Row> actual =
        options.apply(spark().read().format("deltax")).load(path).selectExpr(ROW_TRACKING);
    assertEquals(canonicalRows(expected), canonicalRows(actual));
    assertEquals(actual.count(), actual.select("row_id").distinct().count(), "row IDs are unique");
  }

  /**
   * The field report: rows written one commit at a time, then row tracking enabled by ALTER TABLE.
   */
  private static String upgradedTable(String name, int rows) {
    String path = dir.resolve(name).toString();
    sql("CREATE TABLE " + quote(path) + " (id INT, v STRING) USING delta");
    for (int i = 1; i <= rows; i++) {
      sql("INSERT INTO " + quote(path) + " VALUES (" + i + ", 'v" + i + "')");
    }
    sql(
        "ALTER TABLE "
            + quote(path)
            + " SET TBLPROPERTIES ("
            + "'delta.enableRowTracking' = 'true', 'delta.checkpointPolicy' = 'v2')");
    return path;
  }

  @Test
  void fieldReportTwoRowsThenEnablement() {
    String path = upgradedTable("two-rows", 2);
    assertSameRowTracking(path);
    // Every pre-existing row carries the backfill commit's version (fact 5).
    List<Row> versions =
        deltax(path).select("_metadata.row_commit_version").distinct().collectAsList();
    assertEquals(1, versions.size());
  }

  @Test
  void fieldReportEightRowsThenUpdateMaterializesOneFile() {
    String path = upgradedTable("eight-rows", 8);
    assertSameRowTracking(path);
    sql("UPDATE " + quote(path) + " SET v = 'changed' WHERE id = 1");
    assertSameRowTracking(path);
    // The updated row keeps its row ID and gets a new commit version: one table, both ways.
    Row before = deltax(path).where("id = 2").select("_metadata.row_commit_version").first();
    Row after = deltax(path).where("id = 1").select("_metadata.row_commit_version").first();
    assertNotEquals(before.getLong(0), after.getLong(0));
    // Versions 9 to 11 are the upgrade, the backfill and the enablement; 11 is before the UPDATE.
    assertSameRowTracking(path, r -> r.option("versionAsOf", "11"));
  }

  @Test
  void rowTrackingFromCreationWithV2CheckpointSidecarsMergeAndOptimize() {
    String path = dir.resolve("from-creation").toString();
    SharedSpark.withConf(
        Map.of("spark.databricks.delta.checkpoint.partSize", "2"),
        () -> {
          sql(
              "CREATE TABLE "
                  + quote(path)
                  + " (id INT, grp STRING, v INT) USING delta PARTITIONED BY (grp) TBLPROPERTIES"
                  + " ('delta.enableRowTracking' = 'true', 'delta.checkpointPolicy' = 'v2')");
          for (int i = 0; i < 3; i++) {
            sql(
                "INSERT INTO "
                    + quote(path)
                    + " SELECT id, CAST(id % 2 AS STRING), 0 FROM range("
                    + (i * 10)
                    + ", "
                    + (i * 10 + 10)
                    + ")");
          }
          checkpoint(path);
        });
    assertSameRowTracking(path);
    spark()
        .range(5, 35)
        .selectExpr(
            "CAST(id AS INT) AS id", "CAST(id % 2 AS STRING) AS grp", "CAST(id AS INT) AS v")
        .createOrReplaceTempView("rt_source");
    sql(
        "MERGE INTO "
            + quote(path)
            + " t USING rt_source s ON t.id = s.id WHEN MATCHED AND s.id % 3 = 0 THEN UPDATE SET v"
            + " = s.v WHEN NOT MATCHED THEN INSERT *");
    assertSameRowTracking(path);
    Dataset<Row> beforeOptimize = deltax(path).selectExpr(ROW_TRACKING);
    List<String> idsBefore = canonicalRows(beforeOptimize);
    sql("OPTIMIZE " + quote(path));
    assertSameRowTracking(path);
    // OPTIMIZE rewrites files but keeps every row's ID and commit version (materialized).
    assertEquals(idsBefore, canonicalRows(deltax(path).selectExpr(ROW_TRACKING)));
  }

  /**
   * Two files of 8 KiB row groups (12,000 and 3,000 rows), then an UPDATE that rewrites 15 rows;
   * with deletion vectors, then a DELETE that hides 115 rows by them.
   */
  private static String rowGroupsTable(String name, boolean deletionVectors) {
    String path = dir.resolve(name).toString();
    SharedSpark.withConf(
        Map.of("parquet.block.size", "8192", "spark.hadoop.parquet.block.size", "8192"),
        () -> {
          sql(
              "CREATE TABLE "
                  + quote(path)
                  + " (id BIGINT, payload STRING) USING delta "
                  + "TBLPROPERTIES ('delta.enableRowTracking' = 'true'"
                  + (deletionVectors ? ", 'delta.enableDeletionVectors' = 'true')" : ")"));
          sql(
              "INSERT INTO "
                  + quote(path)
                  + " SELECT /*+ REPARTITION(1) */ id, sha2(CAST(id AS STRING), 256) FROM range(0,"
                  + " 12000)");
          sql(
              "INSERT INTO "
                  + quote(path)
                  + " SELECT /*+ REPARTITION(1) */ id, sha2(CAST(id AS STRING), 256) FROM"
                  + " range(12000, 15000)");
          sql("UPDATE " + quote(path) + " SET payload = 'x' WHERE id % 1000 = 7");
          if (deletionVectors) {
            sql("DELETE FROM " + quote(path) + " WHERE id % 1000 = 9 OR id BETWEEN 5000 AND 5100");
          }
        });
    return path;
  }

  @Test
  void fileWithManyRowGroupsReadInSeveralSplits() {
    String path = rowGroupsTable("row-groups", false);
    SharedSpark.withConf(
        Map.of(
            "spark.sql.files.maxPartitionBytes",
            "32768",
            "spark.sql.files.openCostInBytes",
            "1024"),
        () -> {
          assertTrue(deltax(path).rdd().getNumPartitions() > 4);
          assertSameRowTracking(path);
          assertEquals(
              canonicalRows(
                  delta(path).selectExpr("id", "_metadata.row_index", "_metadata.row_id")),
              canonicalRows(
                  deltax(path).selectExpr("id", "_metadata.row_index", "_metadata.row_id")));
        });
  }

  /**
   * Where no filter reaches the Parquet reader, deltax counts row indexes instead of reading
   * Spark's row index column, from each split's first row (0, or its first row group's offset). A
   * filter on a data column skips row groups (and pages) by their statistics, so there they are
   * read.
   */
  @Test
  void rowIndexesCountedFromEachSplitsFirstRowAndReadWhereRowGroupsAreSkipped() {
    String path = rowGroupsTable("row-groups-deletion-vectors", true);
    String[] fields = {
      "id",
      "payload",
      "_metadata.row_index",
      "_metadata.row_id",
      "_metadata.row_commit_version",
      "_metadata.file_name"
    };
    for (Map<String, String> splits :
        List.of(
            Map.<String, String>of(),
            Map.of(
                "spark.sql.files.maxPartitionBytes",
                "32768",
                "spark.sql.files.openCostInBytes",
                "1024"))) {
      // With the defaults every split starts at byte 0; with 32 KiB splits most start past it,
      // where counting starts at their first row group's row index offset.
      SharedSpark.withConf(
          splits,
          () -> {
            assertTrue(deltax(path).rdd().getNumPartitions() > 1);
            assertSameRowTracking(path);
            assertEquals(
                canonicalRows(delta(path).selectExpr(fields)),
                canonicalRows(deltax(path).selectExpr(fields)));
            for (String where : List.of("id >= 7000", "id < 3000 OR id > 13500", "payload = 'x'")) {
              assertEquals(
                  canonicalRows(delta(path).where(where).selectExpr(fields)),
                  canonicalRows(deltax(path).where(where).selectExpr(fields)),
                  where);
            }
            // A filter on _metadata alone names no data column: indexes are counted, rows filtered
            // after.
            String recent = "_metadata.row_commit_version > 2";
            assertEquals(
                canonicalRows(delta(path).where(recent).selectExpr(fields)),
                canonicalRows(deltax(path).where(recent).selectExpr(fields)));
          });
    }
  }

  @Test
  void everyMetadataFieldAndItsSchemaMatchDeltaSpark() {
    String path = upgradedTable("all-fields", 3);
    sql("UPDATE " + quote(path) + " SET v = 'u' WHERE id = 2");
    assertEquals(
        withoutFieldMetadata(delta(path).select("_metadata").schema()),
        withoutFieldMetadata(deltaSparkFields(deltax(path).select("_metadata")).schema()));
    StructType ours = (StructType) deltax(path).select("_metadata").schema().fields()[0].dataType();
    assertEquals(
        "row_data_version", ours.fieldNames()[ours.size() - 1], "deltax's own field, last");
    assertEquals(
        canonicalRows(delta(path).select("id", "_metadata")),
        canonicalRows(deltaSparkFields(deltax(path).select("id", "_metadata"))));
    assertEquals(
        canonicalRows(
            delta(path)
                .selectExpr(
                    "_metadata.file_name",
                    "_metadata.base_row_id",
                    "_metadata.default_row_commit_version",
                    "v")),
        canonicalRows(
            deltax(path)
                .selectExpr(
                    "_metadata.file_name",
                    "_metadata.base_row_id",
                    "_metadata.default_row_commit_version",
                    "v")));
  }

  @Test
  void rowBasedReaderGivesTheSameAnswer() {
    String path = upgradedTable("row-based", 4);
    sql("UPDATE " + quote(path) + " SET v = 'u' WHERE id > 2");
    SharedSpark.withConf(
        Map.of("spark.sql.parquet.enableVectorizedReader", "false"),
        () -> {
          String plan =
              deltax(path).selectExpr(ROW_TRACKING).queryExecution().executedPlan().toString();
          assertFalse(plan.contains("ColumnarToRow"), plan);
          assertSameRowTracking(path);
          assertEquals(
              canonicalRows(delta(path).select("id", "v", "_metadata")),
              canonicalRows(deltaSparkFields(deltax(path).select("id", "v", "_metadata"))));
        });
  }

  @Test
  void selectingOnlyRowIdsReadsNoDataColumnAndStaysColumnar() {
    String path = upgradedTable("only-ids", 3);
    Dataset<Row> ids = deltax(path).select("_metadata.row_id");
    String plan = ids.queryExecution().executedPlan().toString();
    assertTrue(plan.contains("ColumnarToRow"), plan);
    String scan = plan.lines().filter(l -> l.contains("BatchScan")).findFirst().orElseThrow();
    assertFalse(scan.contains("id#") || scan.contains("v#"), scan);
    assertEquals(canonicalRows(delta(path).select("_metadata.row_id")), canonicalRows(ids));
    // The materialized columns never show in SELECT *.
    assertEquals(List.of("id", "v"), List.of(deltax(path).columns()));
  }

  @Test
  void timeTravelBeforeAndAfterEnablement() {
    String path = upgradedTable("travel", 2);
    // Versions 0..2 predate row tracking: neither reader has row IDs there.
    Exception before =
        assertThrows(
            Exception.class,
            () ->
                spark()
                    .read()
                    .format("deltax")
                    .option("versionAsOf", "2")
                    .load(path)
                    .select("_metadata.row_id")
                    .collect());
    assertThrows(
        Exception.class,
        () ->
            spark()
                .read()
                .format("delta")
                .option("versionAsOf", "2")
                .load(path)
                .select("_metadata.row_id")
                .collect());
    assertTrue(before.getMessage().contains("row_id"), before.getMessage());
    // The backfill commit assigned row IDs, but row tracking is only enabled by the next commit.
    long backfill = deltax(path).select("_metadata.row_commit_version").first().getLong(0);
    assertThrows(
        Exception.class,
        () ->
            spark()
                .read()
                .format("deltax")
                .option("versionAsOf", Long.toString(backfill))
                .load(path)
                .select("_metadata.row_id")
                .collect());
    assertThrows(
        Exception.class,
        () ->
            spark()
                .read()
                .format("delta")
                .option("versionAsOf", Long.toString(backfill))
                .load(path)
                .select("_metadata.row_id")
                .collect());
    assertSameRowTracking(path, r -> r.option("versionAsOf", Long.toString(backfill + 1)));
    sql("INSERT INTO " + quote(path) + " VALUES (3, 'v3')");
    assertSameRowTracking(path, r -> r.option("versionAsOf", Long.toString(backfill + 1)));
    assertSameRowTracking(path);
  }

  @Test
  void disabledAfterEnablingHidesRowTrackingFields() {
    String path = upgradedTable("disabled", 2);
    sql("ALTER TABLE " + quote(path) + " SET TBLPROPERTIES ('delta.enableRowTracking' = 'false')");
    assertThrows(Exception.class, () -> delta(path).select("_metadata.row_id").collect());
    Exception e =
        assertThrows(Exception.class, () -> deltax(path).select("_metadata.row_id").collect());
    assertTrue(e.getMessage().contains("row_id"), e.getMessage());
    assertEquals(
        withoutFieldMetadata(delta(path).select("_metadata").schema()),
        withoutFieldMetadata(deltax(path).select("_metadata").schema()));
    assertSameRows(
        delta(path).select("id", "_metadata.file_name"),
        deltax(path).select("id", "_metadata.file_name"));
  }

  @Test
  void filtersOnRowIdPruneFilesWhoseIdsCannotMatch() {
    String path = upgradedTable("row-id-pruning", 6);
    // Every file holds one row; the UPDATE rewrites row 3 into a new file with its old row ID
    // materialized, so that file's own id range says nothing about row 3.
    sql("UPDATE " + quote(path) + " SET v = 'u' WHERE id = 3");
    List<Row> ids = deltax(path).selectExpr("id", "_metadata.row_id").orderBy("id").collectAsList();
    for (Row r : ids) {
      long rowId = r.getLong(1);
      Dataset<Row> lookup = deltax(path).where("_metadata.row_id = " + rowId).select("id");
      assertEquals(
          List.of(r.getInt(0)), lookup.collectAsList().stream().map(x -> x.getInt(0)).toList());
      assertEquals(1, filesScanned(lookup), "row " + r.getInt(0));
      assertEquals(
          canonicalRows(delta(path).where("_metadata.row_id = " + rowId).select("id")),
          canonicalRows(lookup));
    }
    long max = ids.stream().mapToLong(r -> r.getLong(1)).max().orElseThrow();
    Dataset<Row> none = deltax(path).where("_metadata.row_id > " + max);
    assertEquals(0, none.count());
    // Only the rewritten file stays: its own range lies above, though its one row is materialized.
    assertEquals(1, filesScanned(none));
    Dataset<Row> some = deltax(path).where("_metadata.row_id >= 2 AND _metadata.row_id <= 3");
    assertEquals(
        canonicalRows(delta(path).where("_metadata.row_id >= 2 AND _metadata.row_id <= 3")),
        canonicalRows(some));
  }

  /** deltax's {@code _metadata} without its own {@code row_data_version}: delta-spark's fields. */
  private static Dataset<Row> deltaSparkFields(Dataset<Row> rows) {
    return rows.withColumn(
        "_metadata",
        org.apache
            .spark
            .sql
            .functions
            .col("_metadata")
            .dropFields(
                scala.jdk.javaapi.CollectionConverters.asScala(List.of("row_data_version"))
                    .toSeq()));
  }

  private static DataType withoutFieldMetadata(DataType type) {
    if (type instanceof StructType struct) {
      StructField[] fields = new StructField[struct.size()];
      for (int i = 0; i < fields.length; i++) {
        StructField f = struct.fields()[i];
        fields[i] =
            new StructField(
                f.name(),
                withoutFieldMetadata(f.dataType()),
                f.nullable(),
                org.apache.spark.sql.types.Metadata.empty());
      }
      return new StructType(fields);
    }
    return type;
  }
}
