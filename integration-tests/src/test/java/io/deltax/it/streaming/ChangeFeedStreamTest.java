package io.deltax.it.streaming;

import static io.deltax.it.DeltaOracle.assertSameRows;
import static io.deltax.it.DeltaOracle.quote;
import static io.deltax.it.DeltaOracle.spark;
import static io.deltax.it.DeltaOracle.sql;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Map;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code readChangeFeed} streams: deltax's (derived from row tracking) against delta-spark's change
 * data feed stream on the same table, which has both enabled, after each AvailableNow run.
 */
class ChangeFeedStreamTest {
  private static final String[] COLUMNS = {"id", "v", "_change_type", "_commit_version"};

  @TempDir
  static Path dir;

  @BeforeAll
  static void start() {
    spark();
  }

  private static void runBoth(String table) {
    Map<String, String> options = Map.of("readChangeFeed", "true", "startingVersion", "1");
    Streams.runInto(stream("delta", table, options), dir.resolve("cdf-delta"));
    Streams.runInto(stream("deltax", table, options), dir.resolve("cdf-deltax"));
    assertSameRows(Streams.sink(dir.resolve("cdf-delta")), Streams.sink(dir.resolve("cdf-deltax")));
  }

  private static Dataset<Row> stream(String format, String table, Map<String, String> options) {
    var reader = spark().readStream().format(format);
    options.forEach(reader::option);
    return reader.load(table).select(COLUMNS[0], COLUMNS[1], COLUMNS[2], COLUMNS[3]);
  }

  @Test
  void changesCommitByCommitAsDeltaSparkChangeDataFeed() {
    String table = dir.resolve("cdf").toString();
    String t = quote(table);
    sql("CREATE TABLE " + t + " (id INT, v STRING) USING delta TBLPROPERTIES "
        + "('delta.enableRowTracking' = 'true', 'delta.enableChangeDataFeed' = 'true')");
    sql("INSERT INTO " + t + " VALUES (1, 'a'), (2, 'b'), (3, 'c')");
    sql("INSERT INTO " + t + " VALUES (4, 'd')");
    runBoth(table);
    sql("UPDATE " + t + " SET v = 'B' WHERE id = 2");
    sql("DELETE FROM " + t + " WHERE id = 3");
    sql("OPTIMIZE " + t);
    sql("INSERT INTO " + t + " VALUES (5, 'e')");
    runBoth(table);
    assertTrue(Streams.count(dir.resolve("cdf-deltax")) >= 8);
  }
}
