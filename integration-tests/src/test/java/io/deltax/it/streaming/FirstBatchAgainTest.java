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
import static io.deltax.it.DeltaOracle.delta;
import static io.deltax.it.DeltaOracle.spark;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.spark.api.java.function.VoidFunction2;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.streaming.StreamingQuery;
import org.apache.spark.sql.streaming.Trigger;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A query's first batch fails after it was planned (its end is in the offset log), writers commit,
 * and the query is started again: Spark runs that batch again from the stream's initial offset of
 * the new run, whose snapshot is newer. Both of deltax's streams read the snapshot the batch was
 * planned on, then the commits after it, each row once, as delta-spark's streams do.
 */
class FirstBatchAgainTest {
  @TempDir static Path dir;

  @BeforeAll
  static void start() {
    spark();
  }

  /**
   * Runs the stream of {@code format} into {@code out} (one directory per batch) until the end of
   * the table, its first batch failing once in the first run: the first run's error is expected.
   */
  private static void run(
      String format, String table, Map<String, String> options, Path out, boolean failFirst)
      throws Exception {
    run(format, table, options, out, failFirst, Trigger.AvailableNow());
  }

  private static void run(
      String format,
      String table,
      Map<String, String> options,
      Path out,
      boolean failFirst,
      Trigger trigger)
      throws Exception {
    AtomicBoolean failed = new AtomicBoolean(!failFirst);
    VoidFunction2<Dataset<Row>, Long> sink =
        (batch, id) -> {
          batch.write().mode(SaveMode.Overwrite).parquet(out.resolve("batch=" + id).toString());
          if (id == 0 && failed.compareAndSet(false, true)) {
            throw new IllegalStateException("the sink dies after writing batch 0");
          }
        };
    Dataset<Row> stream = Streams.stream(format, table, options);
    StreamingQuery query =
        stream
            .writeStream()
            .foreachBatch(sink)
            .option("checkpointLocation", out.resolve("_checkpoint").toString())
            .trigger(trigger)
            .start();
    if (failFirst) {
      assertThrows(Exception.class, query::awaitTermination);
    } else {
      query.awaitTermination();
    }
  }

  private static Dataset<Row> sink(Path out) {
    return spark().read().parquet(out.toString()).drop("batch");
  }

  /** Appends: every row of the table once, none of the snapshot lost, none of the commits twice. */
  @Test
  void appendStream() throws Exception {
    String table = Streams.create(dir, "append", "id INT, v STRING");
    Streams.insertEach(table, 1, 3);
    Path deltaOut = dir.resolve("append-delta");
    Path deltaxOut = dir.resolve("append-deltax");
    run("delta", table, Map.of(), deltaOut, true);
    run("deltax", table, Map.of(), deltaxOut, true);
    Streams.insertEach(table, 4, 5);
    run("delta", table, Map.of(), deltaOut, false);
    run("deltax", table, Map.of(), deltaxOut, false);
    assertSameRows(delta(table), sink(deltaOut));
    assertSameRows(delta(table), sink(deltaxOut));
  }

  /**
   * The change feed without a start: the snapshot the first batch was planned on as inserts, then
   * the changes of the commits made while the query was down, as delta-spark's stream gives them.
   */
  @Test
  void changeFeedStream() throws Exception {
    String table =
        Streams.create(
            dir,
            "changes",
            "id INT, v STRING",
            "'delta.enableRowTracking' = 'true'",
            "'delta.enableChangeDataFeed' = 'true'");
    Streams.insertEach(table, 1, 3);
    Map<String, String> options = Map.of("readChangeFeed", "true");
    Path deltaOut = dir.resolve("changes-delta");
    Path deltaxOut = dir.resolve("changes-deltax");
    run("delta", table, options, deltaOut, true);
    run("deltax", table, options, deltaxOut, true);
    Streams.write(
        table,
        "INSERT INTO $T VALUES (4, 'v4')",
        "UPDATE $T SET v = 'x' WHERE id = 1",
        "DELETE FROM $T WHERE id = 2");
    run("delta", table, options, deltaOut, false);
    run("deltax", table, options, deltaxOut, false);
    String[] columns = {"id", "v", "_change_type", "_commit_version"};
    Dataset<Row> expected = sink(deltaOut).selectExpr(columns);
    assertTrue(
        expected.where("_change_type = 'update_postimage'").count() == 1,
        "the update after the snapshot");
    assertSameRows(expected, sink(deltaxOut).selectExpr(columns));
  }

  /**
   * A change feed stream stopped inside its initial snapshot (two files of five read) and started
   * again with {@code Trigger.Once}, which asks for everything: the rest of the snapshot, and, in
   * the next run, the commit after it.
   */
  @Test
  @SuppressWarnings("deprecation") // Trigger.Once: still what many jobs run with
  void changeFeedSnapshotResumedUnderTriggerOnce() throws Exception {
    String table =
        Streams.create(
            dir,
            "once",
            "id INT, v STRING",
            "'delta.enableRowTracking' = 'true'",
            "'delta.enableChangeDataFeed' = 'true'");
    Streams.insertEach(table, 1, 5);
    Map<String, String> options = Map.of("readChangeFeed", "true", "maxFilesPerTrigger", "2");
    Path deltaOut = dir.resolve("once-delta");
    Path deltaxOut = dir.resolve("once-deltax");
    run("delta", table, options, deltaOut, true);
    run("deltax", table, options, deltaxOut, true);
    Streams.write(table, "UPDATE $T SET v = 'x' WHERE id = 4");
    // The first run of Trigger.Once runs the failed batch again; the second asks for everything.
    for (int once = 0; once < 2; once++) {
      run("delta", table, options, deltaOut, false, Trigger.Once());
      run("deltax", table, options, deltaxOut, false, Trigger.Once());
    }
    assertEquals(
        5, sink(deltaxOut).where("_change_type = 'insert'").count(), "the snapshot's five rows");
    // deltax's snapshot batches end with the snapshot (delta-spark's run on into the commits):
    // the update comes with the next run.
    run("delta", table, options, deltaOut, false);
    run("deltax", table, options, deltaxOut, false);
    String[] columns = {"id", "v", "_change_type", "_commit_version"};
    Dataset<Row> expected = sink(deltaOut).selectExpr(columns);
    assertEquals(
        2, expected.where("_change_type LIKE 'update%'").count(), "the update after the snapshot");
    assertSameRows(expected, sink(deltaxOut).selectExpr(columns));
  }
}
