package io.deltax.it;

import static io.deltax.it.DeltaOracle.checkpoint;
import static io.deltax.it.DeltaOracle.delta;
import static io.deltax.it.DeltaOracle.quote;
import static io.deltax.it.DeltaOracle.spark;
import static io.deltax.it.DeltaOracle.sql;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** CALL row_tracking_status(...) and CALL table_features(...), checked against DESCRIBE HISTORY. */
class StatusProceduresTest {
  @TempDir
  static Path dir;

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
    return spark().sql("DESCRIBE HISTORY " + quote(path)).where("operation = '" + operation + "'")
        .orderBy("version").select("version").collectAsList().stream().map(r -> r.getLong(0)).toList();
  }

  @Test
  void tableUpgradedByDeltaSparkShowsItsBoundary() {
    String path = table("upgraded", 3);
    sql("ALTER TABLE " + quote(path) + " SET TBLPROPERTIES ("
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
    Row result = spark().sql("CALL backfill_row_tracking(table => '" + path + "', batch_size => 2)").first();
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
    assertTrue(f.containsKey("appendOnly"), "legacy writer version 2 stands for appendOnly: " + f.keySet());
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
    long checkpointVersion = versionsOf(path, "WRITE").stream().mapToLong(Long::longValue).max().orElseThrow();
    for (long v = 0; v < checkpointVersion; v++) {
      Files.deleteIfExists(Path.of(path, "_delta_log", String.format("%020d.json", v)));
    }
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
}
