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
import static io.deltax.it.DeltaOracle.deleteCommits;
import static io.deltax.it.DeltaOracle.delta;
import static io.deltax.it.DeltaOracle.quote;
import static io.deltax.it.DeltaOracle.spark;
import static io.deltax.it.DeltaOracle.sql;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.deltax.protocol.TableFeatures;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.delta.DeltaLog;
import org.apache.spark.sql.delta.Snapshot;
import org.apache.spark.sql.delta.TableFeature;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import scala.jdk.javaapi.CollectionConverters;

/**
 * CALL row_tracking_status(...) and CALL table_features(...), checked against DESCRIBE HISTORY,
 * DESCRIBE DETAIL and delta-spark's own table features.
 */
class StatusProceduresTest {
  @TempDir static Path dir;

  @BeforeAll
  static void start() {
    spark();
  }

  private static String table(String name, int rows) {
    String path = dir.resolve(name).toString();
    sql("CREATE TABLE " + quote(path) + " (id INT) USING delta");
    for (int i = 1; i <= rows; i++) {
      sql("INSERT INTO " + quote(path) + " VALUES (" + i + ")");
    }
    return path;
  }

  private static Row status(String table) {
    return spark().sql("CALL row_tracking_status(table => '" + table + "')").first();
  }

  private static Map<String, Row> features(String table) {
    Map<String, Row> byName = new HashMap<>();
    for (Row r : spark().sql("CALL table_features(table => '" + table + "')").collectAsList()) {
      byName.put(r.getString(0), r);
    }
    return byName;
  }

  /** The versions delta-spark's history shows for an operation. */
  private static List<Long> versionsOf(String path, String operation) {
    return spark()
        .sql("DESCRIBE HISTORY " + quote(path))
        .where("operation = '" + operation + "'")
        .orderBy("version")
        .select("version")
        .collectAsList()
        .stream()
        .map(r -> r.getLong(0))
        .toList();
  }

  /**
   * While a procedure reads the table's log, the thread's job description names it (what any Spark
   * job it starts there carries); the caller's description is back afterwards.
   */
  @Test
  void aProcedureNamesItselfAsItsThreadsJobDescription() {
    String path = table("described", 1);
    String described = JobDescriptionFileSystem.SCHEME + ":" + path;
    spark()
        .conf()
        .set(
            "fs." + JobDescriptionFileSystem.SCHEME + ".impl",
            JobDescriptionFileSystem.class.getName());
    spark().conf().set("fs." + JobDescriptionFileSystem.SCHEME + ".impl.disable.cache", "true");
    spark().sparkContext().setJobDescription("the caller's");
    try {
      JobDescriptionFileSystem.reset();
      status(described);
      List<String> descriptions = JobDescriptionFileSystem.descriptions();
      assertFalse(descriptions.isEmpty(), "the procedure read the table's commits");
      for (String d : descriptions) {
        assertEquals(
            "deltax CALL row_tracking_status(table => '" + described + "')",
            d,
            descriptions.toString());
      }
      assertEquals(
          "the caller's", spark().sparkContext().getLocalProperty("spark.job.description"));
    } finally {
      spark().sparkContext().setJobDescription(null);
      spark().conf().unset("fs." + JobDescriptionFileSystem.SCHEME + ".impl");
      spark().conf().unset("fs." + JobDescriptionFileSystem.SCHEME + ".impl.disable.cache");
    }
  }

  @Test
  void tableUpgradedByDeltaSparkShowsItsBoundary() {
    String path = table("upgraded", 3);
    sql(
        "ALTER TABLE "
            + quote(path)
            + " SET TBLPROPERTIES ("
            + "'delta.enableRowTracking' = 'true', 'delta.checkpointPolicy' = 'v2')");
    Row s = status(path);
    assertTrue(s.getBoolean(6), "supported");
    assertTrue(s.getBoolean(7), "enabled");
    assertEquals(versionsOf(path, "ROW TRACKING BACKFILL"), s.getList(13));
    assertEquals(versionsOf(path, "SET TBLPROPERTIES").get(0), s.getLong(15));
    assertEquals(0L, s.getLong(12), "files without row IDs");
    long maxRowId = delta(path).selectExpr("max(_metadata.row_id)").first().getLong(0);
    assertTrue(s.getLong(11) >= maxRowId, "high-water mark");
    assertTrue(s.getBoolean(16), "history complete");
    assertEquals(3, s.getInt(2));
    assertTrue(s.getList(4).contains("v2Checkpoint"));

    Map<String, Row> f = features(path);
    assertEquals("writer", f.get("rowTracking").getString(1));
    assertEquals("reader-writer", f.get("v2Checkpoint").getString(1));
    assertEquals(versionsOf(path, "UPGRADE PROTOCOL").get(0), f.get("rowTracking").getLong(2));
    assertTrue(f.get("v2Checkpoint").getBoolean(3));
  }

  @Test
  void tableBackfilledByDeltax() {
    String path = table("by-deltax", 3);
    Row result =
        spark().sql("CALL backfill_row_tracking(table => '" + path + "', batch_size => 2)").first();
    Row s = status(path);
    assertEquals(List.of(result.getLong(4), result.getLong(5)), s.getList(13));
    assertEquals(result.getLong(5) + 1, s.getLong(15));
    assertEquals(result.getLong(6), s.getLong(11));
    assertEquals(2, s.getList(14).size(), "a timestamp per backfill commit");
  }

  @Test
  void tableNeverUpgraded() {
    String path = table("never", 2);
    Row s = status(path);
    assertFalse(s.getBoolean(6));
    assertFalse(s.getBoolean(7));
    assertTrue(s.getList(13).isEmpty());
    assertTrue(s.isNullAt(15));
    assertEquals(2L, s.getLong(12));
    assertEquals(-1L, s.getLong(11));
    Map<String, Row> f = features(path);
    assertFalse(f.containsKey("rowTracking"));
    assertTrue(
        f.containsKey("appendOnly"),
        "legacy writer version 2 stands for appendOnly: " + f.keySet());
    assertEquals(0L, f.get("appendOnly").getLong(2));
  }

  @Test
  void historyCleanedUpAfterACheckpointIsReportedNotGuessed() throws IOException {
    String path = table("cleaned", 3);
    sql("ALTER TABLE " + quote(path) + " SET TBLPROPERTIES ('delta.enableRowTracking' = 'true')");
    for (int i = 0; i < 3; i++) {
      sql("INSERT INTO " + quote(path) + " VALUES (" + (10 + i) + ")");
    }
    checkpoint(path);
    long checkpointVersion =
        versionsOf(path, "WRITE").stream().mapToLong(Long::longValue).max().orElseThrow();
    deleteCommits(path, 0, checkpointVersion - 1);
    Row s = status(path);
    assertTrue(s.getBoolean(7), "still enabled");
    assertFalse(s.getBoolean(16), "history incomplete");
    assertTrue(s.getList(13).isEmpty(), "the backfill commit is gone");
    assertTrue(s.isNullAt(15), "the enablement version is unknown, not guessed");
    assertTrue(features(path).get("rowTracking").isNullAt(2));
  }

  @Test
  void catalogTableName() {
    sql("DROP TABLE IF EXISTS deltax_status_named");
    sql("CREATE TABLE deltax_status_named (id INT) USING delta");
    Row s = spark().sql("CALL row_tracking_status('default.deltax_status_named')").first();
    assertTrue(s.getString(0).endsWith("deltax_status_named"), s.getString(0));
    assertNull(s.get(9));
    sql("DROP TABLE deltax_status_named");
  }

  /** A table created with these properties, and one row inserted. */
  private static String created(String name, String properties) {
    String path = dir.resolve(name).toString();
    sql("CREATE TABLE " + quote(path) + " (id INT) USING delta TBLPROPERTIES (" + properties + ")");
    sql("INSERT INTO " + quote(path) + " VALUES (1)");
    return path;
  }

  private static Set<String> set(List<?> values) {
    Set<String> set = new HashSet<>();
    values.forEach(v -> set.add((String) v));
    return set;
  }

  /** delta-spark's type of a feature: reader-writer or writer only. */
  private static String deltaSparkType(String feature) {
    return TableFeature.featureNameToFeature(feature).get().isReaderWriterFeature()
        ? "reader-writer"
        : "writer";
  }

  private static Snapshot deltaSparkSnapshotAt(String path, long version) {
    DeltaLog.clearCache();
    DeltaLog log = DeltaLog.forTable(spark(), path);
    return log.getSnapshotAt(
        version,
        log.getSnapshotAt$default$2(),
        log.getSnapshotAt$default$3(),
        log.getSnapshotAt$default$4());
  }

  /** Metadata clean-up: a checkpoint of the latest version, then every commit before it deleted. */
  private static long cleanUpLog(String path) throws IOException {
    checkpoint(path);
    long checkpointVersion =
        spark()
            .sql("DESCRIBE HISTORY " + quote(path))
            .selectExpr("max(version)")
            .first()
            .getLong(0);
    try (Stream<Path> files = Files.list(Path.of(path, "_delta_log"))) {
      for (Path f : files.toList()) {
        String name = f.getFileName().toString();
        if (name.matches("\\d{20}\\.(json|crc)")
            && Long.parseLong(name.substring(0, 20)) < checkpointVersion) {
          Files.delete(f);
        }
      }
    }
    DeltaLog.clearCache();
    return checkpointVersion;
  }

  @Test
  void bothProceduresListDeltaSparksTableFeatures() {
    List<String> tables =
        List.of(
            table("legacy", 1),
            created("writer-version-4", "'delta.minWriterVersion' = '4'"),
            created("writer-version-6", "'delta.minWriterVersion' = '6'"),
            created(
                "column-mapping",
                "'delta.minReaderVersion' = '2', 'delta.minWriterVersion' = '5', "
                    + "'delta.columnMapping.mode' = 'name'"),
            created(
                "table-features",
                "'delta.enableDeletionVectors' = 'true', 'delta.enableRowTracking' = 'true'"));
    int legacy = 0;
    for (String path : tables) {
      Row detail = spark().sql("DESCRIBE DETAIL " + quote(path)).first();
      Set<String> expected = set(detail.getList(detail.fieldIndex("tableFeatures")));
      int writerVersion = detail.getInt(detail.fieldIndex("minWriterVersion"));
      legacy += writerVersion < 7 ? 1 : 0;

      Map<String, Row> features = features(path);
      assertEquals(expected, features.keySet(), "table_features of " + path);
      Set<String> readerWriter = new HashSet<>();
      for (String feature : expected) {
        assertEquals(deltaSparkType(feature), features.get(feature).getString(1), feature);
        if (deltaSparkType(feature).equals("reader-writer")) {
          readerWriter.add(feature);
        }
      }

      Row status = status(path);
      assertEquals(detail.getInt(detail.fieldIndex("minReaderVersion")), status.getInt(2));
      assertEquals(writerVersion, status.getInt(3));
      assertEquals(readerWriter, set(status.getList(4)), "reader_features of " + path);
      assertEquals(expected, set(status.getList(5)), "writer_features of " + path);
    }
    assertEquals(4, legacy, "four of the tables have legacy protocols");
  }

  /**
   * A table that needs a reader feature deltax does not implement is described, not refused: its
   * features are listed with which of them deltax reads, while reading it stays refused.
   */
  @Test
  void tableFeaturesDescribesATableDeltaxCannotRead() throws IOException {
    String path = created("future-feature", "'delta.enableDeletionVectors' = 'true'");
    Files.writeString(
        Path.of(path, "_delta_log", "00000000000000000002.json"),
        "{\"protocol\":{\"minReaderVersion\":3,\"minWriterVersion\":7,\"readerFeatures\":[\"deletionVectors\",\"futureFeature\"],\"writerFeatures\":[\"deletionVectors\",\"futureFeature\",\"futureWriterFeature\"]}}\n");
    Map<String, Row> features = features(path);
    assertEquals(
        Set.of("deletionVectors", "futureFeature", "futureWriterFeature"), features.keySet());
    assertEquals("reader-writer", features.get("futureFeature").getString(1));
    assertEquals(2L, features.get("futureFeature").get(2), "since_version");
    assertFalse(features.get("futureFeature").getBoolean(3), "readable_by_deltax");
    assertEquals("writer", features.get("futureWriterFeature").getString(1));
    assertTrue(
        features.get("futureWriterFeature").getBoolean(3),
        "a writer feature does not stop a reader");
    assertEquals(0L, features.get("deletionVectors").get(2), "since_version");
    assertTrue(features.get("deletionVectors").getBoolean(3));
    Exception read =
        assertThrows(Exception.class, () -> spark().read().format("deltax").load(path).collect());
    assertTrue(read.getMessage().contains("DELTAX_UNSUPPORTED_READER_FEATURE"), read.getMessage());
  }

  /**
   * deltax's feature catalog, where delta-spark knows the feature too, says what delta-spark says.
   */
  @Test
  void knownFeaturesHaveDeltaSparksTypesAndLegacyVersions() {
    int compared = 0;
    for (io.deltax.protocol.TableFeature ours : TableFeatures.known()) {
      scala.Option<TableFeature> theirs = TableFeature.featureNameToFeature(ours.name());
      if (theirs.isEmpty()) {
        continue; // known to Delta Kernel, not to delta-spark 4.3.1
      }
      compared++;
      assertEquals(deltaSparkType(ours.name()), ours.type().label(), ours.name());
      if (theirs.get().isLegacyFeature()) {
        assertEquals(theirs.get().minWriterVersion(), ours.minWriterVersion(), ours.name());
        assertEquals(
            Math.max(1, theirs.get().minReaderVersion()), ours.minReaderVersion(), ours.name());
      } else {
        assertEquals(7, ours.minWriterVersion(), ours.name() + " is implied by no legacy protocol");
      }
    }
    assertTrue(compared > 20, "compared " + compared);
  }

  @Test
  void afterCleanUpTheCheckpointIsTheBaselineOfTheHistory() throws IOException {
    String path = table("clean-up-baseline", 3);
    sql("ALTER TABLE " + quote(path) + " SET TBLPROPERTIES ('delta.enableRowTracking' = 'true')");
    sql("INSERT INTO " + quote(path) + " VALUES (10)");
    long checkpoint = cleanUpLog(path);
    // Repeats delta.enableRowTracking = true in its metadata, and so does the checkpoint's.
    sql(
        "ALTER TABLE "
            + quote(path)
            + " SET TBLPROPERTIES ("
            + "'delta.enableRowTracking' = 'true', 'deltax.test.note' = 'repeated')");
    long repeated =
        versionsOf(path, "SET TBLPROPERTIES").stream()
            .mapToLong(Long::longValue)
            .max()
            .orElseThrow();
    sql(
        "ALTER TABLE "
            + quote(path)
            + " SET TBLPROPERTIES ('delta.enableDeletionVectors' = 'true')");
    long deletionVectors =
        versionsOf(path, "SET TBLPROPERTIES").stream()
            .mapToLong(Long::longValue)
            .max()
            .orElseThrow();

    Snapshot atCheckpoint = deltaSparkSnapshotAt(path, checkpoint);
    assertEquals(
        "true",
        CollectionConverters.asJava(atCheckpoint.metadata().configuration())
            .get("delta.enableRowTracking"),
        "enabled before the oldest version the log can rebuild");
    Set<String> checkpointFeatures =
        CollectionConverters.asJava(atCheckpoint.protocol().readerAndWriterFeatureNames());
    assertTrue(checkpointFeatures.contains("rowTracking"));
    assertFalse(checkpointFeatures.contains("deletionVectors"));
    assertTrue(
        CollectionConverters.asJava(
                deltaSparkSnapshotAt(path, deletionVectors)
                    .protocol()
                    .readerAndWriterFeatureNames())
            .contains("deletionVectors"));
    assertTrue(repeated > checkpoint && deletionVectors > repeated);

    Row status = status(path);
    assertFalse(status.getBoolean(16), "history incomplete");
    assertTrue(
        status.isNullAt(15), "enablement_version: not the version that repeated the property");
    Map<String, Row> features = features(path);
    assertEquals(
        deletionVectors,
        features.get("deletionVectors").getLong(2),
        "since_version: absent from the checkpoint's protocol, added by a later commit");
    assertTrue(features.get("rowTracking").isNullAt(2), "in the checkpoint's protocol already");
  }
}
