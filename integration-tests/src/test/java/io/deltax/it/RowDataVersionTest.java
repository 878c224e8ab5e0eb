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

import static io.deltax.it.DeltaOracle.checkpoint;
import static io.deltax.it.DeltaOracle.delta;
import static io.deltax.it.DeltaOracle.deltax;
import static io.deltax.it.DeltaOracle.filesScanned;
import static io.deltax.it.DeltaOracle.quote;
import static io.deltax.it.DeltaOracle.spark;
import static io.deltax.it.DeltaOracle.sql;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.delta.DeltaLog;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import scala.Option;

/**
 * {@code _metadata.row_data_version}: the field report's incremental pipeline (fact 5) across a row
 * tracking enablement by delta-spark and by deltax, through UPDATE, OPTIMIZE and log clean-up.
 * Versions come from delta-spark: the version each INSERT made, and delta-spark's own {@code
 * row_commit_version}.
 */
class RowDataVersionTest {
  @TempDir static Path dir;

  private static final String RDV = "_metadata.row_data_version";
  private static final String RCV = "_metadata.row_commit_version";

  @BeforeAll
  static void start() {
    spark();
  }

  /** A table of 4 rows in 4 commits; returns the version that inserted each id. */
  private static Map<Integer, Long> fourInserts(String path) {
    sql("CREATE TABLE " + quote(path) + " (id INT, v STRING) USING delta");
    Map<Integer, Long> inserted = new HashMap<>();
    for (int i = 1; i <= 4; i++) {
      sql("INSERT INTO " + quote(path) + " VALUES (" + i + ", 'v" + i + "')");
      inserted.put(i, version(path));
    }
    return inserted;
  }

  private static long version(String path) {
    return DeltaLog.forTable(spark(), path).update(false, Option.empty(), Option.empty()).version();
  }

  private static void enableWithDeltaSpark(String path) {
    sql(
        "ALTER TABLE "
            + quote(path)
            + " SET TBLPROPERTIES ("
            + "'delta.enableRowTracking' = 'true', 'delta.checkpointPolicy' = 'v2')");
  }

  private static void enableWithDeltax(String path) {
    Row r = spark().sql("CALL backfill_row_tracking(table => '" + path + "')").first();
    assertTrue(r.getBoolean(r.fieldIndex("row_tracking_enabled")));
  }

  private static long count(Dataset<Row> rows, String where) {
    return rows.where(where).count();
  }

  /** Each id's row data version as deltax reads it. */
  private static Map<Integer, Long> dataVersions(String path) {
    Map<Integer, Long> versions = new HashMap<>();
    for (Row r : deltax(path).selectExpr("id", RDV).collectAsList()) {
      versions.put(r.getInt(0), r.getLong(1));
    }
    return versions;
  }

  /**
   * What an incremental job at watermark 4 sees: delta-spark and deltax agree that all rows have
   * row commit versions above it; their data versions are not.
   */
  private static void assertWatermarkAnswers(
      String path, Map<Integer, Long> expectedVersions, long expectedNewer) {
    long watermark = 4;
    assertEquals(
        count(delta(path), RCV + " > " + watermark), count(deltax(path), RCV + " > " + watermark));
    assertEquals(
        4, count(deltax(path), RCV + " > " + watermark), "row_commit_version: every row again");
    assertEquals(expectedNewer, count(deltax(path), RDV + " > " + watermark));
    assertEquals(expectedVersions, dataVersions(path));
  }

  private static String status(String path) {
    Row s = spark().sql("CALL row_tracking_status(table => '" + path + "')").first();
    return s.getString(s.fieldIndex("row_data_versions"));
  }

  /** Metadata clean-up: a checkpoint, then every commit file before it deleted. */
  private static void cleanUpLog(String path) throws IOException {
    checkpoint(path);
    long keep = version(path);
    try (Stream<Path> files = Files.list(Path.of(path, "_delta_log"))) {
      for (Path f : files.toList()) {
        String name = f.getFileName().toString();
        if (name.matches("\\d{20}\\.(json|crc)") && Long.parseLong(name.substring(0, 20)) < keep) {
          Files.delete(f);
        }
      }
    }
    DeltaLog.clearCache();
  }

  @Test
  void fieldReportEnabledByDeltaSparkThroughUpdateAndOptimize() {
    String path = dir.resolve("field-report").toString();
    Map<Integer, Long> inserted = fourInserts(path);
    enableWithDeltaSpark(path);
    assertWatermarkAnswers(path, inserted, 0);
    assertEquals("derivable", status(path));

    sql("UPDATE " + quote(path) + " SET v = 'u' WHERE id = 2");
    long update = version(path);
    Map<Integer, Long> afterUpdate = new HashMap<>(inserted);
    afterUpdate.put(2, update);
    assertWatermarkAnswers(path, afterUpdate, 1);
    Row changed = deltax(path).where(RDV + " > 4").selectExpr("id", RDV, RCV).first();
    assertEquals(2, changed.getInt(0));
    Row deltaSpark = delta(path).where("id = 2").selectExpr(RCV).first();
    assertEquals(
        deltaSpark.getLong(0), changed.getLong(1), "the UPDATE's version, as delta-spark says");

    sql("OPTIMIZE " + quote(path));
    assertEquals(1, deltax(path).select("_metadata.file_path").distinct().count(), "compacted");
    assertWatermarkAnswers(path, afterUpdate, 1);
    // Time travel to before the UPDATE, after the newer versions were read.
    Map<Integer, Long> before = new HashMap<>();
    spark()
        .read()
        .format("deltax")
        .option("versionAsOf", Long.toString(update - 1))
        .load(path)
        .selectExpr("id", RDV)
        .collectAsList()
        .forEach(r -> before.put(r.getInt(0), r.getLong(1)));
    assertEquals(inserted, before);
    // The row-at-a-time reader computes the same.
    SharedSpark.withConf(
        Map.of("spark.sql.parquet.enableVectorizedReader", "false"),
        () -> assertEquals(afterUpdate, dataVersions(path)));
  }

  @Test
  void deltaxBackfillStoresTheMapSoCleanUpChangesNothing() throws IOException {
    String path = dir.resolve("deltax-backfill").toString();
    Map<Integer, Long> inserted = fourInserts(path);
    enableWithDeltax(path);
    assertWatermarkAnswers(path, inserted, 0);
    assertEquals("stored", status(path));

    sql("UPDATE " + quote(path) + " SET v = 'u' WHERE id = 3");
    Map<Integer, Long> expected = new HashMap<>(inserted);
    expected.put(3, version(path));
    assertWatermarkAnswers(path, expected, 1);

    cleanUpLog(path);
    assertFalse(Files.exists(Path.of(path, "_delta_log", String.format("%020d.json", 0))));
    assertEquals("stored", status(path), "delta-spark's checkpoint kept the domain");
    assertWatermarkAnswers(path, expected, 1);
    sql("OPTIMIZE " + quote(path));
    assertWatermarkAnswers(path, expected, 1);
  }

  @Test
  void deltaSparkEnabledTableAfterCleanUpFallsBackUnlessPreserved() throws IOException {
    String lost = dir.resolve("not-preserved").toString();
    fourInserts(lost);
    enableWithDeltaSpark(lost);
    cleanUpLog(lost);
    assertEquals("lost", status(lost));
    // Every row's data version falls back to its row commit version: seen again, never missed.
    assertEquals(
        deltax(lost).selectExpr("id", RCV).collectAsList().stream()
            .collect(java.util.stream.Collectors.toMap(r -> r.getInt(0), r -> r.getLong(1))),
        dataVersions(lost));
    assertEquals(4, count(deltax(lost), RDV + " > 4"));

    String kept = dir.resolve("preserved").toString();
    Map<Integer, Long> inserted = fourInserts(kept);
    enableWithDeltaSpark(kept);
    Row preserved = spark().sql("CALL preserve_row_data_versions(table => '" + kept + "')").first();
    assertTrue(preserved.getBoolean(preserved.fieldIndex("stored")), preserved.toString());
    assertTrue(preserved.getBoolean(preserved.fieldIndex("exact")), preserved.toString());
    assertEquals(version(kept), preserved.getLong(preserved.fieldIndex("version")));
    Row again = spark().sql("CALL preserve_row_data_versions(table => '" + kept + "')").first();
    assertFalse(again.getBoolean(again.fieldIndex("stored")), "a second call writes nothing");
    cleanUpLog(kept);
    assertEquals("stored", status(kept));
    assertWatermarkAnswers(kept, inserted, 0);
    // delta-spark still reads the table, and the extra commit changed none of its answers.
    assertEquals(4, delta(kept).count());
  }

  @Test
  void filtersOnRowDataVersionOpenOnlyFilesThatCanMatch() throws IOException {
    for (boolean byDeltax : new boolean[] {false, true}) {
      String path = dir.resolve("skipping-" + byDeltax).toString();
      Map<Integer, Long> inserted = fourInserts(path);
      if (byDeltax) {
        enableWithDeltax(path);
      } else {
        enableWithDeltaSpark(path);
      }
      sql("UPDATE " + quote(path) + " SET v = 'u' WHERE id = 1");
      if (byDeltax) {
        cleanUpLog(path); // the stored map alone must do
      }
      for (long watermark : List.of(inserted.get(2), 4L, version(path) - 1, version(path))) {
        Dataset<Row> changed = deltax(path).where(RDV + " > " + watermark);
        long matchingFiles =
            deltax(path)
                .where(RDV + " > " + watermark)
                .select("_metadata.file_path")
                .distinct()
                .count();
        assertEquals(matchingFiles, filesScanned(changed), "watermark " + watermark);
        assertEquals(
            dataVersions(path).values().stream().filter(v -> v > watermark).count(),
            changed.count());
      }
    }
  }

  @Test
  void aBoundedMapMakesRowsLookNewerNeverOlder() {
    String path = dir.resolve("bounded").toString();
    Map<Integer, Long> inserted = fourInserts(path);
    SharedSpark.withConf(
        Map.of("spark.deltax.rowDataVersions.maxRuns", "0"),
        () -> {
          Exception e =
              org.junit.jupiter.api.Assertions.assertThrows(
                  Exception.class, () -> enableWithDeltax(path));
          assertTrue(
              e.getMessage().contains("spark.deltax.rowDataVersions.maxRuns"), e.getMessage());
        });
    assertEquals(inserted.get(4), version(path), "a bad conf writes nothing");
    SharedSpark.withConf(
        Map.of("spark.deltax.rowDataVersions.maxRuns", "2"), () -> enableWithDeltax(path));
    Map<Integer, Long> read = dataVersions(path);
    for (int id = 1; id <= 4; id++) {
      assertTrue(read.get(id) >= inserted.get(id) && read.get(id) <= 4, id + ": " + read);
    }
    assertTrue(new java.util.HashSet<>(read.values()).size() <= 2, read.toString());
    assertEquals(0, count(deltax(path), RDV + " > 4"));
  }

  @Test
  void aTableRecreatedAtTheSamePathIsNotAnsweredFromTheOldOnesLog() throws IOException {
    String path = dir.resolve("recreated").toString();
    fourInserts(path);
    enableWithDeltaSpark(path);
    Map<Integer, Long> first = dataVersions(path); // derived, and cached
    org.apache.commons.io.FileUtils.deleteDirectory(new java.io.File(path));
    DeltaLog.clearCache();
    // The same number of commits, but two rows in the first INSERT: other data versions.
    sql("CREATE TABLE " + quote(path) + " (id INT, v STRING) USING delta");
    sql("INSERT INTO " + quote(path) + " VALUES (1, 'a'), (2, 'b')");
    long both = version(path);
    sql("INSERT INTO " + quote(path) + " VALUES (3, 'c')");
    sql("INSERT INTO " + quote(path) + " VALUES (4, 'd')");
    sql("INSERT INTO " + quote(path) + " VALUES (5, 'e')");
    enableWithDeltaSpark(path);
    Map<Integer, Long> second = dataVersions(path);
    assertEquals(both, second.get(2));
    assertTrue(!first.get(2).equals(second.get(2)), first + " / " + second);
  }

  @Test
  void preserveOnBadInputNamesTheProblemAndWritesNothing() throws IOException {
    String missing = dir.resolve("no-such-table").toString();
    Exception e =
        org.junit.jupiter.api.Assertions.assertThrows(
            Exception.class,
            () ->
                spark()
                    .sql("CALL preserve_row_data_versions(table => '" + missing + "')")
                    .collect());
    assertTrue(
        e.getMessage().contains("DELTAX_TABLE_NOT_FOUND") && e.getMessage().contains(missing),
        e.getMessage());

    String plain = dir.resolve("no-row-tracking").toString();
    fourInserts(plain);
    long before = version(plain);
    Row r = spark().sql("CALL preserve_row_data_versions(table => '" + plain + "')").first();
    assertFalse(r.getBoolean(r.fieldIndex("stored")));
    assertTrue(
        r.getString(r.fieldIndex("message")).contains("no ROW TRACKING BACKFILL"), r.toString());
    assertEquals(before, version(plain), "nothing written");
    assertEquals("not needed", status(plain));
  }
}
