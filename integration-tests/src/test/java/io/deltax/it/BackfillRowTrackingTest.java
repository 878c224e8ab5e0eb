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

import static io.deltax.it.DeltaOracle.canonicalRows;
import static io.deltax.it.DeltaOracle.delta;
import static io.deltax.it.DeltaOracle.deltax;
import static io.deltax.it.DeltaOracle.quote;
import static io.deltax.it.DeltaOracle.spark;
import static io.deltax.it.DeltaOracle.sql;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.delta.DeltaLog;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** CALL backfill_row_tracking(...), judged by delta-spark 4.3.1. */
class BackfillRowTrackingTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String[] ROW_TRACKING = {
    "id", "_metadata.row_id", "_metadata.row_commit_version"
  };

  @TempDir static Path dir;

  @BeforeAll
  static void start() {
    spark();
  }

  /** A table of {@code commits} single-row commits (one file each), rows 1..commits. */
  private static String table(String name, int commits) {
    String path = dir.resolve(name).toString();
    sql("CREATE TABLE " + quote(path) + " (id INT, v STRING) USING delta");
    for (int i = 1; i <= commits; i++) {
      sql("INSERT INTO " + quote(path) + " VALUES (" + i + ", 'v" + i + "')");
    }
    return path;
  }

  private static Row call(String arguments) {
    return spark().sql("CALL backfill_row_tracking(" + arguments + ")").first();
  }

  /** Operation and actions of each commit after {@code from}. */
  private static List<JsonNode[]> commitsAfter(String path, long from) throws IOException {
    List<JsonNode[]> commits = new ArrayList<>();
    for (long v = from + 1; ; v++) {
      Path file = Path.of(path, "_delta_log", String.format("%020d.json", v));
      if (!Files.exists(file)) {
        return commits;
      }
      List<JsonNode> actions = new ArrayList<>();
      for (String line : Files.readAllLines(file)) {
        actions.add(JSON.readTree(line));
      }
      commits.add(actions.toArray(new JsonNode[0]));
    }
  }

  private static String operation(JsonNode[] commit) {
    JsonNode info = commitInfo(commit);
    return info == null ? null : info.get("operation").asText();
  }

  private static JsonNode commitInfo(JsonNode[] commit) {
    for (JsonNode a : commit) {
      if (a.has("commitInfo")) {
        return a.get("commitInfo");
      }
    }
    return null;
  }

  private static long count(JsonNode[] commit, String action) {
    return java.util.Arrays.stream(commit).filter(a -> a.has(action)).count();
  }

  private static Map<String, String> dataFileChecksums(String path) throws Exception {
    Map<String, String> sums = new TreeMap<>();
    try (var files = Files.walk(Path.of(path))) {
      for (Path f :
          files
              .filter(
                  p -> p.toString().endsWith(".parquet") && !p.toString().contains("_delta_log"))
              .toList()) {
        sums.put(
            f.toString(),
            HexFormat.of()
                .formatHex(MessageDigest.getInstance("MD5").digest(Files.readAllBytes(f))));
      }
    }
    return sums;
  }

  private static List<String> logFileNames(String path) {
    return DeltaOracle.logFiles(path).stream().map(p -> p.getFileName().toString()).toList();
  }

  private static void assertDeltaSparkAgrees(String path) {
    DeltaLog.clearCache();
    List<String> expected = canonicalRows(delta(path).selectExpr(ROW_TRACKING));
    assertEquals(expected, canonicalRows(deltax(path).selectExpr(ROW_TRACKING)));
    long rows = delta(path).count();
    assertEquals(
        rows, delta(path).select("_metadata.row_id").distinct().count(), "row IDs are unique");
  }

  @Test
  void threeFilesInBatchesOfTwo() throws Exception {
    String path = table("three-files", 3);
    Map<String, String> before = dataFileChecksums(path);
    Row result = call("table => '" + path + "', batch_size => 2");
    assertEquals(3L, result.getLong(2), "files backfilled");
    assertEquals(2, result.getInt(3), "backfill commits");
    assertEquals(5L, result.getLong(4), "first backfill version");
    assertEquals(6L, result.getLong(5), "last backfill version");
    assertTrue(result.getBoolean(7));

    List<JsonNode[]> commits = commitsAfter(path, 3);
    assertEquals(
        List.of(
            "UPGRADE PROTOCOL",
            "ROW TRACKING BACKFILL",
            "ROW TRACKING BACKFILL",
            "SET TBLPROPERTIES"),
        commits.stream().map(BackfillRowTrackingTest::operation).toList());
    assertEquals(2, count(commits.get(1), "add"));
    assertEquals(1, count(commits.get(2), "add"));
    for (JsonNode[] c : commits) {
      assertEquals(0, count(c, "remove"), "no remove actions");
    }
    JsonNode protocol = commits.get(0)[1].get("protocol");
    assertEquals(7, protocol.get("minWriterVersion").asInt());
    assertEquals(1, protocol.get("minReaderVersion").asInt(), "reader side untouched");
    assertTrue(protocol.get("writerFeatures").toString().contains("rowTracking"));
    assertEquals(before, dataFileChecksums(path), "data files untouched");

    assertDeltaSparkAgrees(path);
    // Row IDs follow insertion order: row i got row ID i - 1.
    List<Row> ids = deltax(path).selectExpr("id", "_metadata.row_id").orderBy("id").collectAsList();
    for (Row r : ids) {
      assertEquals(r.getInt(0) - 1L, r.getLong(1));
    }
    long hwm = result.getLong(6);
    assertTrue(hwm >= 2, "high-water mark " + hwm);
  }

  @Test
  void deltaSparkWritesOnTopOfTheBackfilledTable() {
    String path = table("then-dml", 8);
    Row result = call("'" + path + "', 3");
    assertEquals(3, result.getInt(3));
    assertDeltaSparkAgrees(path);
    sql("UPDATE " + quote(path) + " SET v = 'u' WHERE id = 1");
    sql("INSERT INTO " + quote(path) + " VALUES (9, 'v9')");
    spark()
        .range(5, 12)
        .selectExpr("CAST(id AS INT) AS id", "'m' AS v")
        .createOrReplaceTempView("bf_source");
    sql(
        "MERGE INTO "
            + quote(path)
            + " t USING bf_source s ON t.id = s.id "
            + "WHEN MATCHED THEN UPDATE SET v = s.v WHEN NOT MATCHED THEN INSERT *");
    sql("DELETE FROM " + quote(path) + " WHERE id = 2");
    sql("OPTIMIZE " + quote(path));
    assertDeltaSparkAgrees(path);
  }

  @Test
  void stoppedAfterOneCommitThenResumedThenIdempotent() throws IOException {
    String path = table("resume", 5);
    Row first = call("table => '" + path + "', batch_size => 2, max_commits => 1");
    assertEquals(1, first.getInt(3));
    assertFalse(first.getBoolean(7));
    // The half-done table reads the same in both engines: row tracking is not enabled yet.
    assertEquals(canonicalRows(delta(path)), canonicalRows(deltax(path)));
    Row second = call("table => '" + path + "', batch_size => 2");
    assertEquals(2, second.getInt(3));
    assertEquals(3L, second.getLong(2));
    assertTrue(second.getBoolean(7));
    assertDeltaSparkAgrees(path);
    List<String> log = logFileNames(path);
    Row third = call("table => '" + path + "'");
    assertEquals(0, third.getInt(3));
    assertTrue(third.getString(8).contains("nothing written"), third.getString(8));
    assertEquals(log, logFileNames(path), "no new commit");
    assertEquals(5, commitsAfter(path, 5).size(), "upgrade, 2 + 1 backfills, enablement");
  }

  @Test
  void dryRunWritesNothing() {
    String path = table("dry-run", 3);
    List<String> log = logFileNames(path);
    Row plan = call("table => '" + path + "', batch_size => 2, dry_run => true");
    assertTrue(plan.getBoolean(1));
    assertEquals(3L, plan.getLong(2));
    assertEquals(2, plan.getInt(3));
    assertEquals(5L, plan.getLong(4));
    assertEquals(6L, plan.getLong(5));
    assertEquals(log, logFileNames(path));
  }

  @Test
  void defaultBatchSizeComesFromTheSessionConf() throws IOException {
    String path = table("conf-batch", 3);
    SharedSpark.withConf(
        Map.of("spark.deltax.backfill.maxFilesPerCommit", "2"),
        () -> {
          Row result = call("table => '" + path + "'");
          assertEquals(2, result.getInt(3));
        });
    assertDeltaSparkAgrees(path);
  }

  @Test
  void qualifiedNameAndCatalogTable() {
    String path = table("qualified", 2);
    Row result =
        spark().sql("CALL deltax.system.backfill_row_tracking(table => '" + path + "')").first();
    assertEquals(1, result.getInt(3));
    sql("DROP TABLE IF EXISTS deltax_backfill_named");
    sql("CREATE TABLE deltax_backfill_named (id INT) USING delta");
    sql("INSERT INTO deltax_backfill_named VALUES (1), (2)");
    Row named = call("table => 'default.deltax_backfill_named'");
    assertTrue(named.getBoolean(7));
    // delta-spark, reading the catalog table, now sees row tracking enabled and unique row IDs.
    assertEquals(
        2, spark().table("deltax_backfill_named").select("_metadata.row_id").distinct().count());
    sql("DROP TABLE deltax_backfill_named");
    // A location with a space: the catalog's URI text is percent-encoded.
    String spaced = dir.resolve("with space").toString();
    sql("CREATE TABLE deltax_backfill_spaced (id INT) USING delta LOCATION '" + spaced + "'");
    sql("INSERT INTO deltax_backfill_spaced VALUES (1), (2)");
    assertTrue(call("table => 'deltax_backfill_spaced'").getBoolean(7));
    assertDeltaSparkAgrees(spaced);
    sql("DROP TABLE deltax_backfill_spaced");
  }

  @Test
  void concurrentAppendsLoseNothing() throws Exception {
    String path = table("concurrent", 6);
    AtomicInteger appended = new AtomicInteger();
    Thread writer =
        new Thread(
            () -> {
              for (int i = 100; i < 106; i++) {
                for (int attempt = 0; attempt < 5; attempt++) {
                  try {
                    sql("INSERT INTO " + quote(path) + " VALUES (" + i + ", 'concurrent')");
                    appended.incrementAndGet();
                    break;
                  } catch (Exception conflict) {
                    // delta-spark refuses an append that raced with the protocol upgrade; try again
                  }
                }
              }
            });
    writer.start();
    Row result = call("table => '" + path + "', batch_size => 1");
    writer.join();
    assertTrue(result.getBoolean(7));
    assertEquals(6 + appended.get(), deltax(path).count());
    assertEquals(6 + appended.get(), delta(path).count());
    // Anything appended after the backfill finished needs no backfill; a second call finishes any
    // rest.
    call("table => '" + path + "', batch_size => 1");
    assertDeltaSparkAgrees(path);
  }

  /** Inserts, a delete (a tombstone), then a backfill that passes a multiple of the interval. */
  private static String checkpointedBackfill(String name, String properties) {
    String path = dir.resolve(name).toString();
    assertTrue(checkpointedBackfillResult(path, properties).getBoolean(7));
    return path;
  }

  /** The result of a backfill whose commits pass a checkpoint interval (5). */
  private static Row checkpointedBackfillResult(String path, String properties) {
    sql(
        "CREATE TABLE "
            + quote(path)
            + " (id INT, v STRING) USING delta TBLPROPERTIES ("
            + "'delta.checkpointInterval' = '5'"
            + properties
            + ")");
    for (int i = 1; i <= 3; i++) {
      sql("INSERT INTO " + quote(path) + " VALUES (" + i + ", 'v" + i + "')");
    }
    sql("DELETE FROM " + quote(path) + " WHERE id = 2");
    // Versions 5 (upgrade, unless already), then backfills of one file, then the enablement.
    return call("table => '" + path + "', batch_size => 1");
  }

  /**
   * A table that asks for statistics as structs in its checkpoints (PROTOCOL.md, "Checkpoint
   * Schema": stats_parsed, and partitionValues_parsed where partitioned) gets none from deltax,
   * which writes them as JSON only; a checkpoint is optional, and the result says why.
   */
  @Test
  void noCheckpointWhereTheTableAsksForStatisticsAsStructs() throws IOException {
    String path = dir.resolve("stats-as-structs").toString();
    Row result =
        checkpointedBackfillResult(path, ", 'delta.checkpoint.writeStatsAsStruct' = 'true'");
    assertTrue(result.getBoolean(7));
    assertTrue(
        result.getString(8).contains("delta.checkpoint.writeStatsAsStruct"), result.getString(8));
    long last = commitsAfter(path, 0).size();
    assertTrue(
        logFileNames(path).stream()
            .noneMatch(n -> n.startsWith(String.format("%020d.checkpoint", last))),
        logFileNames(path).toString());
    assertDeltaSparkAgrees(path);
  }

  /**
   * A checkpoint that cannot be written (here {@code _sidecars} is a file, so a V2 checkpoint's
   * sidecar cannot go there) does not fail a backfill whose commits landed: as delta-spark's
   * checkpoints, the table is complete without it, and the result says so.
   */
  @Test
  void aCheckpointThatCannotBeWrittenLeavesTheBackfillDone() throws IOException {
    String path = dir.resolve("checkpoint-fails").toString();
    sql(
        "CREATE TABLE "
            + quote(path)
            + " (id INT, v STRING) USING delta TBLPROPERTIES ("
            + "'delta.checkpointInterval' = '5', 'delta.checkpointPolicy' = 'v2')");
    for (int i = 1; i <= 3; i++) {
      sql("INSERT INTO " + quote(path) + " VALUES (" + i + ", 'v" + i + "')");
    }
    Path sidecars = Path.of(path, "_delta_log", "_sidecars");
    if (Files.isDirectory(sidecars)) {
      Files.delete(sidecars);
    }
    Files.writeString(sidecars, "not a directory");
    Row result = call("table => '" + path + "', batch_size => 1");
    assertTrue(result.getBoolean(7), "row tracking enabled");
    assertTrue(result.getString(8).contains("could not be written"), result.getString(8));
    long last = commitsAfter(path, 0).size();
    assertTrue(
        logFileNames(path).stream()
            .noneMatch(n -> n.startsWith(String.format("%020d.checkpoint", last))),
        logFileNames(path).toString());
    assertDeltaSparkAgrees(path);
  }

  /**
   * Files a writer left without a row tracking field (the first without row IDs, the second without
   * its default row commit version) get the missing one and keep the other (PROTOCOL.md, "Writer
   * Requirements for Row Tracking"). The first's rows keep the row commit version delta-spark gives
   * the twin table, where nothing was left out; the second's rows, whose version the backfill
   * assigned, keep the twin's as their row data version.
   */
  @Test
  void aFileKeepsTheRowTrackingFieldsItHas() throws IOException {
    String[] tables = {dir.resolve("drcv-twin").toString(), dir.resolve("drcv-edited").toString()};
    for (String path : tables) {
      sql(
          "CREATE TABLE "
              + quote(path)
              + " (id INT, v STRING) USING delta TBLPROPERTIES ("
              + "'delta.feature.rowTracking' = 'supported')");
      sql("INSERT INTO " + quote(path) + " VALUES (1, 'a')");
      sql("INSERT INTO " + quote(path) + " VALUES (2, 'b')");
    }
    leaveOut(tables[1], 1, "baseRowId");
    leaveOut(tables[1], 2, "defaultRowCommitVersion");
    DeltaLog.clearCache();
    assertEquals(2L, filesWithoutRowIds(tables[1]), "a file missing either field is counted");
    assertTrue(call("table => '" + tables[1] + "'").getBoolean(7));
    assertEquals(0L, filesWithoutRowIds(tables[1]));
    sql(
        "ALTER TABLE "
            + quote(tables[0])
            + " SET TBLPROPERTIES ('delta.enableRowTracking' = 'true')");
    String[] versions = {"id", "_metadata.row_commit_version"};
    assertEquals(
        canonicalRows(delta(tables[0]).where("id = 1").selectExpr(versions)),
        canonicalRows(deltax(tables[1]).where("id = 1").selectExpr(versions)));
    assertEquals(
        canonicalRows(delta(tables[0]).selectExpr(versions)),
        canonicalRows(deltax(tables[1]).selectExpr("id", "_metadata.row_data_version")));
    assertDeltaSparkAgrees(tables[1]);
  }

  /**
   * The enabling commit is what delta-spark's ALTER TABLE ... SET TBLPROPERTIES
   * ('delta.enableRowTracking' = 'true') writes: the property set, and the tag with which a
   * concurrent delta-spark transaction that changes no metadata commits over it (tagged as not
   * preserving row tracking) instead of failing.
   */
  @Test
  void aDeltaSparkTransactionCommitsOverTheEnablement() throws Exception {
    String[] tables = {
      dir.resolve("enabled-by-delta").toString(), dir.resolve("enabled-by-deltax").toString()
    };
    for (String path : tables) {
      sql(
          "CREATE TABLE "
              + quote(path)
              + " (id INT, v STRING) USING delta TBLPROPERTIES ("
              + "'delta.feature.rowTracking' = 'supported')");
      sql("INSERT INTO " + quote(path) + " VALUES (1, 'a')");
    }
    DeltaLog.clearCache();
    org.apache.spark.sql.delta.OptimisticTransaction racing =
        DeltaLog.forTable(spark(), tables[1]).startTransaction();
    assertTrue(call("table => '" + tables[1] + "'").getBoolean(7));
    sql(
        "ALTER TABLE "
            + quote(tables[0])
            + " SET TBLPROPERTIES ('delta.enableRowTracking' = 'true')");
    List<JsonNode[]> commits = commitsAfter(tables[1], -1);
    long enabling = commits.size() - 1;
    JsonNode ours = commitInfo(commits.get((int) enabling));
    List<JsonNode[]> deltaSparkCommits = commitsAfter(tables[0], -1);
    JsonNode theirs = commitInfo(deltaSparkCommits.get(deltaSparkCommits.size() - 1));
    assertEquals("SET TBLPROPERTIES", ours.get("operation").asText());
    assertEquals(theirs.get("operation").asText(), ours.get("operation").asText());
    assertEquals(theirs.get("operationParameters"), ours.get("operationParameters"));
    assertEquals(theirs.get("tags"), ours.get("tags"));

    long committed =
        racing.commit(
            scala.jdk.javaapi.CollectionConverters.asScala(
                    new ArrayList<org.apache.spark.sql.delta.actions.Action>())
                .toList(),
            org.apache.spark.sql.delta.DeltaOperations.ManualUpdate$.MODULE$);
    assertEquals(enabling + 1, committed, "after the enabling commit");
    JsonNode raced = commitInfo(commitsAfter(tables[1], committed - 1).get(0));
    assertEquals(
        "false", raced.get("tags").get("delta.rowTracking.preserved").asText(), raced.toString());
    assertDeltaSparkAgrees(tables[1]);
  }

  /**
   * A writer that set delta.enableRowTracking without the feature or the materialized column names
   * left a table that delta-spark cannot read row IDs of; the backfill upgrades it, numbers its
   * files and then names the columns, as an enablement does.
   */
  @Test
  void thePropertySetWithoutTheFeatureIsEnabledAfterTheBackfill() throws IOException {
    String path = table("property-without-feature", 3);
    editCommit(
        path,
        0,
        action -> {
          if (action.has("metaData")) {
            ((ObjectNode) action.get("metaData").get("configuration"))
                .put("delta.enableRowTracking", "true");
          }
        });
    DeltaLog.clearCache();
    Row result = call("table => '" + path + "'");
    assertTrue(result.getBoolean(7));
    assertEquals(3L, result.getLong(2));
    List<JsonNode[]> commits = commitsAfter(path, 3);
    assertEquals(
        List.of("UPGRADE PROTOCOL", "ROW TRACKING BACKFILL", "SET TBLPROPERTIES"),
        commits.stream().map(BackfillRowTrackingTest::operation).toList());
    assertDeltaSparkAgrees(path);
    sql("UPDATE " + quote(path) + " SET v = 'u' WHERE id = 2");
    assertDeltaSparkAgrees(path);
  }

  private static long filesWithoutRowIds(String table) {
    return spark().sql("CALL row_tracking_status(table => '" + table + "')").first().getLong(12);
  }

  /**
   * Removes {@code field} from the add actions of commit {@code version}, as a writer that left it
   * out.
   */
  private static void leaveOut(String table, long version, String field) throws IOException {
    editCommit(
        table,
        version,
        action -> {
          if (action.has("add")) {
            assertTrue(action.get("add").has(field), action.toString());
            ((ObjectNode) action.get("add")).remove(field);
          }
        });
  }

  /** Rewrites commit {@code version} with each of its actions changed in place by {@code edit}. */
  private static void editCommit(
      String table, long version, java.util.function.Consumer<JsonNode> edit) throws IOException {
    Path commit = Path.of(table, "_delta_log", String.format("%020d.json", version));
    List<String> lines = new ArrayList<>();
    for (String line : Files.readAllLines(commit)) {
      JsonNode action = JSON.readTree(line);
      edit.accept(action);
      lines.add(JSON.writeValueAsString(action));
    }
    Files.write(commit, lines);
    Files.deleteIfExists(
        commit.resolveSibling("." + commit.getFileName() + ".crc")); // Hadoop's checksum
  }

  private static long deltaSparkCheckpointVersion(String path) {
    DeltaLog.clearCache();
    DeltaLog log = DeltaLog.forTable(spark(), path);
    return log.update(false, scala.Option.empty(), scala.Option.empty())
        .logSegment()
        .checkpointProvider()
        .version();
  }

  @Test
  void classicCheckpointAfterTheBackfillCarriesFilesAndTombstones() throws IOException {
    String path = checkpointedBackfill("classic-checkpoint", "");
    long last = commitsAfter(path, 0).size();
    Path checkpoint = Path.of(path, "_delta_log", String.format("%020d.checkpoint.parquet", last));
    assertTrue(Files.exists(checkpoint), logFileNames(path).toString());
    assertEquals(
        last,
        JSON.readTree(Files.readString(Path.of(path, "_delta_log", "_last_checkpoint")))
            .get("version")
            .asLong());
    var actions = spark().read().parquet(checkpoint.toString());
    assertEquals(2, actions.where("add IS NOT NULL").count());
    assertEquals(1, actions.where("remove IS NOT NULL").count(), "the delete's tombstone");
    assertEquals(last, deltaSparkCheckpointVersion(path));
    assertDeltaSparkAgrees(path);
    sql("INSERT INTO " + quote(path) + " VALUES (9, 'after')");
    assertDeltaSparkAgrees(path);
  }

  @Test
  void v2CheckpointAfterTheBackfill() throws IOException {
    String path = checkpointedBackfill("v2-checkpoint", ", 'delta.checkpointPolicy' = 'v2'");
    long last = commitsAfter(path, 0).size();
    assertTrue(
        logFileNames(path).stream()
            .anyMatch(
                n ->
                    n.matches(
                        String.format("%020d", last) + "\\.checkpoint\\.[0-9a-f-]{36}\\.json")),
        logFileNames(path).toString());
    assertEquals(last, deltaSparkCheckpointVersion(path));
    assertDeltaSparkAgrees(path);
    assertEquals(canonicalRows(delta(path)), canonicalRows(deltax(path)));
  }

  /** The one message a refused argument gets, after checking that nothing was written. */
  private static String refusal(String path, String arguments) {
    List<String> log = logFileNames(path);
    Exception e = assertThrows(Exception.class, () -> call(arguments), arguments);
    assertEquals(log, logFileNames(path), arguments);
    assertTrue(e.getMessage().contains("[DELTAX_INVALID_ARGUMENT]"), e.getMessage());
    return e.getMessage();
  }

  @Test
  void wholeNumberArgumentsAreNeitherTruncatedNorWrapped() {
    String path = table("whole-numbers", 3);
    String range = " the range of 1 to 2147483647 files per commit";
    String fraction =
        "batch_size takes a whole number from 1 to 2147483647 files per commit, not 2.5.";
    for (String arguments :
        new String[] {
          "table => '" + path + "', batch_size => 2.5",
          "'" + path + "', 2.5",
          "table => '" + path + "', batch_size => CAST(2.5 AS DOUBLE)"
        }) {
      String message = refusal(path, arguments);
      assertTrue(message.contains(fraction), message);
    }
    String huge = refusal(path, "table => '" + path + "', batch_size => 10000000000");
    assertTrue(huge.contains("batch_size 10000000000 exceeds" + range), huge);
    String commits = refusal(path, "table => '" + path + "', max_commits => 1.5");
    assertTrue(
        commits.contains(
            "max_commits takes a whole number from 0 (no limit) to 2147483647 commits, "
                + "not 1.5."),
        commits);
    SharedSpark.withConf(
        Map.of("spark.deltax.backfill.maxFilesPerCommit", "0"),
        () -> {
          String conf = refusal(path, "table => '" + path + "'");
          assertTrue(
              conf.contains("spark.deltax.backfill.maxFilesPerCommit 0 is below" + range), conf);
          assertFalse(conf.contains("batch_size"), conf);
        });
    // A whole number written as a decimal is that number.
    Row asDecimal = call("table => '" + path + "', batch_size => 2.0, dry_run => true");
    Row asInt = call("table => '" + path + "', batch_size => 2, dry_run => true");
    assertEquals(asInt.toString(), asDecimal.toString());
    assertEquals(2, asDecimal.getInt(3));
  }

  @Test
  void badArgumentsAndTablesWriteNothing() throws IOException {
    String path = table("bad-args", 2);
    List<String> log = logFileNames(path);
    for (String arguments :
        new String[] {
          "table => '" + path + "', batch_size => 0",
          "table => '" + path + "', batch_size => -5",
          "table => '" + path + "', batch_size => 'many'",
          "table => '" + path + "', max_commits => -1",
          "table => '" + path + "', max_commits => NULL",
          "table => '" + path + "', dry_run => NULL",
          "table => '" + path + "', batch_size => NULL",
          "batch_size => 2"
        }) {
      Exception e = assertThrows(Exception.class, () -> call(arguments), arguments);
      assertFalse(e.getMessage().isBlank());
      assertEquals(log, logFileNames(path), arguments);
    }
    Exception zero =
        assertThrows(Exception.class, () -> call("table => '" + path + "', batch_size => 0"));
    assertTrue(zero.getMessage().contains("batch_size"), zero.getMessage());
    Exception missing =
        assertThrows(Exception.class, () -> call("table => '" + dir.resolve("nope") + "'"));
    assertTrue(missing.getMessage().contains("DELTAX_TABLE_NOT_FOUND"), missing.getMessage());
    String parquet = dir.resolve("plain").toString();
    spark().range(3).write().parquet(parquet);
    Exception notDelta = assertThrows(Exception.class, () -> call("table => '" + parquet + "'"));
    assertTrue(notDelta.getMessage().contains("DELTAX_NOT_A_DELTA_TABLE"), notDelta.getMessage());
    assertFalse(Files.exists(Path.of(parquet, "_delta_log")));
    // With ANSI mode off Spark casts a string it cannot read as a number to NULL, and leaves a
    // string for a boolean uncast (its analysis then names the type).
    SharedSpark.withConf(
        Map.of("spark.sql.ansi.enabled", "false"),
        () -> {
          for (String parameter : new String[] {"batch_size", "max_commits"}) {
            String message = refusal(path, "table => '" + path + "', " + parameter + " => 'many'");
            assertTrue(message.contains(parameter + " takes a whole number"), message);
          }
          String dryRun = "table => '" + path + "', dry_run => 'many'";
          Exception e = assertThrows(Exception.class, () -> call(dryRun));
          assertTrue(
              e.getMessage().contains("DATATYPE_MISMATCH")
                  && e.getMessage().contains("\"BOOLEAN\""),
              e.getMessage());
          assertEquals(log, logFileNames(path));
        });
    SharedSpark.withConf(
        Map.of("spark.deltax.backfill.maxFilesPerCommit", "zero"),
        () -> {
          Exception conf = assertThrows(Exception.class, () -> call("table => '" + path + "'"));
          assertTrue(conf.getMessage().contains("maxFilesPerCommit"), conf.getMessage());
        });
    assertEquals(log, logFileNames(path));
  }

  /**
   * PROTOCOL.md, "Row Tracking": while delta.rowTrackingSuspended is true no writer assigns row
   * IDs, and row tracking is not enabled beside it. deltax refuses before writing anything, as
   * delta-spark's own enablement refuses.
   */
  @Test
  void aTableWithRowTrackingSuspendedIsRefusedAndNothingWritten() throws IOException {
    String path = table("suspended", 2);
    sql(
        "ALTER TABLE "
            + quote(path)
            + " SET TBLPROPERTIES ('delta.rowTrackingSuspended' = 'true')");
    List<String> log = logFileNames(path);
    for (String arguments :
        new String[] {"table => '" + path + "'", "table => '" + path + "', dry_run => true"}) {
      Exception e = assertThrows(Exception.class, () -> call(arguments), arguments);
      assertTrue(
          e.getMessage().contains("[DELTAX_UNSUPPORTED_TABLE]")
              && e.getMessage().contains("delta.rowTrackingSuspended"),
          e.getMessage());
      assertEquals(log, logFileNames(path), arguments);
    }
    assertThrows(
        Exception.class,
        () ->
            sql(
                "ALTER TABLE "
                    + quote(path)
                    + " SET TBLPROPERTIES ('delta.enableRowTracking' = 'true')"),
        "delta-spark refuses too");
  }
}
