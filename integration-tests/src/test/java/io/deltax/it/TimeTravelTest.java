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

import static io.deltax.it.DeltaOracle.assertSame;
import static io.deltax.it.DeltaOracle.checkpoint;
import static io.deltax.it.DeltaOracle.deltax;
import static io.deltax.it.DeltaOracle.quote;
import static io.deltax.it.DeltaOracle.spark;
import static io.deltax.it.DeltaOracle.sql;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;
import org.apache.spark.sql.delta.DeltaLog;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** versionAsOf and timestampAsOf, compared with delta-spark, across a checkpoint. */
class TimeTravelTest {
  @TempDir static Path dir;
  static String path;

  /** Commit v gets the file time 2024-01-01T00:00:00Z + v hours. */
  static final Instant START = Instant.parse("2024-01-01T00:00:00Z");

  @BeforeAll
  static void createTable() {
    spark();
    path = dir.resolve("travel").toString();
    sql("CREATE TABLE " + quote(path) + " (id INT) USING delta");
    for (int i = 1; i <= 4; i++) {
      sql("INSERT INTO " + quote(path) + " VALUES (" + i + ")");
    }
    checkpoint(path);
    sql("DELETE FROM " + quote(path) + " WHERE id = 2");
    dateCommits(path, 5);
    DeltaLog.clearCache();
  }

  /** Gives commit v of {@code table}, 0 to {@code last}, the file time {@link #START} + v hours. */
  private static void dateCommits(String table, int last) {
    for (int v = 0; v <= last; v++) {
      File commit = new File(table + "/_delta_log/" + String.format("%020d.json", v));
      assertTrue(commit.setLastModified(START.plusSeconds(3600L * v).toEpochMilli()));
    }
  }

  /** The commits are dated 2024, beyond delta-spark's retention check for time travel. */
  private static final Map<String, String> NO_RETENTION_CHECK =
      Map.of(
          "spark.databricks.delta.vacuum.enforceTimeTravelWithinDeletedFileRetentionDuration",
          "false");

  private static void sameAtTimestamp(String timestamp) {
    SharedSpark.withConf(
        NO_RETENTION_CHECK, () -> assertSame(r -> r.option("timestampAsOf", timestamp), path));
  }

  @Test
  void everyVersion() {
    SharedSpark.withConf(
        NO_RETENTION_CHECK,
        () -> {
          for (int v = 0; v <= 5; v++) {
            String version = Integer.toString(v);
            assertSame(r -> r.option("versionAsOf", version), path);
          }
        });
  }

  /**
   * delta-spark's time travel in the path: {@code @v<version>} and {@code @yyyyMMddHHmmssSSS} (in
   * the session's time zone, UTC here), unless a directory of that name exists, which is read as
   * itself; with an option too, an error.
   */
  @Test
  void timeTravelInThePathAsDeltaSpark() {
    SharedSpark.withConf(
        NO_RETENTION_CHECK,
        () -> {
          for (String suffix :
              new String[] {"@v1", "@V3", "@20240101023000000", "@20240101050000000"}) {
            DeltaOracle.assertSameRows(
                spark().read().format("delta").load(path + suffix),
                spark().read().format("deltax").load(path + suffix));
          }
        });
    assertEquals(1, spark().read().format("deltax").load(path + "@v1").count());
    String named = dir.resolve("named@v1").toString();
    sql("CREATE TABLE " + quote(named) + " (id INT) USING delta");
    sql("INSERT INTO " + quote(named) + " VALUES (7), (8)");
    DeltaOracle.assertSameRows(
        spark().read().format("delta").load(named), spark().read().format("deltax").load(named));
    Exception both =
        assertThrows(
            Exception.class,
            () ->
                spark()
                    .read()
                    .format("deltax")
                    .option("versionAsOf", "2")
                    .load(path + "@v1")
                    .collect());
    assertTrue(both.getMessage().contains("DELTAX_INVALID_OPTION"), both.getMessage());
  }

  @Test
  void timestampsBetweenAndOnCommits() {
    sameAtTimestamp("2024-01-01 00:00:00");
    sameAtTimestamp("2024-01-01 00:59:59.999");
    sameAtTimestamp("2024-01-01 02:30:00");
    sameAtTimestamp("2024-01-01T04:00:00Z");
    sameAtTimestamp("2024-01-01 05:00:00");
    assertEquals(3, deltax(path, "timestampAsOf", "2024-01-01 03:10:00").count());
  }

  /**
   * The latest version added a reader feature deltax does not read (geospatial, which delta-spark
   * supports): a time before it reads as delta-spark's, as versionAsOf does; the latest is refused
   * by name.
   */
  @Test
  void aTimeBeforeAnUnreadableLatestVersion() {
    String geo = dir.resolve("geo-latest").toString();
    sql("CREATE TABLE " + quote(geo) + " (id INT) USING delta");
    sql("INSERT INTO " + quote(geo) + " VALUES (1)");
    sql(
        "ALTER TABLE "
            + quote(geo)
            + " SET TBLPROPERTIES ('delta.feature.geospatial' = 'supported')");
    dateCommits(geo, 2);
    DeltaLog.clearCache();
    SharedSpark.withConf(
        NO_RETENTION_CHECK,
        () -> assertSame(r -> r.option("timestampAsOf", "2024-01-01 01:30:00"), geo));
    Exception e =
        assertThrows(
            Exception.class, () -> deltax(geo, "timestampAsOf", "2024-01-01 02:00:00").collect());
    assertTrue(
        e.getMessage().contains("DELTAX_UNSUPPORTED_READER_FEATURE")
            && e.getMessage().contains("geospatial"),
        e.getMessage());
  }

  private static org.apache.spark.sql.Dataset<org.apache.spark.sql.Row> deltax(
      String p, String k, String v) {
    return spark().read().format("deltax").option(k, v).load(p);
  }

  @Test
  void timestampBeforeTheFirstCommitIsAnError() {
    Exception e =
        assertThrows(
            Exception.class, () -> deltax(path, "timestampAsOf", "2023-12-31 23:00:00").collect());
    assertTrue(
        e.getMessage().contains("DELTAX_TIMESTAMP_NOT_AVAILABLE")
            && e.getMessage().contains("before the earliest available commit"),
        e.getMessage());
  }

  @Test
  void timestampAfterTheLastCommitIsAnError() {
    Exception e =
        assertThrows(
            Exception.class, () -> deltax(path, "timestampAsOf", "2024-01-01 05:00:01").collect());
    assertTrue(e.getMessage().contains("after the latest commit"), e.getMessage());
  }

  @Test
  void versionThatDoesNotExistIsAnError() {
    Exception e = assertThrows(Exception.class, () -> deltax(path, "versionAsOf", "6").collect());
    assertTrue(
        e.getMessage().contains("DELTAX_VERSION_NOT_AVAILABLE")
            && e.getMessage().contains("0 to 5"),
        e.getMessage());
    Exception bad =
        assertThrows(Exception.class, () -> deltax(path, "versionAsOf", "-1").collect());
    assertTrue(bad.getMessage().contains("versionAsOf"), bad.getMessage());
    Exception both =
        assertThrows(
            Exception.class,
            () ->
                spark()
                    .read()
                    .format("deltax")
                    .option("versionAsOf", "1")
                    .option("timestampAsOf", "2024-01-01")
                    .load(path)
                    .collect());
    assertTrue(both.getMessage().contains("cannot be used together"), both.getMessage());
  }

  @Test
  void inCommitTimestampsDecideOnceEnabled() {
    String ict = dir.resolve("ict").toString();
    sql("CREATE TABLE " + quote(ict) + " (id INT) USING delta");
    sql("INSERT INTO " + quote(ict) + " VALUES (1)");
    sql(
        "ALTER TABLE "
            + quote(ict)
            + " SET TBLPROPERTIES ('delta.enableInCommitTimestamps' = 'true')");
    sql("INSERT INTO " + quote(ict) + " VALUES (2)");
    sql("INSERT INTO " + quote(ict) + " VALUES (3)");
    // File times say 2024; the in-commit timestamps of versions 2..4 say now. Both readers must
    // use the in-commit timestamps from the enablement version on.
    dateCommits(ict, 4);
    DeltaLog.clearCache();
    SharedSpark.withConf(
        NO_RETENTION_CHECK,
        () -> {
          for (String ts : new String[] {"2024-01-01 00:30:00", "2024-01-01 01:30:00"}) {
            assertSame(r -> r.option("timestampAsOf", ts), ict);
          }
          for (org.apache.spark.sql.Row commit :
              spark()
                  .sql("DESCRIBE HISTORY " + quote(ict))
                  .where("version >= 2")
                  .select("version", "timestamp")
                  .collectAsList()) {
            String at = ((java.sql.Timestamp) commit.get(1)).toInstant().toString();
            assertSame(r -> r.option("timestampAsOf", at), ict);
            assertEquals(commit.getLong(0) - 1, deltax(ict, "timestampAsOf", at).count());
          }
        });
  }

  /**
   * The commits before in-commit timestamps were enabled have file times later than every in-commit
   * timestamp (a table copied since): PROTOCOL.md ("Recommendations for Readers of Tables with
   * In-Commit Timestamps") searches a time at or after the enablement commit's among the commits
   * from it on, by their in-commit timestamps, as delta-spark does. Time travel to each of their
   * times, and a change feed from it, give delta-spark's answers (one search over both timelines
   * found such a time "before the first commit", and started the feed at version 0).
   */
  @Test
  void inCommitTimestampsAreSearchedApartFromOlderFileTimes() {
    String ict = dir.resolve("ict-copied").toString();
    sql(
        "CREATE TABLE "
            + quote(ict)
            + " (id INT) USING delta TBLPROPERTIES ("
            + "'delta.enableChangeDataFeed' = 'true', 'delta.enableRowTracking' = 'true')");
    sql("INSERT INTO " + quote(ict) + " VALUES (1)");
    sql(
        "ALTER TABLE "
            + quote(ict)
            + " SET TBLPROPERTIES ('delta.enableInCommitTimestamps' = 'true')");
    sql("INSERT INTO " + quote(ict) + " VALUES (2)");
    sql("INSERT INTO " + quote(ict) + " VALUES (3)");
    long dayLater = System.currentTimeMillis() + 86_400_000L;
    for (int v = 0; v <= 1; v++) {
      File commit = new File(ict + "/_delta_log/" + String.format("%020d.json", v));
      assertTrue(commit.setLastModified(dayLater + 1000L * v));
    }
    DeltaLog.clearCache();
    SharedSpark.withConf(
        NO_RETENTION_CHECK,
        () -> {
          for (org.apache.spark.sql.Row commit :
              spark()
                  .sql("DESCRIBE HISTORY " + quote(ict))
                  .where("version >= 2")
                  .select("version", "timestamp")
                  .collectAsList()) {
            String at = ((java.sql.Timestamp) commit.get(1)).toInstant().toString();
            assertSame(r -> r.option("timestampAsOf", at), ict);
            assertEquals(commit.getLong(0) - 1, deltax(ict, "timestampAsOf", at).count());
            java.util.List<String> feeds = new java.util.ArrayList<>();
            for (String format : new String[] {"delta", "deltax"}) {
              feeds.add(
                  spark()
                      .read()
                      .format(format)
                      .option("readChangeFeed", "true")
                      .option("startingTimestamp", at)
                      .load(ict)
                      .select("id", "_change_type", "_commit_version")
                      .orderBy("_commit_version", "id")
                      .collectAsList()
                      .toString());
            }
            assertEquals(feeds.get(0), feeds.get(1), "the change feed from " + at);
          }
        });
  }

  /**
   * The commit time of a version rebuilt from its checkpoint after its commit file was cleaned up
   * (by a tool other than delta-spark, which keeps it, and which then refuses the version: "Could
   * not find any delta files"): the in-commit timestamp its checksum file records, as delta-spark's
   * snapshot reads it first, and as its history gave it before the clean-up; not the checkpoint's
   * file time (here an hour later). Without a checksum either, deltax takes the checkpoint's time.
   */
  @Test
  void inCommitTimestampOfAVersionWhoseCommitIsGone() throws Exception {
    String ict = dir.resolve("ict-commit-gone").toString();
    sql(
        "CREATE TABLE "
            + quote(ict)
            + " (id INT) USING delta TBLPROPERTIES ("
            + "'delta.enableInCommitTimestamps' = 'true', 'delta.checkpointInterval' = '2')");
    sql("INSERT INTO " + quote(ict) + " VALUES (1)");
    sql("INSERT INTO " + quote(ict) + " VALUES (2)");
    Path log = Path.of(ict, "_delta_log");
    assertTrue(
        java.nio.file.Files.exists(log.resolve(String.format("%020d.checkpoint.parquet", 2))));
    assertTrue(java.nio.file.Files.exists(log.resolve(String.format("%020d.crc", 2))));
    long committed =
        spark()
            .sql("DESCRIBE HISTORY " + quote(ict))
            .where("version = 2")
            .first()
            .getTimestamp(1)
            .getTime();
    DeltaOracle.deleteCommits(ict, 0, 2);
    long checkpointTime = committed + 3_600_000;
    assertTrue(
        log.resolve(String.format("%020d.checkpoint.parquet", 2))
            .toFile()
            .setLastModified(checkpointTime));
    org.apache.hadoop.conf.Configuration conf = spark().sessionState().newHadoopConf();
    assertEquals(
        committed, io.deltax.log.TransactionLog.open(ict, conf).latestSnapshot().timestamp());

    java.nio.file.Files.delete(log.resolve(String.format("%020d.crc", 2)));
    assertEquals(
        checkpointTime, io.deltax.log.TransactionLog.open(ict, conf).latestSnapshot().timestamp());
  }

  @Test
  void versionsCleanedUpBeforeTheCheckpointAreNotAvailable() throws Exception {
    Path copy = dir.resolve("cleaned");
    org.apache.commons.io.FileUtils.copyDirectory(new File(path), copy.toFile());
    for (int v = 0; v <= 2; v++) {
      assertTrue(new File(copy + "/_delta_log/" + String.format("%020d.json", v)).delete());
    }
    assertEquals(4, deltax(copy.toString(), "versionAsOf", "4").count());
    assertEquals(3, deltax(copy.toString(), "versionAsOf", "5").count());
    Exception e =
        assertThrows(Exception.class, () -> deltax(copy.toString(), "versionAsOf", "2").collect());
    assertTrue(e.getMessage().contains("4 to 5"), e.getMessage());
  }
}
