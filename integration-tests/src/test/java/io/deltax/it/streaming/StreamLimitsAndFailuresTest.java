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

import static io.deltax.errors.DeltaXErrorCondition.DELTAX_STREAM_DATA_REMOVED;
import static io.deltax.errors.DeltaXErrorCondition.DELTAX_STREAM_SCHEMA_CHANGED;
import static io.deltax.errors.DeltaXErrorCondition.DELTAX_STREAM_VERSIONS_MISSING;
import static io.deltax.errors.DeltaXErrorCondition.DELTAX_VERSION_NOT_AVAILABLE;
import static io.deltax.it.DeltaOracle.assertSameRows;
import static io.deltax.it.DeltaOracle.canonicalRows;
import static io.deltax.it.DeltaOracle.delta;
import static io.deltax.it.DeltaOracle.quote;
import static io.deltax.it.DeltaOracle.spark;
import static io.deltax.it.DeltaOracle.sql;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.deltax.errors.DeltaXThrowable;
import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.commons.io.FileUtils;
import org.apache.spark.api.java.function.VoidFunction2;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.streaming.StreamingQuery;
import org.apache.spark.sql.streaming.Trigger;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Rate limits, restarts and the errors of deltax's stream, each against what delta-spark's stream
 * does on the same table.
 */
class StreamLimitsAndFailuresTest {
  @TempDir static Path dir;

  @BeforeAll
  static void start() {
    spark();
  }

  /**
   * Files per micro-batch of one AvailableNow run: every file of the table holds {@link
   * #ROWS_PER_FILE} rows (checked below), so a batch's rows tell its files. delta-spark's stream
   * has no {@code _metadata}, and {@code input_file_name()} is empty in DSv2 scans.
   */
  private static List<Long> filesPerBatch(String format, String table, String name, int maxFiles)
      throws Exception {
    List<Long> files = Collections.synchronizedList(new ArrayList<>());
    Dataset<Row> stream =
        spark().readStream().format(format).option("maxFilesPerTrigger", maxFiles).load(table);
    VoidFunction2<Dataset<Row>, Long> count =
        (batch, id) -> {
          long rows = batch.count();
          assertEquals(0, rows % ROWS_PER_FILE, "whole files");
          files.add(rows / ROWS_PER_FILE);
          batch.write().mode(SaveMode.Append).parquet(dir.resolve(name).resolve("rows").toString());
        };
    StreamingQuery query =
        stream
            .writeStream()
            .foreachBatch(count)
            .option("checkpointLocation", dir.resolve(name).resolve("checkpoint").toString())
            .trigger(Trigger.AvailableNow())
            .start();
    assertTrue(query.awaitTermination(600_000), "AvailableNow ends after all files");
    return files;
  }

  private static final long ROWS_PER_FILE = 10;

  @Test
  void maxFilesPerTriggerTenOnHundredFiles() throws Exception {
    String table = dir.resolve("hundred").toString();
    spark().range(0, 1000).repartition(100).write().format("delta").save(table);
    assertEquals(
        List.of(ROWS_PER_FILE),
        delta(table)
            .groupBy(functions.input_file_name())
            .count()
            .select("count")
            .distinct()
            .as(org.apache.spark.sql.Encoders.LONG())
            .collectAsList(),
        "rows per file");
    List<Long> deltax = filesPerBatch("deltax", table, "hundred-deltax", 10);
    List<Long> deltaSpark = filesPerBatch("delta", table, "hundred-delta", 10);
    assertEquals(deltaSpark, deltax, "files per batch, as delta-spark");
    assertEquals(10, deltax.size(), "batches: " + deltax);
    assertTrue(deltax.stream().allMatch(n -> n <= 10), "at most 10 files per batch: " + deltax);
    assertSameRows(
        delta(table),
        spark().read().parquet(dir.resolve("hundred-deltax").resolve("rows").toString()));
  }

  /**
   * The sink fails after writing batch 2; the restarted query rewrites it and goes on: each row
   * once.
   */
  @Test
  void restartFromCheckpointIsExactlyOnce() throws Exception {
    String table = Streams.create(dir, "restart", "id INT, v STRING");
    for (int i = 1; i <= 5; i++) {
      sql(
          "INSERT INTO "
              + quote(table)
              + " VALUES ("
              + i
              + ", 'v"
              + i
              + "'), ("
              + (i + 100)
              + ", 'w')");
    }
    Path out = dir.resolve("restart-out");
    AtomicBoolean failed = new AtomicBoolean();
    VoidFunction2<Dataset<Row>, Long> sink =
        (batch, id) -> {
          batch.write().mode(SaveMode.Overwrite).parquet(out.resolve("batch=" + id).toString());
          if (id == 2 && failed.compareAndSet(false, true)) {
            throw new IllegalStateException("the sink dies after writing batch 2");
          }
        };
    for (int run = 0; run < 2; run++) {
      StreamingQuery query =
          spark()
              .readStream()
              .format("deltax")
              .option("maxFilesPerTrigger", 1)
              .load(table)
              .writeStream()
              .foreachBatch(sink)
              .option("checkpointLocation", out.resolve("_checkpoint").toString())
              .trigger(Trigger.AvailableNow())
              .start();
      if (run == 0) {
        assertThrows(Exception.class, query::awaitTermination);
      } else {
        query.awaitTermination();
      }
    }
    assertTrue(failed.get());
    assertSameRows(delta(table), spark().read().parquet(out.toString()).drop("batch"));
  }

  @Test
  void updateFailsTheStreamUnlessSkipped() {
    String table = Streams.create(dir, "update", "id INT, v STRING");
    Streams.insertEach(table, 1, 2);
    Streams.run("deltax", table, dir.resolve("update-deltax"), Map.of());
    Streams.run("delta", table, dir.resolve("update-delta"), Map.of());
    sql("UPDATE " + quote(table) + " SET v = 'c' WHERE id = 1");
    // delta-spark's stream fails on the UPDATE; so does deltax's, naming the version and the way
    // out.
    DeltaXThrowable cause =
        Streams.bothFail(
            table, dir.resolve("update-delta"), dir.resolve("update-deltax"), Map.of());
    assertEquals(DELTAX_STREAM_DATA_REMOVED, cause.condition());
    assertTrue(
        cause.getMessage().contains("version 3")
            && cause.getMessage().contains("skipChangeCommits"),
        cause.getMessage());
    assertEquals(
        2, Streams.count(dir.resolve("update-deltax")), "nothing written after the failure");
  }

  /** A new stream from a version after the latest: both refuse it (deltax waited for it). */
  @Test
  void startingVersionAfterTheLatestIsRefused() {
    String table = Streams.create(dir, "ahead", "id INT, v STRING");
    Streams.insertEach(table, 1, 1);
    DeltaXThrowable cause =
        Streams.bothFail(
            table,
            dir.resolve("ahead-delta"),
            dir.resolve("ahead-deltax"),
            Map.of("startingVersion", "5"));
    assertEquals(DELTAX_VERSION_NOT_AVAILABLE, cause.condition());
    assertTrue(
        cause.getMessage().contains("at version 5: the latest version is 1"), cause.getMessage());
  }

  @Test
  void tableReplacedAtTheSamePathFailsClearly() throws Exception {
    String table = Streams.create(dir, "replaced", "id INT");
    sql("INSERT INTO " + quote(table) + " VALUES (1)");
    Streams.run("deltax", table, dir.resolve("replaced-out"), Map.of());
    FileUtils.deleteDirectory(new File(table));
    Streams.create(dir, "replaced", "id INT");
    sql("INSERT INTO " + quote(table) + " VALUES (2)");
    sql("INSERT INTO " + quote(table) + " VALUES (3)");
    RuntimeException e =
        assertThrows(
            RuntimeException.class,
            () -> Streams.run("deltax", table, dir.resolve("replaced-out"), Map.of()));
    assertEquals("DELTAX_STREAM_TABLE_CHANGED", Streams.deltaxCause(e).getCondition());
    assertEquals(1, Streams.count(dir.resolve("replaced-out")));
  }

  /**
   * A column renamed under column mapping while the query was stopped: its restart fails, as
   * delta-spark's.
   */
  @Test
  void columnRenamedUnderColumnMappingFailsNamingBothSchemas() {
    String table =
        Streams.create(
            dir,
            "schema",
            "id INT, v STRING",
            "'delta.columnMapping.mode' = 'name'",
            "'delta.minReaderVersion' = '2'",
            "'delta.minWriterVersion' = '5'");
    sql("INSERT INTO " + quote(table) + " VALUES (1, 'a')");
    Streams.run("deltax", table, dir.resolve("schema-deltax"), Map.of());
    Streams.run("delta", table, dir.resolve("schema-delta"), Map.of());
    sql("ALTER TABLE " + quote(table) + " RENAME COLUMN v TO w");
    sql("INSERT INTO " + quote(table) + " VALUES (2, 'b')");
    DeltaXThrowable cause =
        Streams.bothFail(
            table, dir.resolve("schema-delta"), dir.resolve("schema-deltax"), Map.of());
    assertEquals(DELTAX_STREAM_SCHEMA_CHANGED, cause.condition());
    assertTrue(
        cause.getMessage().contains("v STRING") && cause.getMessage().contains("w STRING"),
        cause.getMessage());
    assertEquals(1, Streams.count(dir.resolve("schema-deltax")));
  }

  /**
   * A column dropped and added again under column mapping while the query was stopped: its name and
   * type are back, but under another physical column. Both restarts fail, deltax's naming the
   * column (it read the dropped values, or nulls, under the new column), whether or not a commit
   * before the drop is still to be read. A new query from the drop's version, as deltax's error
   * says, reads on in both.
   */
  @Test
  void columnDroppedAndAddedAgainFailsARestart() {
    for (boolean behind : new boolean[] {true, false}) {
      String name = behind ? "readded-behind" : "readded";
      String table =
          Streams.create(
              dir,
              name,
              "id INT, v STRING",
              "'delta.columnMapping.mode' = 'name'",
              "'delta.minReaderVersion' = '2'",
              "'delta.minWriterVersion' = '5'");
      sql("INSERT INTO " + quote(table) + " VALUES (1, 'a')");
      Streams.run("deltax", table, dir.resolve(name + "-deltax"), Map.of());
      Streams.run("delta", table, dir.resolve(name + "-delta"), Map.of());
      if (behind) {
        sql("INSERT INTO " + quote(table) + " VALUES (2, 'b')");
      }
      long drop = behind ? 3 : 2;
      Streams.write(
          table,
          "ALTER TABLE $T DROP COLUMN v",
          "ALTER TABLE $T ADD COLUMNS (v STRING)",
          "INSERT INTO $T VALUES (3, 'c')");
      DeltaXThrowable cause =
          Streams.bothFail(
              table, dir.resolve(name + "-delta"), dir.resolve(name + "-deltax"), Map.of());
      assertEquals(DELTAX_STREAM_SCHEMA_CHANGED, cause.condition());
      assertTrue(cause.getMessage().contains("drops or renames column v"), cause.getMessage());
      assertEquals(1, Streams.count(dir.resolve(name + "-deltax")));
      Map<String, String> fromTheDrop = Map.of("startingVersion", Long.toString(drop));
      Streams.run("delta", table, dir.resolve(name + "-new-delta"), fromTheDrop);
      Streams.run("deltax", table, dir.resolve(name + "-new-deltax"), fromTheDrop);
      assertSameRows(
          Streams.sink(dir.resolve(name + "-new-delta")),
          Streams.sink(dir.resolve(name + "-new-deltax")));
      assertEquals(1, Streams.count(dir.resolve(name + "-new-deltax")));
    }
  }

  /**
   * Column mapping removed under running queries (its files rewritten with the logical names, the
   * schema's names and types unchanged): both fail, as delta-spark forbids reading across the
   * removal (deltax read a batch with a commit from before it as nulls). A new query from the
   * removal's version, as deltax's error says, reads on in both.
   */
  @Test
  void columnMappingRemovedFailsARunningQuery() throws Exception {
    String table =
        Streams.create(
            dir,
            "unmapped",
            "id INT, v STRING",
            "'delta.columnMapping.mode' = 'name'",
            "'delta.minReaderVersion' = '2'",
            "'delta.minWriterVersion' = '5'");
    sql("INSERT INTO " + quote(table) + " VALUES (1, 'a')");
    Map<String, StreamingQuery> queries = Streams.startBoth(table, dir, "unmapped", Map.of());
    Streams.write(
        table,
        "INSERT INTO $T VALUES (2, 'b')",
        "ALTER TABLE $T SET TBLPROPERTIES ('delta.columnMapping.mode' = 'none')",
        "INSERT INTO $T VALUES (3, 'c')");
    DeltaXThrowable cause = Streams.bothRunningFail(queries);
    assertEquals(DELTAX_STREAM_SCHEMA_CHANGED, cause.condition());
    assertTrue(
        cause.getMessage().contains("new query, with a new checkpoint location, from version 3"),
        cause.getMessage());
    Map<String, String> fromTheRemoval = Map.of("startingVersion", "3");
    Streams.run("delta", table, dir.resolve("unmapped-after-delta"), fromTheRemoval);
    Streams.run("deltax", table, dir.resolve("unmapped-after-deltax"), fromTheRemoval);
    assertSameRows(
        Streams.sink(dir.resolve("unmapped-after-delta")),
        Streams.sink(dir.resolve("unmapped-after-deltax")));
    assertEquals(1, Streams.count(dir.resolve("unmapped-after-deltax")));
  }

  /**
   * A NOT NULL column made nullable, then a null written, under running queries: both fail (the
   * stream's schema would hold the null under NOT NULL); restarted, both read on with the new
   * schema and agree.
   */
  @Test
  void aColumnMadeNullableFailsARunningQueryAndPassesARestart() throws Exception {
    String table = Streams.create(dir, "nullable", "id INT NOT NULL, v STRING");
    sql("INSERT INTO " + quote(table) + " VALUES (1, 'a')");
    Map<String, StreamingQuery> queries = Streams.startBoth(table, dir, "nullable", Map.of());
    Streams.write(
        table, "ALTER TABLE $T ALTER COLUMN id DROP NOT NULL", "INSERT INTO $T VALUES (NULL, 'b')");
    DeltaXThrowable cause = Streams.bothRunningFail(queries);
    assertEquals(DELTAX_STREAM_SCHEMA_CHANGED, cause.condition());
    assertTrue(cause.getMessage().contains("non-nullable"), cause.getMessage());
    assertEquals(1, Streams.count(dir.resolve("nullable-deltax")));

    Streams.run("delta", table, dir.resolve("nullable-delta"), Map.of());
    Streams.run("deltax", table, dir.resolve("nullable-deltax"), Map.of());
    // Read as nullable: delta-spark's first batch wrote its file with id nullable, deltax's not.
    assertSameRows(
        Streams.sink(dir.resolve("nullable-delta"), "id INT, v STRING"),
        Streams.sink(dir.resolve("nullable-deltax"), "id INT, v STRING"));
    assertEquals(2, Streams.count(dir.resolve("nullable-deltax")));
  }

  /**
   * A column and a struct field added while the query was stopped, after commits it has not read:
   * restarted with one file per batch, the batches of those commits come before the change, and
   * their rows read the new column and field as null, as delta-spark's do. The sinks hold files
   * with and without them.
   */
  @Test
  void aColumnAddedWhileStoppedReadsAsNullInTheBatchesBeforeIt() throws Exception {
    String table = Streams.create(dir, "added", "id INT, s STRUCT<a: INT>");
    Streams.write(table, "INSERT INTO $T VALUES (1, named_struct('a', 1))");
    Map<String, String> oneFile = Map.of("maxFilesPerTrigger", "1");
    Streams.run("delta", table, dir.resolve("added-delta"), oneFile);
    Streams.run("deltax", table, dir.resolve("added-deltax"), oneFile);
    Streams.write(
        table,
        "INSERT INTO $T VALUES (2, named_struct('a', 2))",
        "INSERT INTO $T VALUES (3, named_struct('a', 3))",
        "ALTER TABLE $T ADD COLUMNS (w STRING, s.b STRING)",
        "INSERT INTO $T VALUES (4, named_struct('a', 4, 'b', 'b4'), 'w4')");
    Streams.run("delta", table, dir.resolve("added-delta"), oneFile);
    Streams.run("deltax", table, dir.resolve("added-deltax"), oneFile);
    assertSameRows(
        withAddedColumn(dir.resolve("added-delta")), withAddedColumn(dir.resolve("added-deltax")));
    assertEquals(4, withAddedColumn(dir.resolve("added-deltax")).count());
  }

  private static Dataset<Row> withAddedColumn(Path out) {
    return Streams.sink(out, "id INT, s STRUCT<a: INT, b: STRING>, w STRING");
  }

  /**
   * A column widened from SMALLINT to INT ({@code delta.enableTypeWidening}) under running queries:
   * both fail, deltax's naming the old and the new schema; restarted, both go on with the new type,
   * as delta-spark accepts a widening after a restart.
   */
  @Test
  void typeWideningFailsARunningQueryAndPassesARestart() throws Exception {
    String table =
        Streams.create(dir, "widened", "id INT, n SMALLINT", "'delta.enableTypeWidening' = 'true'");
    sql("INSERT INTO " + quote(table) + " VALUES (1, 1)");
    Map<String, StreamingQuery> queries = Streams.startBoth(table, dir, "widened", Map.of());
    sql("ALTER TABLE " + quote(table) + " CHANGE COLUMN n TYPE INT");
    sql("INSERT INTO " + quote(table) + " VALUES (2, 2)");
    DeltaXThrowable cause = Streams.bothRunningFail(queries);
    assertEquals(DELTAX_STREAM_SCHEMA_CHANGED, cause.condition());
    assertTrue(
        cause.getMessage().contains("n SMALLINT") && cause.getMessage().contains("n INT"),
        cause.getMessage());
    assertEquals(1, Streams.count(dir.resolve("widened-deltax")));

    Streams.run("delta", table, dir.resolve("widened-delta"), Map.of());
    Streams.run("deltax", table, dir.resolve("widened-deltax"), Map.of());
    // The sinks hold files of both types: read them as the wider one.
    assertSameRows(widened(dir.resolve("widened-delta")), widened(dir.resolve("widened-deltax")));
    assertEquals(2, widened(dir.resolve("widened-deltax")).count());
  }

  private static Dataset<Row> widened(Path out) {
    return Streams.sink(out, "id INT, n INT");
  }

  /**
   * Log clean-up removed the commits the stream needs next (delta-spark's checkpoint, then the
   * commit files before it deleted): by default both streams fail, deltax's naming the missing
   * versions and the next one the log holds; with {@code failOnDataLoss = false} both skip ahead to
   * it and agree on what they read.
   */
  @Test
  void logCleanedPastTheOffsetFailsOrSkipsAheadAsDeltaSpark() throws Exception {
    String table = Streams.create(dir, "cleaned", "id INT, v STRING");
    // Two batches each: on restart Spark asks delta-spark's (DSv1) source for its last batch
    // again, which for a first batch means the table's snapshot at its start.
    for (int id = 1; id <= 2; id++) {
      Streams.insertEach(table, id, id);
      Streams.run("deltax", table, dir.resolve("cleaned-deltax"), Map.of());
      Streams.run("delta", table, dir.resolve("cleaned-delta"), Map.of());
    }
    Streams.insertEach(table, 3, 5);
    io.deltax.it.DeltaOracle.checkpoint(table);
    io.deltax.it.DeltaOracle.deleteCommits(table, 0, 4);
    DeltaXThrowable cause =
        Streams.bothFail(
            table, dir.resolve("cleaned-delta"), dir.resolve("cleaned-deltax"), Map.of());
    assertEquals(DELTAX_STREAM_VERSIONS_MISSING, cause.condition());
    assertTrue(
        cause.getMessage().contains("versions 3 to 4")
            && cause.getMessage().contains("version 5")
            && cause.getMessage().contains("failOnDataLoss"),
        cause.getMessage());
    assertEquals(2, Streams.count(dir.resolve("cleaned-deltax")));

    Map<String, String> skip = Map.of("failOnDataLoss", "false");
    boolean deltaSparkResumed = resumesAfterCleanUp(table, dir.resolve("cleaned-delta"), skip);
    Streams.run("deltax", table, dir.resolve("cleaned-deltax"), skip);
    if (deltaSparkResumed) {
      assertSameRows(
          Streams.sink(dir.resolve("cleaned-delta")), Streams.sink(dir.resolve("cleaned-deltax")));
    }
    assertEquals(
        canonicalRows(delta(table).where("id IN (1, 2, 5)")),
        canonicalRows(Streams.sink(dir.resolve("cleaned-deltax"))),
        "versions 3 and 4 skipped");
    Streams.insertEach(table, 6, 6);
    Streams.run("deltax", table, dir.resolve("cleaned-deltax"), skip);
    assertEquals(4, Streams.count(dir.resolve("cleaned-deltax")), "and the stream goes on");
  }

  /**
   * Runs delta-spark's stream with {@code failOnDataLoss = false} after the clean-up: delta-spark
   * 4.3 (Spark 4.1) skips ahead as deltax does. delta-spark 4.4 (Spark 4.2) refuses to resume even
   * so, because on restart it reads its last batch's end commit again, which is gone ({@code
   * DELTA_STREAMING_TRAILING_COMMIT_MISSING}); deltax's offsets need no commit before them. Then
   * only the batch read of the table is the oracle.
   */
  private static boolean resumesAfterCleanUp(
      String table, Path checkpoint, Map<String, String> options) {
    try {
      Streams.run("delta", table, checkpoint, options);
      return true;
    } catch (RuntimeException e) {
      if (spark().version().startsWith("4.1")
          || !String.valueOf(e.getMessage()).contains("DELTA_STREAMING_TRAILING_COMMIT_MISSING")) {
        throw e;
      }
      return false;
    }
  }

  @Test
  void rowIdsAreSelectableInStreamsAsDeltaSparkReadsThem() {
    String table =
        Streams.create(dir, "rowids", "id INT, v STRING", "'delta.enableRowTracking' = 'true'");
    sql("INSERT INTO " + quote(table) + " VALUES (1, 'a'), (2, 'b')");
    sql("INSERT INTO " + quote(table) + " VALUES (3, 'c')");
    String[] columns = {"id", "_metadata.row_id", "_metadata.row_commit_version"};
    // delta-spark's stream (a DSv1 source) cannot select _metadata: its batch read is the oracle.
    Streams.runInto(
        spark().readStream().format("deltax").load(table).select("id", columns[1], columns[2]),
        dir.resolve("rowids-deltax"));
    sql("INSERT INTO " + quote(table) + " VALUES (4, 'd')");
    Streams.runInto(
        spark().readStream().format("deltax").load(table).select("id", columns[1], columns[2]),
        dir.resolve("rowids-deltax"));
    // Rows only: the sink's Parquet files do not keep the _metadata fields' column metadata.
    assertEquals(
        canonicalRows(delta(table).select("id", columns[1], columns[2])),
        canonicalRows(Streams.sink(dir.resolve("rowids-deltax"))));
    assertEquals(4, Streams.count(dir.resolve("rowids-deltax")));
  }
}
