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
import static io.deltax.it.DeltaOracle.assertSameTable;
import static io.deltax.it.DeltaOracle.canonicalRows;
import static io.deltax.it.DeltaOracle.checkpoint;
import static io.deltax.it.DeltaOracle.delta;
import static io.deltax.it.DeltaOracle.deltax;
import static io.deltax.it.DeltaOracle.logFiles;
import static io.deltax.it.DeltaOracle.quote;
import static io.deltax.it.DeltaOracle.spark;
import static io.deltax.it.DeltaOracle.sql;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.deltax.log.TransactionLog;
import io.deltax.testing.WarningsOf;
import java.io.File;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.commons.io.FileUtils;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every kind of checkpoint delta-spark writes, with commits after it that add and remove files:
 * deltax must rebuild the same state from each.
 */
class CheckpointsTest {
  @TempDir static Path dir;

  @BeforeAll
  static void start() {
    spark();
  }

  /**
   * Five commits with appends, a delete and an update, then a checkpoint, then two more commits.
   */
  private static String tableWithCheckpoint(
      String name, String properties, Map<String, String> confs) {
    String path = dir.resolve(name).toString();
    SharedSpark.withConf(
        confs,
        () -> {
          sql(
              "CREATE TABLE "
                  + quote(path)
                  + " (id INT, part STRING, v STRING) USING delta "
                  + "PARTITIONED BY (part) TBLPROPERTIES ('delta.checkpointInterval' = '1000'"
                  + properties
                  + ")");
          for (int i = 0; i < 4; i++) {
            sql(
                "INSERT INTO "
                    + quote(path)
                    + " VALUES ("
                    + (i * 10)
                    + ", 'p"
                    + (i % 2)
                    + "', 'a'), ("
                    + (i * 10 + 1)
                    + ", 'p"
                    + (i % 3)
                    + "', 'b')");
          }
          sql("DELETE FROM " + quote(path) + " WHERE id = 10");
          sql("UPDATE " + quote(path) + " SET v = 'updated' WHERE id = 21");
          checkpoint(path);
          sql("INSERT INTO " + quote(path) + " VALUES (100, 'p9', 'after')");
          sql("DELETE FROM " + quote(path) + " WHERE id = 0");
        });
    return path;
  }

  private static final Map<String, String> TWO_FILES_PER_PART =
      Map.of("spark.databricks.delta.checkpoint.partSize", "2");
  private static String classic;
  private static String multiPart;
  private static String v2Json;

  /**
   * {@link #tableWithCheckpoint} with a classic checkpoint, made once: tests that change it copy
   * it.
   */
  private static String classicTable() {
    if (classic == null) {
      classic = tableWithCheckpoint("classic", "", Map.of());
    }
    return classic;
  }

  /** {@link #tableWithCheckpoint} with a multi-part checkpoint, made once. */
  private static String multiPartTable() {
    if (multiPart == null) {
      multiPart = tableWithCheckpoint("multi-part", "", TWO_FILES_PER_PART);
    }
    return multiPart;
  }

  /** A copy of the table at {@code source} (its log's paths are relative), to damage. */
  private static String copy(String source, String name) throws IOException {
    Path copy = dir.resolve(name);
    FileUtils.copyDirectory(new File(source), copy.toFile());
    return copy.toString();
  }

  private static List<String> names(String path) {
    return logFiles(path).stream().map(p -> p.getFileName().toString()).toList();
  }

  @Test
  void jsonOnlyLog() {
    String path = dir.resolve("json-only").toString();
    sql("CREATE TABLE " + quote(path) + " (id INT) USING delta");
    sql("INSERT INTO " + quote(path) + " VALUES (1), (2)");
    sql("DELETE FROM " + quote(path) + " WHERE id = 1");
    assertTrue(names(path).stream().noneMatch(n -> n.contains("checkpoint")));
    assertSameTable(path);
  }

  /**
   * {@code delta.checkpoint.writeStatsAsJson = false}: the checkpoint's adds have their statistics
   * only as {@code stats_parsed}. deltax reads them from there: data skipping on every type keeps
   * one file of three for the filters below (two for the string), and a backfill, which needs each
   * file's record count, numbers the rows as delta-spark reads them.
   */
  @Test
  void statisticsOnlyAsAStructInTheCheckpoint() {
    String path = dir.resolve("stats-struct").toString();
    sql(
        "CREATE TABLE "
            + quote(path)
            + " (id BIGINT, i INT, s STRING, d DATE, ts TIMESTAMP, ntz TIMESTAMP_NTZ, amount"
            + " DECIMAL(10, 2), big DECIMAL(30, 5), f FLOAT, x DOUBLE, nested STRUCT<a: INT>) USING"
            + " delta TBLPROPERTIES ('delta.checkpoint.writeStatsAsJson' = 'false',"
            + " 'delta.checkpointInterval' = '1000')");
    for (int k = 0; k < 3; k++) {
      sql(
          "INSERT INTO "
              + quote(path)
              + " SELECT /*+ REPARTITION(1) */ id, CAST(id AS INT), concat('s', CAST(id AS"
              + " STRING)), date_add(DATE'2024-01-01', CAST(id AS INT)),"
              + " timestamp_seconds(1700000000 + id * 60), CAST(timestamp_seconds(1700000000 + id *"
              + " 60) AS TIMESTAMP_NTZ), CAST(id AS DECIMAL(10, 2)) / 4, CAST(id AS DECIMAL(30, 5))"
              + " * 1000000, CAST(id AS FLOAT) / 10, CAST(id AS DOUBLE) / 10, named_struct('a',"
              + " CAST(id AS INT)) FROM range("
              + (k * 100)
              + ", "
              + (k * 100 + 100)
              + ")");
    }
    checkpoint(path);
    StructType add =
        (StructType)
            spark()
                .read()
                .parquet(
                    Path.of(path, "_delta_log", String.format("%020d.checkpoint.parquet", 3))
                        .toString())
                .schema()
                .apply("add")
                .dataType();
    assertTrue(List.of(add.fieldNames()).contains("stats_parsed"), add.treeString());
    assertTrue(!List.of(add.fieldNames()).contains("stats"), add.treeString());
    for (String where :
        List.of(
            "id = 150",
            "i < 100",
            "s = 's150'",
            "d = DATE'2024-02-10'",
            "ts > timestamp_seconds(1700000000 + 199 * 60 + 1)",
            "ntz = CAST(timestamp_seconds(1700000000 + 120 * 60) AS TIMESTAMP_NTZ)",
            "amount = 50.25",
            "big = 250000000",
            "f = CAST(25.3 AS FLOAT)",
            "x <= 9.9")) {
      Dataset<Row> actual = deltax(path).where(where);
      Dataset<Row> expected = delta(path).where(where);
      assertTrue(!expected.isEmpty(), where);
      DeltaOracle.assertSameRows(expected, actual);
      // Strings compare as text: 's150' also lies within the first file's ['s0', 's99'].
      assertEquals(where.startsWith("s =") ? 2 : 1, DeltaOracle.filesScanned(actual), where);
    }
    Row result = spark().sql("CALL backfill_row_tracking(table => '" + path + "')").first();
    assertTrue(result.getBoolean(7), result.toString());
    String[] rowTracking = {"id", "_metadata.row_id", "_metadata.row_commit_version"};
    assertEquals(
        canonicalRows(delta(path).selectExpr(rowTracking)),
        canonicalRows(deltax(path).selectExpr(rowTracking)));
  }

  @Test
  void classicCheckpoint() {
    String path = classicTable();
    assertTrue(
        names(path).contains("00000000000000000006.checkpoint.parquet"), names(path).toString());
    assertSameTable(path);
  }

  @Test
  void multiPartCheckpoint() {
    String path = multiPartTable();
    assertTrue(
        names(path).stream().anyMatch(n -> n.matches("0+6\\.checkpoint\\.0+1\\.0+\\d+\\.parquet")),
        names(path).toString());
    assertSameTable(path);
  }

  @Test
  void multiPartCheckpointWithAMissingPartIsIgnored() throws IOException {
    String path = copy(multiPartTable(), "multi-part-broken");
    Path part =
        logFiles(path).stream()
            .filter(
                p ->
                    p.getFileName().toString().matches("0+6\\.checkpoint\\.0+2\\.0+\\d+\\.parquet"))
            .findFirst()
            .orElseThrow();
    Files.delete(part);
    // Without its second part the checkpoint is incomplete: deltax replays the commits instead.
    assertSameTable(path);
  }

  @Test
  void anEmptyNewestCheckpointLeftByAKilledWriterIsPassedOver() throws IOException {
    String path = copy(classicTable(), "empty-checkpoint");
    Dataset<Row> expected = delta(path);
    StructType schema = expected.schema();
    List<String> rows = canonicalRows(expected);
    // What a writer killed as the checkpoint appeared left: the file, 0 bytes long.
    Path checkpoint = Path.of(path, "_delta_log", "00000000000000000006.checkpoint.parquet");
    try (FileChannel file = FileChannel.open(checkpoint, StandardOpenOption.WRITE)) {
      file.truncate(0);
    }
    // deltax replays the commits instead, which the log still has.
    assertEquals(schema, deltax(path).schema());
    assertEquals(rows, canonicalRows(deltax(path)));
  }

  /** {@link #tableWithCheckpoint} with a V2 checkpoint: a JSON top-level file and sidecars. */
  private static String v2JsonTable() {
    if (v2Json == null) {
      v2Json =
          tableWithCheckpoint(
              "v2-json",
              ", 'delta.checkpointPolicy' = 'v2'",
              Map.of(
                  "spark.databricks.delta.checkpointV2.topLevelFileFormat",
                  "json",
                  "spark.databricks.delta.checkpoint.partSize",
                  "3"));
    }
    return v2Json;
  }

  @Test
  void v2CheckpointWithJsonTopLevelFileAndSidecars() {
    String path = v2JsonTable();
    assertTrue(
        names(path).stream().anyMatch(n -> n.matches("0+6\\.checkpoint\\.[0-9a-f-]{36}\\.json")),
        names(path).toString());
    assertTrue(sidecars(path) >= 2, "sidecars: " + sidecars(path));
    assertSameTable(path);
  }

  /**
   * delta-spark's V2 top-level JSON file cut at a line end after its first two lines: it still
   * parses, but its protocol and metadata are gone. deltax passes it over with a warning naming it
   * and replays the commits, as for a checkpoint that does not parse.
   */
  @Test
  void aV2CheckpointCutAtALineEndIsPassedOver() throws IOException {
    String path = copy(v2JsonTable(), "v2-json-cut");
    Dataset<Row> expected = delta(path);
    StructType schema = expected.schema();
    List<String> rows = canonicalRows(expected);
    Path topLevel =
        logFiles(path).stream()
            .filter(
                p -> p.getFileName().toString().matches("0+6\\.checkpoint\\.[0-9a-f-]{36}\\.json"))
            .findFirst()
            .orElseThrow();
    List<String> lines = Files.readAllLines(topLevel);
    Files.writeString(topLevel, lines.get(0) + "\n" + lines.get(1) + "\n");
    assertTrue(
        lines.subList(2, lines.size()).stream().anyMatch(l -> l.startsWith("{\"protocol\"")),
        "the protocol was cut off");

    List<String> warnings = new ArrayList<>();
    try (WarningsOf log = new WarningsOf(TransactionLog.class, warnings)) {
      assertEquals(schema, deltax(path).schema());
      assertEquals(rows, canonicalRows(deltax(path)));
    }
    assertEquals(1, warnings.size(), warnings.toString());
    assertTrue(warnings.get(0).contains(topLevel.getFileName().toString()), warnings.get(0));
    assertTrue(warnings.get(0).contains("the commits from version 0"), warnings.get(0));
  }

  @Test
  void v2CheckpointWithParquetTopLevelFileAndSidecars() {
    String path =
        tableWithCheckpoint(
            "v2-parquet",
            ", 'delta.checkpointPolicy' = 'v2'",
            Map.of("spark.databricks.delta.checkpointV2.topLevelFileFormat", "parquet"));
    assertTrue(
        names(path).stream().anyMatch(n -> n.matches("0+6\\.checkpoint\\.[0-9a-f-]{36}\\.parquet")),
        names(path).toString());
    assertEquals(1, sidecars(path));
    assertSameTable(path);
  }

  @Test
  void staleLastCheckpointIsIgnored() throws IOException {
    String path = copy(classicTable(), "stale-hint");
    Path hint = Path.of(path, "_delta_log", "_last_checkpoint");
    // Points at a checkpoint that does not exist.
    Files.writeString(hint, "{\"version\":3,\"size\":10}");
    assertSameTable(path);
    // Points at an older checkpoint than the newest one.
    sql("INSERT INTO " + quote(path) + " VALUES (200, 'p1', 'x')");
    String before = Files.readString(hint);
    checkpoint(path);
    Files.writeString(hint, before);
    assertSameTable(path);
    // Not JSON at all.
    Files.writeString(hint, "{\"vers");
    assertSameTable(path);
  }

  @Test
  void timeTravelToEveryVersionAcrossTheCheckpoint() {
    String path = classicTable();
    for (int version = 0; version <= 8; version++) {
      String v = Integer.toString(version);
      assertSame(r -> r.option("versionAsOf", v), path);
    }
  }

  private static long sidecars(String path) {
    try (var files = Files.list(Path.of(path, "_delta_log", "_sidecars"))) {
      return files.filter(p -> p.toString().endsWith(".parquet")).count();
    } catch (IOException e) {
      return 0;
    }
  }
}
