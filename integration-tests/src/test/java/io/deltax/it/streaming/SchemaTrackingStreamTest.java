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
package io.deltax.it.streaming;

import static io.deltax.it.DeltaOracle.assertSameRows;
import static io.deltax.it.DeltaOracle.spark;
import static org.apache.spark.sql.functions.col;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.deltax.errors.DeltaXThrowable;
import io.deltax.it.SharedSpark;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.apache.commons.io.FileUtils;
import org.apache.spark.SparkThrowable;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Streams with {@code schemaTrackingLocation} on a column-mapped table delta-spark writes,
 * delta-spark's source beside deltax's, each with its schema log under its own checkpoint: through
 * a rename, a drop and a type widening, each run stops at the change with the metadata evolution
 * condition, is blocked on restart until the unblocking conf is set, then reads on. Both sinks hold
 * the same rows, both logs the same entries, and the errors the matching conditions.
 */
class SchemaTrackingStreamTest {
  @TempDir static Path dir;

  private static final ObjectMapper JSON = new ObjectMapper();

  @BeforeAll
  static void start() {
    spark();
  }

  @AfterEach
  void clearConfs() {
    for (String conf :
        List.of(
            "allowSourceColumnRename",
            "allowSourceColumnDrop",
            "allowSourceColumnRenameAndDrop",
            "allowSourceColumnTypeChange",
            "schemaTracking.mergeConsecutiveSchemaChanges.enabled")) {
      spark().conf().unset("spark.databricks.delta.streaming." + conf);
    }
  }

  /**
   * Sets delta-spark's unblocking conf {@code allowSourceColumn<change>} for each stream of {@code
   * name} alone, keyed by the hash of its source's checkpoint directory, to {@code value}.
   */
  private static void unblockEachStream(String name, String change, String value) {
    for (String format : List.of("delta", "deltax")) {
      String source =
          "file:" + out(name, format).resolve("checkpoint").toAbsolutePath() + "/sources/0";
      spark()
          .conf()
          .set(
              "spark.databricks.delta.streaming.allowSourceColumn"
                  + change
                  + ".ckpt_"
                  + source.hashCode(),
              value);
    }
  }

  private static Path out(String name, String format) {
    return dir.resolve(name + "-" + format);
  }

  private static Map<String, String> tracking(String name, String format) {
    return Map.of(
        "schemaTrackingLocation", out(name, format).resolve("checkpoint/_schema").toString());
  }

  /** One run of each stream, both succeeding; the sinks compared as {@code ddl}. */
  private static void bothRead(String table, String name, String ddl) {
    for (String format : List.of("delta", "deltax")) {
      Streams.run(format, table, out(name, format), tracking(name, format));
    }
    assertSameRows(Streams.sink(out(name, "delta"), ddl), Streams.sink(out(name, "deltax"), ddl));
  }

  /** One run of each stream, both failing: delta-spark's condition and deltax's error. */
  private static DeltaXThrowable bothStop(String table, String name, String deltaCondition) {
    return bothStop(
        deltaCondition,
        format -> Streams.run(format, table, out(name, format), tracking(name, format)));
  }

  /** {@code run} of each format, both failing: delta-spark's condition and deltax's error. */
  private static DeltaXThrowable bothStop(String deltaCondition, Consumer<String> run) {
    RuntimeException delta = assertThrows(RuntimeException.class, () -> run.accept("delta"));
    assertEquals(deltaCondition, deltaCondition(delta), delta.toString());
    return Streams.deltaxCause(assertThrows(RuntimeException.class, () -> run.accept("deltax")));
  }

  /**
   * One run of {@code format}'s change feed stream from version 1, with its schema log; deltax's
   * sink keeps each row's {@code _metadata.row_id} as {@code row_id} (delta-spark's stream, a DSv1
   * source, has no {@code _metadata}).
   */
  private static void runChanges(String format, String table, String name) {
    Map<String, String> options = new HashMap<>(tracking(name, format));
    options.put("readChangeFeed", "true");
    options.put("startingVersion", "1");
    Dataset<Row> changes = Streams.stream(format, table, options);
    if (format.equals("deltax")) {
      changes = changes.select(col("*"), col("_metadata.row_id").as("row_id"));
    }
    Streams.runInto(changes, out(name, format));
  }

  private static String deltaCondition(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof SparkThrowable s
          && s.getCondition() != null
          && s.getCondition().startsWith("DELTA_")) {
        return s.getCondition();
      }
    }
    return null;
  }

  /** The entries of a stream's schema log, as delta-spark or deltax wrote them. */
  private static List<JsonNode> schemaLog(String name, String format) throws IOException {
    File[] dirs =
        out(name, format).resolve("checkpoint/_schema").toFile().listFiles(File::isDirectory);
    assertEquals(1, dirs.length);
    File[] entries = dirs[0].listFiles((d, n) -> n.matches("[0-9]+"));
    Arrays.sort(
        entries, (a, b) -> Long.compare(Long.parseLong(a.getName()), Long.parseLong(b.getName())));
    List<JsonNode> out = new ArrayList<>();
    for (File f : entries) {
      String[] lines = Files.readString(f.toPath(), StandardCharsets.UTF_8).split("\n", 2);
      assertEquals("v1", lines[0]);
      JsonNode node = JSON.readTree(lines[1]);
      ((com.fasterxml.jackson.databind.node.ObjectNode) node).remove("sourceMetadataPath");
      // The protocol as each writes its log line: compared as JSON.
      ((com.fasterxml.jackson.databind.node.ObjectNode) node)
          .set("protocolJson", JSON.readTree(node.path("protocolJson").asText("{}")));
      out.add(node);
    }
    return out;
  }

  /** Crash between the sink's commit and the checkpoint's: the last batch's commit is lost. */
  private static void loseLastCheckpointCommit(String name) {
    for (String format : List.of("delta", "deltax")) {
      File commits = out(name, format).resolve("checkpoint/commits").toFile();
      long last =
          Arrays.stream(commits.listFiles((d, n) -> n.matches("[0-9]+")))
              .mapToLong(f -> Long.parseLong(f.getName()))
              .max()
              .orElseThrow();
      assertTrue(new File(commits, Long.toString(last)).delete());
      new File(commits, "." + last + ".crc").delete();
    }
  }

  @Test
  void renameDropAndWideningStopThenReadOnOnceUnblocked() throws IOException {
    String table =
        Streams.create(
            dir,
            "t",
            "id INT, a STRING, b INT",
            "'delta.columnMapping.mode' = 'name'",
            "'delta.enableTypeWidening' = 'true'");
    Streams.write(table, "INSERT INTO $T VALUES (1, 'a1', 1)");
    bothRead(table, "t", "id BIGINT, a STRING, b INT, c STRING");

    // Rename: the run stops at the change; a restart is blocked until unblocked for this stream.
    Streams.write(
        table, "ALTER TABLE $T RENAME COLUMN a TO c", "INSERT INTO $T VALUES (2, 'c2', 2)");
    DeltaXThrowable evolved = bothStop(table, "t", "DELTA_STREAMING_METADATA_EVOLUTION");
    assertEquals("DELTAX_STREAM_METADATA_EVOLUTION", evolved.getCondition());
    assertEquals(1, Streams.count(out("t", "deltax")));
    DeltaXThrowable blocked =
        bothStop(table, "t", "DELTA_STREAMING_CANNOT_CONTINUE_PROCESSING_POST_SCHEMA_EVOLUTION");
    assertEquals("DELTAX_STREAM_SCHEMA_CHANGE_BLOCKED", blocked.getCondition());
    assertTrue(blocked.getMessage().contains("RENAME COLUMN"), blocked.getMessage());
    // Each stream's own conf, keyed by its checkpoint's hash, at the change's version (2).
    unblockEachStream("t", "Rename", "2");
    bothRead(table, "t", "id BIGINT, a STRING, b INT, c STRING");
    assertEquals(2, Streams.count(out("t", "deltax")));

    // A crash after the sink committed a batch, before the checkpoint did: no row twice.
    Streams.write(table, "INSERT INTO $T VALUES (3, 'c3', 3)");
    bothRead(table, "t", "id BIGINT, a STRING, b INT, c STRING");
    loseLastCheckpointCommit("t");
    Streams.write(table, "INSERT INTO $T VALUES (4, 'c4', 4)");
    bothRead(table, "t", "id BIGINT, a STRING, b INT, c STRING");
    assertEquals(4, Streams.count(out("t", "deltax")));

    // Drop: blocked until the conf for every stream. A crash as the batch before the change
    // commits: the restart finds the change logged, and the batch's rows are not written twice.
    Streams.write(
        table,
        "INSERT INTO $T VALUES (50, 'c50', 50)",
        "ALTER TABLE $T DROP COLUMN b",
        "INSERT INTO $T VALUES (5, 'c5')");
    bothStop(table, "t", "DELTA_STREAMING_METADATA_EVOLUTION");
    loseLastCheckpointCommit("t");
    blocked =
        bothStop(table, "t", "DELTA_STREAMING_CANNOT_CONTINUE_PROCESSING_POST_SCHEMA_EVOLUTION");
    assertTrue(blocked.getMessage().contains("DROP COLUMN"), blocked.getMessage());
    spark().conf().set("spark.databricks.delta.streaming.allowSourceColumnDrop", "always");
    bothRead(table, "t", "id BIGINT, a STRING, b INT, c STRING");
    assertEquals(6, Streams.count(out("t", "deltax")));

    // Widening: with a schema log, blocked too until allowSourceColumnTypeChange.
    Streams.write(
        table, "ALTER TABLE $T ALTER COLUMN id TYPE BIGINT", "INSERT INTO $T VALUES (6, 'c6')");
    bothStop(table, "t", "DELTA_STREAMING_METADATA_EVOLUTION");
    blocked =
        bothStop(table, "t", "DELTA_STREAMING_CANNOT_CONTINUE_PROCESSING_POST_SCHEMA_EVOLUTION");
    assertTrue(blocked.getMessage().contains("TYPE WIDENING"), blocked.getMessage());
    spark().conf().set("spark.databricks.delta.streaming.allowSourceColumnTypeChange", "always");
    spark().conf().set("spark.databricks.delta.streaming.allowSourceColumnDrop", "always");
    bothRead(table, "t", "id BIGINT, a STRING, b INT, c STRING");
    assertEquals(7, Streams.count(out("t", "deltax")));

    // Drop and add again under the same name (a new physical name), with a struct: the drop is
    // blocked again without its conf; the addition reads on.
    spark().conf().unset("spark.databricks.delta.streaming.allowSourceColumnDrop");
    Streams.write(table, "ALTER TABLE $T DROP COLUMN c", "INSERT INTO $T VALUES (7)");
    bothStop(table, "t", "DELTA_STREAMING_METADATA_EVOLUTION");
    blocked =
        bothStop(table, "t", "DELTA_STREAMING_CANNOT_CONTINUE_PROCESSING_POST_SCHEMA_EVOLUTION");
    assertTrue(blocked.getMessage().contains("DROP COLUMN"), blocked.getMessage());
    spark().conf().set("spark.databricks.delta.streaming.allowSourceColumnDrop", "always");
    String ddl = "id BIGINT, a STRING, b INT, c STRING, s STRUCT<x: INT, y: BIGINT>";
    bothRead(table, "t", ddl);
    Streams.write(
        table,
        "ALTER TABLE $T ADD COLUMNS (c STRING, s STRUCT<x: INT>)",
        "INSERT INTO $T VALUES (8, 'n8', named_struct('x', 8))");
    bothStop(table, "t", "DELTA_STREAMING_METADATA_EVOLUTION");
    bothRead(table, "t", ddl);
    assertEquals(9, Streams.count(out("t", "deltax")));

    // A nested field renamed: blocked (the stream's rename conf named version 2 only), then read.
    Streams.write(
        table,
        "ALTER TABLE $T RENAME COLUMN s.x TO y",
        "INSERT INTO $T VALUES (9, 'n9', named_struct('y', 9))");
    bothStop(table, "t", "DELTA_STREAMING_METADATA_EVOLUTION");
    blocked =
        bothStop(table, "t", "DELTA_STREAMING_CANNOT_CONTINUE_PROCESSING_POST_SCHEMA_EVOLUTION");
    assertTrue(blocked.getMessage().contains("RENAME COLUMN"), blocked.getMessage());
    spark().conf().set("spark.databricks.delta.streaming.allowSourceColumnRename", "always");
    bothRead(table, "t", ddl);
    assertEquals(10, Streams.count(out("t", "deltax")));

    // A nested field widened: blocked without the type change conf, then read.
    spark().conf().unset("spark.databricks.delta.streaming.allowSourceColumnTypeChange");
    Streams.write(
        table,
        "ALTER TABLE $T ALTER COLUMN s.y TYPE BIGINT",
        "INSERT INTO $T VALUES (90, 'n90', named_struct('y', 9000000000))");
    bothStop(table, "t", "DELTA_STREAMING_METADATA_EVOLUTION");
    blocked =
        bothStop(table, "t", "DELTA_STREAMING_CANNOT_CONTINUE_PROCESSING_POST_SCHEMA_EVOLUTION");
    assertTrue(blocked.getMessage().contains("TYPE WIDENING"), blocked.getMessage());
    spark().conf().set("spark.databricks.delta.streaming.allowSourceColumnTypeChange", "always");
    bothRead(table, "t", ddl);
    assertEquals(11, Streams.count(out("t", "deltax")));

    // A rename, then a drop, with no row between: the run stops at the rename; on restart both
    // merge the two into one entry pointing back before the rename, blocked and unblocked once.
    Streams.write(
        table,
        "ALTER TABLE $T RENAME COLUMN c TO d",
        "ALTER TABLE $T DROP COLUMN s",
        "INSERT INTO $T VALUES (10, 'd10')");
    bothStop(table, "t", "DELTA_STREAMING_METADATA_EVOLUTION");
    spark().conf().unset("spark.databricks.delta.streaming.allowSourceColumnRename");
    spark().conf().unset("spark.databricks.delta.streaming.allowSourceColumnDrop");
    blocked =
        bothStop(table, "t", "DELTA_STREAMING_CANNOT_CONTINUE_PROCESSING_POST_SCHEMA_EVOLUTION");
    assertTrue(blocked.getMessage().contains("RENAME AND DROP COLUMN"), blocked.getMessage());
    spark().conf().set("spark.databricks.delta.streaming.allowSourceColumnRenameAndDrop", "always");
    ddl += ", d STRING, e STRING, f STRING";
    bothRead(table, "t", ddl);
    assertEquals(12, Streams.count(out("t", "deltax")));
    List<JsonNode> delta = schemaLog("t", "delta");
    assertEquals(delta, schemaLog("t", "deltax"));
    assertTrue(delta.get(delta.size() - 1).has("previousMetadataSeqNum"), delta.toString());

    // With merging off (delta-spark's conf), a rename then an added column stop a run each.
    spark()
        .conf()
        .set(
            "spark.databricks.delta.streaming.schemaTracking.mergeConsecutiveSchemaChanges.enabled",
            "false");
    Streams.write(
        table,
        "ALTER TABLE $T RENAME COLUMN d TO e",
        "ALTER TABLE $T ADD COLUMNS (f STRING)",
        "INSERT INTO $T VALUES (11, 'e11', 'f11')");
    bothStop(table, "t", "DELTA_STREAMING_METADATA_EVOLUTION");
    bothStop(table, "t", "DELTA_STREAMING_METADATA_EVOLUTION");
    bothRead(table, "t", ddl);
    assertEquals(13, Streams.count(out("t", "deltax")));

    // Both logs hold the same entries: the same versions, schemas, protocols and back pointers.
    delta = schemaLog("t", "delta");
    assertEquals(delta, schemaLog("t", "deltax"));
    assertEquals(12, delta.size(), delta.toString());

    // An overwrite that retypes a column (not a widening) and changes the partition columns.
    spark()
        .table("delta.`" + table + "`")
        .withColumn("id", col("id").cast("string"))
        .write()
        .format("delta")
        .mode("overwrite")
        .option("overwriteSchema", "true")
        .partitionBy("e")
        .save(table);
    // Refused at once, as delta-spark refuses it: the overwrite removes the stream's rows.
    DeltaXThrowable removed = bothStop(table, "t", "DELTA_SOURCE_TABLE_IGNORE_CHANGES");
    assertEquals("DELTAX_STREAM_DATA_REMOVED", removed.getCondition());
    assertEquals(13, Streams.count(out("t", "deltax")));
    assertEquals(12, schemaLog("t", "deltax").size());
  }

  /**
   * The change feed stream with a schema log, beside delta-spark's change data feed stream: a
   * rename stops both at the change, blocks both until each stream's own conf unblocks it, then
   * both read on, and through a crash between the sink's commit and the checkpoint's. The sinks
   * hold the same changes, the logs the same entries, and each row keeps the row ID delta-spark
   * gives it through the rename and an update after it.
   */
  @Test
  void changeFeedStopsAtARenameThenReadsOnWithItsRowIds() throws IOException {
    String table =
        Streams.create(
            dir,
            "cdf",
            "id INT, a STRING",
            "'delta.columnMapping.mode' = 'name'",
            "'delta.enableChangeDataFeed' = 'true'",
            "'delta.enableRowTracking' = 'true'");
    Streams.write(table, "INSERT INTO $T VALUES (1, 'a1'), (2, 'a2')");
    String ddl = "id INT, a STRING, c STRING, _change_type STRING, _commit_version BIGINT";
    Consumer<String> run = format -> runChanges(format, table, "cdf");
    run.accept("delta");
    run.accept("deltax");

    Streams.write(
        table,
        "ALTER TABLE $T RENAME COLUMN a TO c",
        "INSERT INTO $T VALUES (3, 'c3')",
        "UPDATE $T SET c = 'C1' WHERE id = 1");
    DeltaXThrowable evolved = bothStop("DELTA_STREAMING_METADATA_EVOLUTION", run);
    assertEquals("DELTAX_STREAM_METADATA_EVOLUTION", evolved.getCondition());
    assertEquals(2, Streams.count(out("cdf", "deltax")));
    DeltaXThrowable blocked =
        bothStop("DELTA_STREAMING_CANNOT_CONTINUE_PROCESSING_POST_SCHEMA_EVOLUTION", run);
    assertEquals("DELTAX_STREAM_SCHEMA_CHANGE_BLOCKED", blocked.getCondition());
    assertTrue(blocked.getMessage().contains("RENAME COLUMN"), blocked.getMessage());

    // Each stream's own conf, keyed by its checkpoint's hash, at the change's version (2).
    unblockEachStream("cdf", "Rename", "2");
    run.accept("delta");
    run.accept("deltax");
    assertSameRows(Streams.sink(out("cdf", "delta"), ddl), Streams.sink(out("cdf", "deltax"), ddl));
    assertEquals(5, Streams.count(out("cdf", "deltax")), "3 inserts, an update's two images");

    // A crash after the sink committed a batch, before the checkpoint did: no change twice.
    Streams.write(table, "UPDATE $T SET c = 'C3' WHERE id = 3");
    run.accept("delta");
    run.accept("deltax");
    loseLastCheckpointCommit("cdf");
    Streams.write(table, "INSERT INTO $T VALUES (4, 'c4')");
    run.accept("delta");
    run.accept("deltax");
    assertSameRows(Streams.sink(out("cdf", "delta"), ddl), Streams.sink(out("cdf", "deltax"), ddl));
    assertEquals(8, Streams.count(out("cdf", "deltax")), "4 inserts, two updates' images");
    assertEquals(schemaLog("cdf", "delta"), schemaLog("cdf", "deltax"));
    assertEquals(2, schemaLog("cdf", "deltax").size());
    // Each row's changes, before and after the rename, carry the ID delta-spark gives the row.
    Dataset<Row> rowIds = spark().sql("SELECT id, _metadata.row_id FROM delta.`" + table + "`");
    assertSameRows(
        spark()
            .createDataFrame(rowIds.collectAsList(), StructType.fromDDL("id INT, row_id BIGINT")),
        Streams.sink(out("cdf", "deltax"), ddl + ", row_id BIGINT")
            .select("id", "row_id")
            .distinct());
  }

  @Test
  void badSchemaLocationsAreRefusedBeforeTheSinkIsWritten() throws IOException {
    String table =
        Streams.create(dir, "bad", "id INT, v STRING", "'delta.columnMapping.mode' = 'name'");
    Streams.insertEach(table, 1, 2);
    // Outside the checkpoint location: refused as delta-spark refuses it.
    Map<String, String> outside =
        Map.of("schemaTrackingLocation", dir.resolve("elsewhere").toString());
    Throwable delta =
        assertThrows(
            Exception.class, () -> Streams.run("delta", table, out("out", "delta"), outside));
    assertEquals("DELTA_STREAMING_SCHEMA_LOCATION_NOT_UNDER_CHECKPOINT", deltaCondition(delta));
    // delta-spark's analysis rule checks deltax's streams too where its extension is loaded: set
    // aside here (its internal conf) so that deltax's own check is the one that answers.
    DeltaXThrowable e =
        SharedSpark.withConf(
            Map.of(
                "spark.databricks.delta.streaming.allowSchemaLocationOutsideCheckpointLocation",
                "true"),
            () ->
                Streams.deltaxCause(
                    assertThrows(
                        RuntimeException.class,
                        () -> Streams.run("deltax", table, out("out", "deltax"), outside))));
    assertEquals("DELTAX_STREAM_SCHEMA_LOG", e.getCondition());
    assertTrue(e.getMessage().contains("checkpoint location"), e.getMessage());
    assertEquals(0, Streams.count(out("out", "deltax")));

    // A log written by a stream of another table, under this table's id: refused.
    bothRead(table, "good", "id INT, v STRING");
    String other = Streams.create(dir, "other", "id INT, v STRING");
    Streams.insertEach(other, 1, 1);
    String otherId =
        spark().sql("DESCRIBE DETAIL delta.`" + other + "`").first().getAs("id").toString();
    Path log = out("good", "deltax").resolve("checkpoint/_schema").toFile().listFiles()[0].toPath();
    Path foreign = out("foreign", "deltax").resolve("checkpoint/_schema/_schema_log_" + otherId);
    FileUtils.copyDirectory(log.toFile(), foreign.toFile());
    e =
        Streams.deltaxCause(
            assertThrows(
                RuntimeException.class,
                () ->
                    Streams.run(
                        "deltax", other, out("foreign", "deltax"), tracking("foreign", "deltax"))));
    assertEquals("DELTAX_STREAM_SCHEMA_LOG", e.getCondition());
    assertTrue(e.getMessage().contains("not of"), e.getMessage());
    assertEquals(0, Streams.count(out("foreign", "deltax")));

    // A corrupt entry: refused, naming the log.
    Files.writeString(log.resolve("1"), "v1\n{not json");
    Streams.write(table, "INSERT INTO $T VALUES (3, 'v3')");
    e =
        Streams.deltaxCause(
            assertThrows(
                RuntimeException.class,
                () ->
                    Streams.run(
                        "deltax", table, out("good", "deltax"), tracking("good", "deltax"))));
    assertEquals("DELTAX_STREAM_SCHEMA_LOG", e.getCondition());
    assertFalse(Streams.count(out("good", "deltax")) > 2);
  }
}
