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

import static io.deltax.it.DeltaOracle.quote;
import static io.deltax.it.DeltaOracle.spark;
import static io.deltax.it.DeltaOracle.sql;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.functions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Spark 4.2's changes syntax ({@code t CHANGES FROM VERSION a TO VERSION b [WITH (...)]}) on {@code
 * deltax.`/path`} tables, through {@code io.deltax.spark42.DeltaXChangelogCatalog}, judged by
 * delta-spark's change data feed ({@code readChangeFeed}) on the same table, written with both CDF
 * and row tracking (deltax derives its answer from row tracking and reads the {@code _change_data}
 * files only of commits before row tracking; {@code ChangeFeedTest} shows the same answer without
 * CDF). Runs only on Spark 4.2 ({@code -Pspark-4.2}); skipped on 4.1, where the syntax does not
 * exist.
 */
class ChangelogTest {
  private static final String CATALOG = "deltax42";
  private static final String CDF = "'delta.enableChangeDataFeed' = 'true'";
  private static final String ROW_TRACKING = "'delta.enableRowTracking' = 'true'";

  @TempDir static Path dir;

  @BeforeAll
  static void onSpark42() {
    assumeTrue(
        spark().version().compareTo("4.2") >= 0,
        "Spark " + spark().version() + " has no CHANGES syntax; run with -Pspark-4.2");
    spark().conf().set("spark.sql.catalog." + CATALOG, "io.deltax.spark42.DeltaXChangelogCatalog");
  }

  /** INSERT, INSERT, UPDATE, DELETE, MERGE (update, delete and insert clauses): versions 1 to 5. */
  private static String dmlTable(String name) {
    String path = dir.resolve(name).toString();
    sql(
        "CREATE TABLE "
            + quote(path)
            + " (id INT, v INT) USING delta TBLPROPERTIES ("
            + CDF
            + ", "
            + ROW_TRACKING
            + ")");
    for (String s :
        List.of(
            "INSERT INTO $T SELECT id, id * 10 FROM range(0, 8)",
            "INSERT INTO $T SELECT id, id * 10 FROM range(8, 12)",
            "UPDATE $T SET v = -v WHERE id % 3 = 0",
            "DELETE FROM $T WHERE id IN (1, 9)",
            "MERGE INTO $T t USING (SELECT CAST(id AS INT) AS id FROM range(0, 14) WHERE id IN (2,"
                + " 3, 5, 12, 13)) s ON t.id = s.id WHEN MATCHED AND t.id < 4 THEN UPDATE SET v ="
                + " t.v + 1000 WHEN MATCHED THEN DELETE WHEN NOT MATCHED THEN INSERT (id, v) VALUES"
                + " (s.id, s.id)")) {
      sql(s.replace("$T", quote(path)));
    }
    return path;
  }

  private static Dataset<Row> changes(String path, String clause) {
    return spark().sql("SELECT * FROM " + CATALOG + ".`" + path + "` " + clause);
  }

  private static Dataset<Row> deltaChanges(String path, long start, long end) {
    return spark()
        .read()
        .format("delta")
        .option("readChangeFeed", "true")
        .option("startingVersion", start)
        .option("endingVersion", end)
        .load(path);
  }

  /**
   * (data columns, {@code _change_type}, {@code _commit_version}) of each row, sorted: a multiset.
   */
  private static List<String> rows(Dataset<Row> changes) {
    return sorted(changes.select("id", "v", "_change_type", "_commit_version").collectAsList());
  }

  private static List<String> sorted(List<Row> rows) {
    List<String> result = new ArrayList<>();
    rows.forEach(r -> result.add(r.toString()));
    result.sort(null);
    return result;
  }

  /**
   * Spark 4.2's streaming form ({@code readStream.changes}), without a start, takes the stream's
   * options (one commit per batch with {@code maxFilesPerTrigger = 1}), and resumes from its
   * checkpoint after log clean-up removed its start, version 0: the sink then holds delta-spark's
   * change data feed of versions 1 to 5, read before the clean-up.
   */
  @Test
  void aStreamOfChangesTakesItsOptionsAndResumesAfterCleanUp() throws Exception {
    String path = dir.resolve("stream").toString();
    sql(
        "CREATE TABLE "
            + quote(path)
            + " (id INT, v INT) USING delta TBLPROPERTIES ("
            + CDF
            + ", "
            + ROW_TRACKING
            + ")");
    for (String s :
        List.of(
            "INSERT INTO $T SELECT id, id * 10 FROM range(0, 5)",
            "INSERT INTO $T SELECT id, id * 10 FROM range(5, 8)",
            "UPDATE $T SET v = -v WHERE id % 3 = 0")) {
      sql(s.replace("$T", quote(path)));
    }
    Path out = dir.resolve("stream-out");
    assertEquals(3, changesStream(path, out), "one batch per commit");
    sql("DELETE FROM " + quote(path) + " WHERE id IN (1, 6)");
    io.deltax.it.DeltaOracle.checkpoint(path);
    sql("INSERT INTO " + quote(path) + " VALUES (9, 90)");
    List<String> expected = rows(deltaChanges(path, 1, 5));
    DeltaOracle.deleteCommits(path, 0, 3);
    assertEquals(2, changesStream(path, out));
    assertEquals(expected, rows(spark().read().parquet(out.resolve("data").toString())));
  }

  /**
   * A batch range from a version log clean-up removed is refused by that name, also where the
   * commits the log still holds would be refused too (an UPDATE before row tracking, under the
   * default {@code dropCarryovers}): the missing versions are the first thing to fix.
   */
  @Test
  void aRangeFromACleanedUpVersionNamesThat() throws Exception {
    String path = dir.resolve("cleaned").toString();
    sql("CREATE TABLE " + quote(path) + " (id INT, v INT) USING delta");
    sql("INSERT INTO " + quote(path) + " VALUES (1, 10)");
    sql("INSERT INTO " + quote(path) + " VALUES (2, 20)");
    io.deltax.it.DeltaOracle.checkpoint(path);
    sql("UPDATE " + quote(path) + " SET v = 0 WHERE id = 1");
    DeltaOracle.deleteCommits(path, 0, 1);
    Exception e =
        assertThrows(
            Exception.class, () -> changes(path, "CHANGES FROM VERSION 1 TO VERSION 3").collect());
    assertTrue(
        e.getMessage().contains("DELTAX_CHANGE_RANGE_NOT_AVAILABLE")
            && e.getMessage().contains("versions 2 to 3"),
        e.getMessage());
  }

  /**
   * One AvailableNow run of Spark 4.2's streaming changes into {@code out}: its batches with rows.
   */
  private static long changesStream(String path, Path out) throws Exception {
    // No start: Spark's unbounded range, which deltax reads from version 0 (it has no rows here).
    var reader = spark().readStream().option("maxFilesPerTrigger", "1");
    // DataStreamReader.changes is Spark 4.2's; this class compiles against Spark 4.1 too.
    @SuppressWarnings("unchecked")
    Dataset<Row> changes =
        (Dataset<Row>)
            reader
                .getClass()
                .getMethod("changes", String.class)
                .invoke(reader, CATALOG + ".`" + path + "`");
    var query =
        changes
            .writeStream()
            .format("parquet")
            .option("path", out.resolve("data").toString())
            .option("checkpointLocation", out.resolve("checkpoint").toString())
            .trigger(org.apache.spark.sql.streaming.Trigger.AvailableNow())
            .start();
    query.awaitTermination();
    return java.util.Arrays.stream(query.recentProgress())
        .filter(p -> p.numInputRows() > 0)
        .count();
  }

  @Test
  void everyDeduplicationModeMatchesDeltaSpark() {
    String path = dmlTable("modes");
    List<String> all = rows(deltaChanges(path, 1, 5));
    // deltax writes updates as pre- and post-images and no carry-overs, so none of these modes
    // changes the raw rows: each equals delta-spark's CDF.
    for (String with :
        List.of(
            "",
            "WITH ('deduplicationMode' = 'none')",
            "WITH ('deduplicationMode' = 'dropCarryovers', 'computeUpdates' = 'true')",
            "WITH ('deduplicationMode' = 'none', 'computeUpdates' = 'true')")) {
      assertEquals(all, rows(changes(path, "CHANGES FROM VERSION 1 TO VERSION 5 " + with)), with);
    }
    // Net changes: Spark collapses the raw rows per _metadata.row_id (deltax's rowId()); compared
    // with delta-spark's feed collapsed per id, on the data columns and change type (Spark keeps
    // each kept row's own _commit_version).
    List<String> net = new ArrayList<>();
    // netOf's rows keep the columns' order (id, v, _change_type, _commit_version) but no schema.
    for (Row r :
        ChangeFeeds.netOf(
            deltaChanges(path, 1, 5)
                .select("id", "v", "_change_type", "_commit_version")
                .collectAsList())) {
      net.add(org.apache.spark.sql.RowFactory.create(r.get(0), r.get(1), r.get(2)).toString());
    }
    net.sort(null);
    assertFalse(net.isEmpty());
    assertEquals(
        net,
        sorted(
            changes(
                    path,
                    "CHANGES FROM VERSION 1 TO VERSION 5 WITH ('deduplicationMode' = 'netChanges')")
                .select("id", "v", "_change_type")
                .collectAsList()),
        "net changes");
  }

  @Test
  void versionAndTimestampRanges() {
    String path = dmlTable("ranges");
    List<String> expected = rows(deltaChanges(path, 2, 4));
    assertEquals(expected, rows(changes(path, "CHANGES FROM VERSION 2 TO VERSION 4")));
    assertEquals(
        expected, rows(changes(path, "CHANGES FROM VERSION 1 EXCLUSIVE TO VERSION 5 EXCLUSIVE")));
    Map<Long, Timestamp> committed = new HashMap<>();
    for (Row r :
        spark()
            .sql("DESCRIBE HISTORY " + quote(path))
            .select("version", "timestamp")
            .collectAsList()) {
      committed.put(r.getLong(0), r.getTimestamp(1));
    }
    String from = committed.get(2L).toInstant().toString();
    String to = committed.get(4L).toInstant().toString();
    assertEquals(
        expected,
        rows(changes(path, "CHANGES FROM TIMESTAMP '" + from + "' TO TIMESTAMP '" + to + "'")));
    // Open-ended: to the latest version.
    assertEquals(rows(deltaChanges(path, 3, 5)), rows(changes(path, "CHANGES FROM VERSION 3")));
  }

  /**
   * A deltax row tracking backfill (one file per commit: several commits) between writes: the
   * backfill shows no row; after it, the changes equal delta-spark's, and the row version of a
   * pre-image or delete is the version that inserted the row (delta-spark's insert of that id), not
   * the backfill that re-stamped its row commit version.
   */
  @Test
  void aBackfillInTheRangeYieldsNothingAndMovesNoRowVersion() {
    String path = dir.resolve("backfilled").toString();
    sql("CREATE TABLE " + quote(path) + " (id INT, v INT) USING delta TBLPROPERTIES (" + CDF + ")");
    sql("INSERT INTO " + quote(path) + " SELECT id, id * 10 FROM range(0, 4)");
    sql("INSERT INTO " + quote(path) + " SELECT id, id * 10 FROM range(4, 8)");
    long before = latest(path);
    spark().sql("CALL backfill_row_tracking('" + path + "', 1)").collect();
    long enabled = latest(path);
    assertTrue(enabled >= before + 3, "an upgrade, two backfill commits, the enablement");
    sql("UPDATE " + quote(path) + " SET v = -1 WHERE id IN (1, 6)");
    sql("DELETE FROM " + quote(path) + " WHERE id = 4");
    long last = latest(path);

    assertEquals(0, deltaChanges(path, before + 1, enabled).count());
    assertEquals(
        0,
        changes(
                path,
                "CHANGES FROM VERSION "
                    + (before + 1)
                    + " TO VERSION "
                    + enabled
                    + " WITH ('deduplicationMode' = 'netChanges', 'computeUpdates' = 'true')")
            .count());

    Dataset<Row> after =
        changes(path, "CHANGES FROM VERSION " + (enabled + 1) + " TO VERSION " + last);
    assertEquals(rows(deltaChanges(path, enabled + 1, last)), rows(after));
    Map<Integer, Long> insertedAt = new HashMap<>();
    for (Row r : deltaChanges(path, 0, before).where("_change_type = 'insert'").collectAsList()) {
      insertedAt.put(r.getInt(r.fieldIndex("id")), r.getLong(r.fieldIndex("_commit_version")));
    }
    List<Row> old =
        after
            .where("_change_type IN ('update_preimage', 'delete')")
            .select("id", "_metadata.row_data_version")
            .collectAsList();
    assertEquals(3, old.size(), "two pre-images, one delete");
    for (Row r : old) {
      assertEquals(insertedAt.get(r.getInt(0)), r.getLong(1), "row version of id " + r.getInt(0));
    }
    for (Row r :
        after
            .where("_change_type = 'update_postimage'")
            .select("_metadata.row_data_version")
            .collectAsList()) {
      assertEquals(enabled + 1, r.getLong(0), "a post-image's row version is its update");
    }

    // Across the backfill and before it, commits are file-level (no row IDs): raw rows only.
    assertEquals(
        rows(deltaChanges(path, 1, last)),
        rows(
            changes(
                path,
                "CHANGES FROM VERSION 1 TO VERSION "
                    + last
                    + " WITH ('deduplicationMode' = 'none')")));
    Exception e =
        assertThrows(
            Exception.class,
            () ->
                changes(
                        path,
                        "CHANGES FROM VERSION 1 TO VERSION "
                            + last
                            + " WITH ('deduplicationMode' = 'netChanges')")
                    .collect());
    assertTrue(
        e.getMessage().contains("DELTAX_UNSUPPORTED_CHANGE_RANGE")
            && e.getMessage().contains(path)
            && e.getMessage().contains("version 1 "),
        e.getMessage());
  }

  /**
   * Before row tracking, a commit with change data files is read from them: exact changes (updates
   * as pre- and post-images, no carry-over, though the UPDATE rewrote its file), so every mode
   * serves them, as delta-spark's CDF gives them.
   */
  @Test
  void changeDataFilesBeforeRowTrackingInEveryMode() {
    String path = dir.resolve("recorded").toString();
    sql("CREATE TABLE " + quote(path) + " (id INT, v INT) USING delta TBLPROPERTIES (" + CDF + ")");
    sql("INSERT INTO " + quote(path) + " SELECT id, id * 10 FROM range(0, 4)");
    sql("UPDATE " + quote(path) + " SET v = -1 WHERE id = 1");
    sql("DELETE FROM " + quote(path) + " WHERE id = 2");
    List<String> expected = rows(deltaChanges(path, 2, 3));
    assertEquals(3, expected.size(), "an update's two images, a delete");
    for (String with :
        List.of(
            "",
            "WITH ('deduplicationMode' = 'none')",
            "WITH ('deduplicationMode' = 'dropCarryovers', 'computeUpdates' = 'true')")) {
      assertEquals(
          expected, rows(changes(path, "CHANGES FROM VERSION 2 TO VERSION 3 " + with)), with);
    }
  }

  private static long latest(String path) {
    return spark()
        .sql("DESCRIBE HISTORY " + quote(path))
        .agg(functions.max("version"))
        .first()
        .getLong(0);
  }
}
