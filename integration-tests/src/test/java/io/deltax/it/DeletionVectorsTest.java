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

import static io.deltax.it.DeltaOracle.assertSameTable;
import static io.deltax.it.DeltaOracle.canonicalRows;
import static io.deltax.it.DeltaOracle.checkpoint;
import static io.deltax.it.DeltaOracle.delta;
import static io.deltax.it.DeltaOracle.deltax;
import static io.deltax.it.DeltaOracle.quote;
import static io.deltax.it.DeltaOracle.spark;
import static io.deltax.it.DeltaOracle.sql;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Tables whose DELETE, UPDATE and MERGE wrote deletion vectors (merge-on-read). */
class DeletionVectorsTest {
  @TempDir static Path dir;

  @BeforeAll
  static void start() {
    spark();
  }

  private static String table(String name, String extraProperties, boolean partitioned) {
    String path = dir.resolve(name).toString();
    sql(
        "CREATE TABLE "
            + quote(path)
            + " (id INT, grp STRING, v INT) USING delta "
            + (partitioned ? "PARTITIONED BY (grp) " : "")
            + "TBLPROPERTIES ('delta.enableDeletionVectors' = 'true'"
            + extraProperties
            + ")");
    for (int i = 0; i < 3; i++) {
      sql(
          "INSERT INTO "
              + quote(path)
              + " SELECT id, CAST(id % 3 AS STRING), id * 10 FROM range("
              + (i * 20)
              + ", "
              + (i * 20 + 20)
              + ")");
    }
    return path;
  }

  private static long deletionVectorFiles(String path) throws IOException {
    try (var files = Files.walk(Path.of(path))) {
      return files.filter(p -> p.getFileName().toString().startsWith("deletion_vector_")).count();
    }
  }

  @Test
  void deleteUpdateAndMergeWithDeletionVectors() throws IOException {
    for (boolean partitioned : new boolean[] {false, true}) {
      String path = table("dml-" + partitioned, "", partitioned);
      sql("DELETE FROM " + quote(path) + " WHERE id % 4 = 0");
      assertTrue(deletionVectorFiles(path) > 0, "delta-spark wrote deletion vectors");
      assertSameTable(path);
      sql("UPDATE " + quote(path) + " SET v = -1 WHERE id % 5 = 1");
      sql("DELETE FROM " + quote(path) + " WHERE id % 7 = 2");
      assertSameTable(path);
      spark()
          .range(50, 70)
          .selectExpr(
              "CAST(id AS INT) AS id", "CAST(id % 3 AS STRING) AS grp", "CAST(id AS INT) AS v")
          .createOrReplaceTempView("dv_source");
      sql(
          "MERGE INTO "
              + quote(path)
              + " t USING dv_source s ON t.id = s.id "
              + "WHEN MATCHED AND s.id % 2 = 0 THEN DELETE WHEN MATCHED THEN UPDATE SET v = 0 "
              + "WHEN NOT MATCHED THEN INSERT *");
      assertSameTable(path);
      assertEquals(delta(path).count(), deltax(path).count());
      assertSameTable(path);
    }
  }

  @Test
  void afterACheckpointAndWithTimeTravel() {
    String path = table("checkpointed", ", 'delta.checkpointPolicy' = 'v2'", false);
    sql("DELETE FROM " + quote(path) + " WHERE id < 5");
    checkpoint(path);
    sql("DELETE FROM " + quote(path) + " WHERE id BETWEEN 20 AND 24");
    assertSameTable(path);
    for (String version : new String[] {"3", "4", "5"}) {
      DeltaOracle.assertSame(r -> r.option("versionAsOf", version), path);
    }
  }

  @Test
  void aTruncatedDeletionVectorFileIsNamedWithWhatIsMissing() throws IOException {
    String path = table("truncated-dv", "", false);
    sql("DELETE FROM " + quote(path) + " WHERE id % 4 = 0");
    TruncatedVectorFile truncated = TruncatedVectorFile.inTable(path);
    // delta-spark cannot read the table either.
    org.junit.jupiter.api.Assertions.assertThrows(Exception.class, () -> delta(path).collect());
    truncated.assertNamedBy(
        org.junit.jupiter.api.Assertions.assertThrows(
            Exception.class, () -> deltax(path).collect()));
  }

  @Test
  void aMissingVectorFileIsNamed() throws IOException {
    String path = table("missing-dv", "", false);
    sql("DELETE FROM " + quote(path) + " WHERE id % 4 = 0");
    Path file = DeletionVectorTable.deleteVectorFile(path);
    org.junit.jupiter.api.Assertions.assertThrows(Exception.class, () -> delta(path).collect());
    String message =
        DeletionVectorTable.unreadableVectorError(
            org.junit.jupiter.api.Assertions.assertThrows(
                Exception.class, () -> deltax(path).collect()));
    assertTrue(message.contains(file.getFileName() + " does not exist"), message);
  }

  @Test
  void rowTrackingWithDeletionVectorsAcrossRowGroupsAndSplits() {
    String path = dir.resolve("rt-dv").toString();
    SharedSpark.withConf(
        Map.of("parquet.block.size", "8192", "spark.hadoop.parquet.block.size", "8192"),
        () -> {
          sql(
              "CREATE TABLE "
                  + quote(path)
                  + " (id BIGINT, payload STRING) USING delta TBLPROPERTIES ("
                  + "'delta.enableDeletionVectors' = 'true', 'delta.enableRowTracking' = 'true')");
          sql(
              "INSERT INTO "
                  + quote(path)
                  + " SELECT /*+ REPARTITION(1) */ id, sha2(CAST(id AS STRING), 256) FROM range(0,"
                  + " 12000)");
          sql("DELETE FROM " + quote(path) + " WHERE id % 9 = 4 OR id BETWEEN 3000 AND 5000");
          sql("UPDATE " + quote(path) + " SET payload = 'u' WHERE id % 1000 = 1");
        });
    SharedSpark.withConf(
        Map.of(
            "spark.sql.files.maxPartitionBytes",
            "32768",
            "spark.sql.files.openCostInBytes",
            "1024"),
        () -> {
          assertTrue(deltax(path).rdd().getNumPartitions() > 4);
          String[] columns = {
            "id",
            "payload",
            "_metadata.row_index",
            "_metadata.row_id",
            "_metadata.row_commit_version"
          };
          assertEquals(
              canonicalRows(delta(path).selectExpr(columns)),
              canonicalRows(deltax(path).selectExpr(columns)));
          assertEquals(
              canonicalRows(delta(path).selectExpr("count(*)", "sum(id)")),
              canonicalRows(deltax(path).selectExpr("count(*)", "sum(id)")));
        });
    SharedSpark.withConf(
        Map.of("spark.sql.parquet.enableVectorizedReader", "false"),
        () ->
            assertEquals(
                canonicalRows(delta(path).selectExpr("id", "_metadata.row_id")),
                canonicalRows(deltax(path).selectExpr("id", "_metadata.row_id"))));
  }
}
