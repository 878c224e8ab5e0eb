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

import static io.deltax.it.DeltaOracle.canonicalRowsInOrder;
import static io.deltax.it.DeltaOracle.checkpoint;
import static io.deltax.it.DeltaOracle.quote;
import static io.deltax.it.DeltaOracle.spark;
import static io.deltax.it.DeltaOracle.sql;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.apache.spark.SparkThrowable;
import org.apache.spark.sql.AnalysisException;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.delta.DeltaLog;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code CALL table_history(...)} gives delta-spark's {@code DESCRIBE HISTORY}: the same columns,
 * types and rows in the same order, {@code LIMIT} included, on tables delta-spark and deltax wrote,
 * with and without in-commit timestamps, and after log clean-up.
 */
class TableHistoryProcedureTest {
  @TempDir static Path dir;

  @BeforeAll
  static void start() {
    spark();
  }

  private static Dataset<Row> history(String arguments) {
    return spark().sql("CALL table_history(" + arguments + ")");
  }

  /** Same schema, same rows in the same order: newest first. */
  private static void assertSameHistory(Dataset<Row> expected, Dataset<Row> actual) {
    assertEquals(expected.schema(), actual.schema(), "schema");
    assertEquals(canonicalRowsInOrder(expected), canonicalRowsInOrder(actual), "rows");
  }

  /** The history of {@code path} by both, in full and with limits, by name and by position. */
  private static void assertSameHistoryOf(String path) {
    String table = "'" + path + "'";
    assertSameHistory(spark().sql("DESCRIBE HISTORY " + quote(path)), history("table => " + table));
    for (int limit : new int[] {3, 1000}) {
      assertSameHistory(
          spark().sql("DESCRIBE HISTORY " + quote(path) + " LIMIT " + limit),
          history("table => " + table + ", limit => " + limit));
    }
    assertSameHistory(
        spark().sql("DESCRIBE HISTORY " + quote(path) + " LIMIT 2"), history(table + ", 2"));
  }

  private static long latestVersion(String path) {
    return spark().sql("DESCRIBE HISTORY " + quote(path) + " LIMIT 1").first().getLong(0);
  }

  private static File commitFile(String path, long version) {
    return Path.of(path, "_delta_log", String.format("%020d.json", version)).toFile();
  }

  private static void writeCommit(String path, long version, String line) throws IOException {
    Files.writeString(commitFile(path, version).toPath(), line + "\n");
  }

  /**
   * delta-spark's operations, a deltax backfill, a commit with every field delta-spark's history
   * shows (as Databricks writes them), one without {@code commitInfo}, and commit files whose times
   * go backwards.
   */
  @Test
  void operationsOfBothWritersAsDescribeHistoryShowsThem() throws IOException {
    String path = dir.resolve("operations").toString();
    String t = quote(path);
    sql("CREATE TABLE " + t + " (id INT, v STRING) USING delta");
    sql("INSERT INTO " + t + " VALUES (1, 'a'), (2, 'b'), (3, 'c')");
    sql("UPDATE " + t + " SET v = 'B' WHERE id = 2");
    sql("DELETE FROM " + t + " WHERE id = 3");
    sql(
        "MERGE INTO "
            + t
            + " t USING (SELECT 1 AS id, 'z' AS v UNION ALL SELECT 4, 'd') s ON t.id = s.id"
            + " WHEN MATCHED THEN UPDATE SET * WHEN NOT MATCHED THEN INSERT *");
    sql("OPTIMIZE " + t);
    Row backfill =
        spark().sql("CALL backfill_row_tracking(table => '" + path + "', batch_size => 1)").first();
    SharedSpark.withConf(
        Map.of("spark.databricks.delta.commitInfo.userMetadata", "a note"),
        () -> sql("INSERT INTO " + t + " VALUES (5, 'e')"));
    long next = latestVersion(path) + 1;
    writeCommit(
        path,
        next,
        "{\"commitInfo\":{\"timestamp\":1,\"userId\":\"42\",\"userName\":\"someone@example.com\","
            + "\"operation\":\"SET TBLPROPERTIES\",\"operationParameters\":{\"properties\":"
            + "\"{\\\"x\\\":\\\"y\\\"}\",\"auto\":false,\"n\":3},\"job\":{\"jobId\":\"1\","
            + "\"jobName\":\"nightly\",\"jobRunId\":\"2\",\"runId\":\"3\",\"jobOwnerId\":\"4\","
            + "\"triggerType\":\"cron\"},\"notebook\":{\"notebookId\":\"5\"},"
            + "\"clusterId\":\"0101-abc\",\"readVersion\":"
            + (next - 1)
            + ",\"isolationLevel\":\"WriteSerializable\",\"isBlindAppend\":true,"
            + "\"operationMetrics\":{\"numFiles\":\"0\"},\"userMetadata\":\"m\","
            + "\"engineInfo\":\"Databricks-Runtime/15.4\",\"txnId\":\"t\"}}");
    writeCommit(path, next + 1, "{\"txn\":{\"appId\":\"deltax-test\",\"version\":1}}");
    // Commit files whose times go backwards: made increasing, over what each listing returns.
    File first = commitFile(path, 1);
    assertTrue(commitFile(path, 3).setLastModified(first.lastModified() - 5_000));
    assertTrue(commitFile(path, next).setLastModified(first.lastModified() - 9_000));
    DeltaLog.clearCache();

    assertSameHistoryOf(path);
    List<Row> rows = history("table => '" + path + "'").collectAsList();
    long backfills =
        rows.stream().filter(r -> "ROW TRACKING BACKFILL".equals(r.getString(4))).count();
    assertEquals(backfill.getInt(3), backfills, "deltax's backfill commits, as it wrote them");
    Row deltaxCommit =
        rows.stream().filter(r -> r.getLong(0) == backfill.getLong(4)).findFirst().orElseThrow();
    assertTrue(
        deltaxCommit.getString(14).startsWith("deltax Apache-Spark/"), deltaxCommit.getString(14));
    assertTrue(rows.get(0).isNullAt(4), "the newest commit has no commitInfo");
    assertTrue(!rows.get(1).isNullAt(6) && !rows.get(1).isNullAt(7), "job and notebook compared");
  }

  /**
   * In-commit timestamps from the version that enabled them on, file times before it; deltax's
   * backfill commits carry theirs. The commit files' own times are made wrong on purpose.
   */
  @Test
  void inCommitTimestamps() {
    String enabledLater = dir.resolve("ict-later").toString();
    sql("CREATE TABLE " + quote(enabledLater) + " (id INT) USING delta");
    sql("INSERT INTO " + quote(enabledLater) + " VALUES (1), (2)");
    sql(
        "ALTER TABLE "
            + quote(enabledLater)
            + " SET TBLPROPERTIES ('delta.enableInCommitTimestamps' = 'true')");
    sql("INSERT INTO " + quote(enabledLater) + " VALUES (3)");
    spark().sql("CALL backfill_row_tracking(table => '" + enabledLater + "')").collect();
    sql("INSERT INTO " + quote(enabledLater) + " VALUES (4)");

    String fromCreation = dir.resolve("ict-from-creation").toString();
    sql(
        "CREATE TABLE "
            + quote(fromCreation)
            + " (id INT) USING delta TBLPROPERTIES ('delta.enableInCommitTimestamps' = 'true')");
    sql("INSERT INTO " + quote(fromCreation) + " VALUES (1)");
    spark().sql("CALL backfill_row_tracking(table => '" + fromCreation + "')").collect();

    long longAgo = Instant.parse("2001-01-01T00:00:00Z").toEpochMilli();
    for (String path : List.of(enabledLater, fromCreation)) {
      long latest = latestVersion(path);
      for (long v = 0; v <= latest; v++) {
        assertTrue(commitFile(path, v).setLastModified(longAgo + (latest - v) * 1000));
      }
      DeltaLog.clearCache();
      assertSameHistoryOf(path);
    }
  }

  /**
   * After delta-spark's log clean-up (a checkpoint, the log retention expired for the oldest
   * commits) the history is what the log still holds, as delta-spark's.
   */
  @Test
  void afterLogCleanUp() {
    String path = dir.resolve("cleaned").toString();
    sql(
        "CREATE TABLE "
            + quote(path)
            + " (id INT) USING delta TBLPROPERTIES ("
            + "'delta.logRetentionDuration' = 'interval 1 days', "
            + "'delta.deletedFileRetentionDuration' = 'interval 1 days')");
    sql("INSERT INTO " + quote(path) + " VALUES (1)");
    sql("INSERT INTO " + quote(path) + " VALUES (2)");
    checkpoint(path);
    sql("INSERT INTO " + quote(path) + " VALUES (3)");
    sql("INSERT INTO " + quote(path) + " VALUES (4)");
    // Versions 0 to 2 and the checkpoint of version 2 expire; delta-spark deletes what lies before
    // a checkpoint whose predecessors all expired: versions 0 and 1.
    long threeDaysAgo = System.currentTimeMillis() - 3 * 24 * 3600 * 1000L;
    for (Path file : DeltaOracle.logFiles(path)) {
      String name = file.getFileName().toString();
      if (name.matches("0{19}[0-2]\\..*")) {
        assertTrue(file.toFile().setLastModified(threeDaysAgo + name.charAt(19) * 1000L), name);
      }
    }
    DeltaLog.clearCache();
    checkpoint(path);
    assertTrue(!commitFile(path, 0).exists() && !commitFile(path, 1).exists(), "cleaned up");
    assertTrue(commitFile(path, 2).exists());
    assertSameHistoryOf(path);
    assertEquals(
        List.of(4L, 3L, 2L),
        history("'" + path + "'").select("version").collectAsList().stream()
            .map(r -> r.getLong(0))
            .toList());
  }

  @Test
  void catalogTableName() {
    sql("DROP TABLE IF EXISTS deltax_history_named");
    sql("CREATE TABLE deltax_history_named (id INT) USING delta");
    sql("INSERT INTO deltax_history_named VALUES (1)");
    assertSameHistory(
        spark().sql("DESCRIBE HISTORY deltax_history_named"),
        history("table => 'default.deltax_history_named'"));
    sql("DROP TABLE deltax_history_named");
  }

  /** Refused with deltax's conditions and SQLSTATEs (or Spark's, for a cast Spark makes). */
  @Test
  void badInputIsRefusedAndNothingWritten() throws IOException {
    String path = dir.resolve("bad-input").toString();
    sql("CREATE TABLE " + quote(path) + " (id INT) USING delta");
    List<Path> log = DeltaOracle.logFiles(path);
    String table = "table => '" + path + "'";

    AnalysisException missing =
        assertThrows(
            AnalysisException.class, () -> history("table => '" + dir.resolve("nothing") + "'"));
    assertEquals("DELTAX_TABLE_NOT_FOUND", missing.getCondition());
    assertEquals("42P01", missing.getSqlState());

    String parquet = dir.resolve("parquet").toString();
    spark().range(2).write().parquet(parquet);
    AnalysisException notDelta =
        assertThrows(AnalysisException.class, () -> history("table => '" + parquet + "'"));
    assertEquals("DELTAX_NOT_A_DELTA_TABLE", notDelta.getCondition());
    assertTrue(!Files.exists(Path.of(parquet, "_delta_log")), "nothing written");

    for (String limit : new String[] {"0", "-1", "2.5", "NULL", "10000000000"}) {
      IllegalArgumentException e =
          assertThrows(
              IllegalArgumentException.class, () -> history(table + ", limit => " + limit), limit);
      SparkThrowable spark = assertInstanceOf(SparkThrowable.class, e);
      assertEquals("DELTAX_INVALID_ARGUMENT", spark.getCondition(), limit);
      assertEquals("22023", spark.getSqlState(), limit);
      assertTrue(e.getMessage().contains("limit"), e.getMessage());
      assertTrue(e.getMessage().contains(limit), e.getMessage());
    }
    // A string is cast to a number by Spark: with ANSI mode on its cast fails, with it off the
    // string becomes NULL, refused as such.
    IllegalArgumentException ansi =
        assertThrows(IllegalArgumentException.class, () -> history(table + ", limit => 'abc'"));
    assertEquals("CAST_INVALID_INPUT", assertInstanceOf(SparkThrowable.class, ansi).getCondition());
    SharedSpark.withConf(
        Map.of("spark.sql.ansi.enabled", "false"),
        () -> {
          IllegalArgumentException e =
              assertThrows(
                  IllegalArgumentException.class, () -> history(table + ", limit => 'abc'"));
          assertEquals(
              "DELTAX_INVALID_ARGUMENT", assertInstanceOf(SparkThrowable.class, e).getCondition());
        });
    IllegalArgumentException blank =
        assertThrows(IllegalArgumentException.class, () -> history("table => ''"));
    assertEquals(
        "DELTAX_INVALID_ARGUMENT", assertInstanceOf(SparkThrowable.class, blank).getCondition());
    assertThrows(AnalysisException.class, () -> history("limit => 2"), "no table");
    assertEquals(log, DeltaOracle.logFiles(path), "nothing written");
  }
}
