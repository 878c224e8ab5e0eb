package io.deltax.it.streaming;

import static io.deltax.it.DeltaOracle.assertSameRows;
import static io.deltax.it.DeltaOracle.canonicalRows;
import static io.deltax.it.DeltaOracle.delta;
import static io.deltax.it.DeltaOracle.quote;
import static io.deltax.it.DeltaOracle.spark;
import static io.deltax.it.DeltaOracle.sql;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * deltax's stream and delta-spark's stream side by side on the same table, each run with
 * {@code Trigger.AvailableNow} after each writer step: both sinks hold the same rows.
 */
class AppendStreamTest {
  @TempDir
  static Path dir;

  @BeforeAll
  static void start() {
    spark();
  }

  /** Runs both streams once more and compares their sinks; returns the rows the sink holds. */
  private static long runBoth(String table, String name, Map<String, String> options) {
    Streams.run("delta", table, dir.resolve(name + "-delta"), options);
    Streams.run("deltax", table, dir.resolve(name + "-deltax"), options);
    assertSameRows(Streams.sink(dir.resolve(name + "-delta")), Streams.sink(dir.resolve(name + "-deltax")));
    return Streams.sink(dir.resolve(name + "-deltax")).count();
  }

  @Test
  void appendsBackfillOptimizeAndSkippedChangesAsDeltaSpark() {
    String table = dir.resolve("t").toString();
    String t = quote(table);
    sql("CREATE TABLE " + t + " (id INT, v STRING) USING delta");
    for (int i = 1; i <= 3; i++) {
      sql("INSERT INTO " + t + " VALUES (" + i + ", 'v" + i + "')");
    }
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

  @Test
  void rowTrackingEnabledByDeltaSparkAlterShowsNoOldRow() {
    String table = dir.resolve("alter").toString();
    String t = quote(table);
    sql("CREATE TABLE " + t + " (id INT, v STRING) USING delta");
    for (int i = 1; i <= 4; i++) {
      sql("INSERT INTO " + t + " VALUES (" + i + ", 'v" + i + "')");
    }
    assertEquals(4, runBoth(table, "alter", Map.of()));
    sql("ALTER TABLE " + t + " SET TBLPROPERTIES ('delta.enableRowTracking' = 'true')");
    sql("INSERT INTO " + t + " VALUES (5, 'v5')");
    assertEquals(5, runBoth(table, "alter", Map.of()));
  }

  @Test
  void startingVersionAndLatestAsDeltaSpark() {
    String table = dir.resolve("start").toString();
    String t = quote(table);
    sql("CREATE TABLE " + t + " (id INT, v STRING) USING delta");
    for (int i = 1; i <= 4; i++) {
      sql("INSERT INTO " + t + " VALUES (" + i + ", 'v" + i + "')");
    }
    assertEquals(2, runBoth(table, "from3", Map.of("startingVersion", "3")));
    assertEquals(0, runBothAllowingEmpty(table, "latest", Map.of("startingVersion", "latest")));
    sql("INSERT INTO " + t + " VALUES (5, 'v5')");
    // Where deltax differs (README, Streaming): its first run recorded where "latest" was, so the
    // row committed since arrives; delta-spark's records nothing until a batch has data, and its
    // next run starts after the new latest version.
    Streams.run("delta", table, dir.resolve("latest-delta"), Map.of("startingVersion", "latest"));
    Streams.run("deltax", table, dir.resolve("latest-deltax"), Map.of("startingVersion", "latest"));
    assertEquals(0, Streams.count(dir.resolve("latest-delta")));
    assertEquals(canonicalRows(delta(table).where("id = 5")),
        canonicalRows(Streams.sink(dir.resolve("latest-deltax"))));
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
    assertSameRows(Streams.sink(dir.resolve(name + "-delta")), Streams.sink(dir.resolve(name + "-deltax")));
    long count = Streams.sink(dir.resolve(name + "-deltax")).count();
    assertTrue(count > 0);
    return count;
  }
}
