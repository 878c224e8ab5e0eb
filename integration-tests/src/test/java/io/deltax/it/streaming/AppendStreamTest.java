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
import static io.deltax.it.DeltaOracle.canonicalRows;
import static io.deltax.it.DeltaOracle.delta;
import static io.deltax.it.DeltaOracle.quote;
import static io.deltax.it.DeltaOracle.spark;
import static io.deltax.it.DeltaOracle.sql;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.deltax.it.SharedSpark;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.streaming.StreamingQuery;
import org.apache.spark.sql.streaming.Trigger;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * deltax's stream and delta-spark's stream side by side on the same table, each run with {@code
 * Trigger.AvailableNow} after each writer step: both sinks hold the same rows.
 */
class AppendStreamTest {
  @TempDir static Path dir;

  @BeforeAll
  static void start() {
    spark();
  }

  /** Runs both streams once more and compares their sinks; returns the rows the sink holds. */
  private static long runBoth(String table, String name, Map<String, String> options) {
    Streams.run("delta", table, dir.resolve(name + "-delta"), options);
    Streams.run("deltax", table, dir.resolve(name + "-deltax"), options);
    assertSameRows(
        Streams.sink(dir.resolve(name + "-delta")), Streams.sink(dir.resolve(name + "-deltax")));
    return Streams.sink(dir.resolve(name + "-deltax")).count();
  }

  @Test
  void appendsBackfillOptimizeAndSkippedChangesAsDeltaSpark() {
    String table = Streams.create(dir, "t", "id INT, v STRING");
    String t = quote(table);
    Streams.insertEach(table, 1, 3);
    Map<String, String> skip = Map.of("skipChangeCommits", "true");
    assertEquals(3, runBoth(table, "t", skip));

    sql("INSERT INTO " + t + " VALUES (4, 'v4'), (5, 'v5')");
    assertEquals(5, runBoth(table, "t", skip));

    // deltax's backfill in two commits (dataChange = false): no row again.
    spark().sql("CALL backfill_row_tracking(table => '" + table + "', batch_size => 2)").collect();
    assertEquals(5, runBoth(table, "t", skip));

    sql("INSERT INTO " + t + " VALUES (6, 'v6')");
    sql("OPTIMIZE " + t);
    assertEquals(6, runBoth(table, "t", skip));

    sql("UPDATE " + t + " SET v = 'changed' WHERE id = 2");
    sql("DELETE FROM " + t + " WHERE id = 3");
    sql("INSERT INTO " + t + " VALUES (7, 'v7')");
    assertEquals(7, runBoth(table, "t", skip));
  }

  /**
   * A partition column before the data columns: Spark reads a stream's rows by position in the
   * table's column order, while the scan reads partition values after the data columns. Row and
   * columnar reads, and the change feed's stream, as delta-spark's.
   */
  @Test
  void partitionColumnBeforeDataColumnsAsDeltaSpark() {
    String table = dir.resolve("middle").toString();
    String t = quote(table);
    sql(
        "CREATE TABLE "
            + t
            + " (id BIGINT, region STRING, amount DOUBLE, note STRING) USING delta"
            + " PARTITIONED BY (region)"
            + " TBLPROPERTIES ('delta.enableChangeDataFeed' = 'true',"
            + " 'delta.enableRowTracking' = 'true')");
    sql("INSERT INTO " + t + " VALUES (1, 'eu', 1.5, 'a'), (2, 'us', 2.5, 'b')");
    sql("INSERT INTO " + t + " VALUES (3, 'eu', 3.5, 'c')");
    assertEquals(3, runBoth(table, "middle", Map.of()));
    SharedSpark.withConf(
        Map.of("spark.sql.parquet.enableVectorizedReader", "false"),
        () -> assertEquals(3, runBoth(table, "middle-rows", Map.of())));
    sql("UPDATE " + t + " SET amount = 9.5 WHERE id = 1");
    assertEquals(
        5,
        runBoth(table, "middle-changes", Map.of("readChangeFeed", "true", "startingVersion", "1")));
  }

  /**
   * delta-spark's older options: {@code ignoreChanges} (and {@code ignoreFileDeletion}) read the
   * files an UPDATE rewrites, so their rows come again; a DELETE of whole files passes; and {@code
   * excludeRegex} leaves out the files whose path it finds (here a partition's).
   */
  @Test
  void ignoreChangesAndExcludeRegexAsDeltaSpark() {
    String table = dir.resolve("ignore").toString();
    String t = quote(table);
    sql("CREATE TABLE " + t + " (id INT, v STRING, p INT) USING delta PARTITIONED BY (p)");
    sql("INSERT INTO " + t + " VALUES (1, 'a', 1), (2, 'b', 2), (3, 'c', 3)");
    for (String option : List.of("ignoreChanges", "ignoreFileDeletion")) {
      Map<String, String> options = Map.of(option, "true", "excludeRegex", "p=2/");
      assertEquals(2, runBoth(table, option, options), "partition 2 left out");
    }
    sql("UPDATE " + t + " SET v = 'a1' WHERE id = 1");
    sql("DELETE FROM " + t + " WHERE p = 3");
    sql("INSERT INTO " + t + " VALUES (4, 'd', 2), (5, 'e', 1)");
    for (String option : List.of("ignoreChanges", "ignoreFileDeletion")) {
      Map<String, String> options = Map.of(option, "true", "excludeRegex", "p=2/");
      assertEquals(4, runBoth(table, option, options), "the rewritten row again, and row 5");
    }
  }

  @Test
  void rowTrackingEnabledByDeltaSparkAlterShowsNoOldRow() {
    String table = Streams.create(dir, "alter", "id INT, v STRING");
    String t = quote(table);
    Streams.insertEach(table, 1, 4);
    assertEquals(4, runBoth(table, "alter", Map.of()));
    sql("ALTER TABLE " + t + " SET TBLPROPERTIES ('delta.enableRowTracking' = 'true')");
    sql("INSERT INTO " + t + " VALUES (5, 'v5')");
    assertEquals(5, runBoth(table, "alter", Map.of()));
  }

  @Test
  void startingVersionAndLatestAsDeltaSpark() {
    String table = Streams.create(dir, "start", "id INT, v STRING");
    String t = quote(table);
    Streams.insertEach(table, 1, 4);
    assertEquals(2, runBoth(table, "from3", Map.of("startingVersion", "3")));
    assertEquals(0, runBothAllowingEmpty(table, "latest", Map.of("startingVersion", "latest")));
    Streams.insertEach(table, 5, 5);
    // Where deltax differs (README, Streaming): its first run recorded where "latest" was, so the
    // row committed since arrives; delta-spark's records nothing until a batch has data, and its
    // next run starts after the new latest version.
    Streams.run("delta", table, dir.resolve("latest-delta"), Map.of("startingVersion", "latest"));
    Streams.run("deltax", table, dir.resolve("latest-deltax"), Map.of("startingVersion", "latest"));
    assertEquals(0, Streams.count(dir.resolve("latest-delta")));
    assertEquals(
        canonicalRows(delta(table).where("id = 5")),
        canonicalRows(Streams.sink(dir.resolve("latest-deltax"))));
  }

  /**
   * Both streams run as queries with {@code Trigger.ProcessingTime} while a writer commits; after
   * each commit, once both have processed all that is available, their sinks hold the same rows.
   */
  @Test
  void runningQueriesCatchUpWithAWriterAsDeltaSpark() throws Exception {
    String table = Streams.create(dir, "running", "id INT, v STRING");
    Streams.insertEach(table, 1, 2);
    Map<String, StreamingQuery> queries = new LinkedHashMap<>();
    try {
      for (String format : List.of("delta", "deltax")) {
        Path out = dir.resolve("running-" + format);
        queries.put(
            format,
            Streams.stream(format, table, Map.of("maxFilesPerTrigger", "1"))
                .writeStream()
                .format("parquet")
                .option("path", out.resolve("data").toString())
                .option("checkpointLocation", out.resolve("checkpoint").toString())
                .trigger(Trigger.ProcessingTime(50))
                .start());
      }
      for (int i = 3; i <= 5; i++) {
        Streams.insertEach(table, i, i);
        if (i == 4) {
          sql("OPTIMIZE " + quote(table));
        }
        for (StreamingQuery q : queries.values()) {
          q.processAllAvailable();
        }
        assertSameRows(
            Streams.sink(dir.resolve("running-delta")),
            Streams.sink(dir.resolve("running-deltax")));
        assertEquals(i, Streams.count(dir.resolve("running-deltax")));
      }
      assertTrue(queries.get("deltax").isActive(), "still running");
    } finally {
      for (StreamingQuery q : queries.values()) {
        q.stop();
      }
    }
  }

  /** As {@link #runBoth}, where a sink may have no file yet. */
  private static long runBothAllowingEmpty(String table, String name, Map<String, String> options) {
    Streams.run("delta", table, dir.resolve(name + "-delta"), options);
    Streams.run("deltax", table, dir.resolve(name + "-deltax"), options);
    boolean deltaWrote = Streams.count(dir.resolve(name + "-delta")) > 0;
    boolean deltaxWrote = Streams.count(dir.resolve(name + "-deltax")) > 0;
    assertEquals(deltaWrote, deltaxWrote, "whether rows arrived");
    if (!deltaWrote) {
      return 0;
    }
    assertSameRows(
        Streams.sink(dir.resolve(name + "-delta")), Streams.sink(dir.resolve(name + "-deltax")));
    long count = Streams.sink(dir.resolve(name + "-deltax")).count();
    assertTrue(count > 0);
    return count;
  }
}
