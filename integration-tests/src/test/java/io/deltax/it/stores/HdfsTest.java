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
package io.deltax.it.stores;

import static io.deltax.it.DeltaOracle.checkpoint;
import static io.deltax.it.DeltaOracle.quote;
import static io.deltax.it.DeltaOracle.spark;
import static io.deltax.it.DeltaOracle.sql;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.delta.DeltaLog;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import scala.Option;

/**
 * deltax on HDFS (a MiniDFSCluster): tables delta-spark wrote over {@code hdfs://} read as
 * delta-spark reads them; the backfill's commits and checkpoint published by rename without
 * overwrite, also through a viewfs mount and when two backfills race.
 */
class HdfsTest {
  private static final int RACE_TRIALS = 3;

  @TempDir static Path dir;
  static MiniHdfs hdfs;

  @BeforeAll
  static void start() throws IOException {
    spark();
    hdfs = MiniHdfs.start(dir);
  }

  @AfterAll
  static void stop() throws IOException {
    if (hdfs != null) {
      hdfs.close();
    }
  }

  @Test
  void rowTrackingDeletionVectorsAndACheckpoint() throws IOException {
    String url = hdfs.url("/read/deletion-vectors");
    StoreTables.create(
        url,
        3,
        "'delta.enableRowTracking' = 'true', "
            + "'delta.enableDeletionVectors' = 'true', 'delta.checkpointInterval' = '3'");
    sql("DELETE FROM " + quote(url) + " WHERE id % 4 = 0");
    sql("UPDATE " + quote(url) + " SET v = 'u' WHERE id % 5 = 1"); // materialized row IDs
    sql("INSERT INTO " + quote(url) + " VALUES (100, 'after')");
    assertTrue(StoreTables.hasCheckpoint(url, 3), StoreTables.logNames(url).toString());
    FileStatus[] root = StoreTables.fileSystem(url).listStatus(new org.apache.hadoop.fs.Path(url));
    assertTrue(
        Arrays.stream(root).anyMatch(s -> s.getPath().getName().startsWith("deletion_vector_")),
        "the DELETE wrote a deletion vector");
    StoreTables.assertSameRowsAndMetadata(url);
  }

  @Test
  void v2CheckpointPartitionsAndColumnMapping() throws IOException {
    String url = hdfs.url("/read/v2-checkpoint");
    sql(
        "CREATE TABLE "
            + quote(url)
            + " (id BIGINT, part STRING) USING delta PARTITIONED BY (part) "
            + "TBLPROPERTIES ('delta.enableRowTracking' = 'true', 'delta.checkpointPolicy' = 'v2', "
            + "'delta.columnMapping.mode' = 'name')");
    sql("INSERT INTO " + quote(url) + " SELECT id, CAST(id % 3 AS STRING) FROM range(12)");
    sql("UPDATE " + quote(url) + " SET id = id + 100 WHERE id % 2 = 0");
    checkpoint(url);
    sql("INSERT INTO " + quote(url) + " VALUES (50, 'x')");
    assertTrue(
        StoreTables.logNames(url).stream()
            .anyMatch(n -> n.matches("0{19}2\\.checkpoint\\.[0-9a-f-]{36}\\.(json|parquet)")),
        StoreTables.logNames(url).toString());
    StoreTables.assertSameRowsAndMetadata(url);
  }

  @Test
  void backfillInSeveralCommitsThenACheckpoint() throws IOException {
    String url = hdfs.url("/backfill/batches");
    StoreTables.create(url, 5, "'delta.checkpointInterval' = '3'");
    sql("INSERT INTO " + quote(url) + " VALUES (100, 'after')");
    Row result = StoreTables.backfill(url, 2);
    assertEquals(6L, result.getLong(2), "files backfilled");
    assertEquals(3, result.getInt(3), "backfill commits");
    assertTrue(result.getBoolean(7), "row tracking enabled");
    List<String> operations = StoreTables.operations(url);
    assertEquals(
        List.of(
            "UPGRADE PROTOCOL",
            "ROW TRACKING BACKFILL",
            "ROW TRACKING BACKFILL",
            "ROW TRACKING BACKFILL",
            "SET TBLPROPERTIES"),
        operations.subList(3, operations.size()));
    long latest = operations.size() - 1;
    // The run passed versions 3 and 6: deltax checkpoints its last version, and delta-spark uses
    // it.
    assertTrue(StoreTables.hasCheckpoint(url, latest), StoreTables.logNames(url).toString());
    DeltaLog.clearCache();
    assertEquals(
        latest,
        DeltaLog.forTable(spark(), url)
            .update(false, Option.empty(), Option.empty())
            .logSegment()
            .checkpointProvider()
            .version());
    StoreTables.assertBackfillAgrees(url);
  }

  @Test
  void backfillThroughAViewfsMount() throws IOException {
    Configuration conf = spark().sparkContext().hadoopConfiguration();
    String mount = "fs.viewfs.mounttable.deltax.link./tables";
    conf.set(mount, hdfs.url("/viewfs"));
    try {
      String url = "viewfs://deltax/tables/backfill";
      StoreTables.create(url, 4, "");
      Row result = StoreTables.backfill(url, 2);
      assertEquals(2, result.getInt(3), "backfill commits");
      assertTrue(result.getBoolean(7), "row tracking enabled");
      // The commits landed on HDFS, where the mount points.
      assertTrue(
          StoreTables.logNames(hdfs.url("/viewfs/backfill"))
              .contains(String.format("%020d.json", 4L)));
      StoreTables.assertBackfillAgrees(url);
    } finally {
      conf.unset(mount);
    }
  }

  @Test
  void racingBackfillsLoseNoCommit() throws Exception {
    for (int trial = 0; trial < RACE_TRIALS; trial++) {
      String url = hdfs.url("/race/" + trial);
      StoreTables.create(url, 6, "'delta.checkpointInterval' = '4'");
      BackfillRace.assertSound(url, 6, BackfillRace.race(url, 1));
    }
  }
}
