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

import static io.deltax.it.ChangeFeeds.CDF;
import static io.deltax.it.ChangeFeeds.ROW_TRACKING;
import static io.deltax.it.ChangeFeeds.VECTORS;
import static io.deltax.it.ChangeFeeds.assertError;
import static io.deltax.it.ChangeFeeds.assertSameChanges;
import static io.deltax.it.ChangeFeeds.canonical;
import static io.deltax.it.ChangeFeeds.changes;
import static io.deltax.it.ChangeFeeds.commit;
import static io.deltax.it.ChangeFeeds.dmlSequence;
import static io.deltax.it.ChangeFeeds.latest;
import static io.deltax.it.ChangeFeeds.rows;
import static io.deltax.it.ChangeFeeds.table;
import static io.deltax.it.DeltaOracle.canonicalRows;
import static io.deltax.it.DeltaOracle.deleteCommits;
import static io.deltax.it.DeltaOracle.quote;
import static io.deltax.it.DeltaOracle.spark;
import static io.deltax.it.DeltaOracle.sql;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.DataFrameReader;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The ranges of deltax's change feed against delta-spark's: across row tracking enablement (a
 * backfill, deltax's or delta-spark's, shows no row), across and from schema changes, by
 * timestamps, the SQL function, and the ranges both refuse. How each statement's changes compare:
 * {@link ChangeFeedTest}.
 */
class ChangeFeedRangesTest {
  @TempDir static Path dir;

  @BeforeAll
  static void start() {
    spark();
  }

  /**
   * Row tracking enabled on a table with rows by deltax's backfill, in one commit (the default
   * batch) and in batches of one file (several commits), between writes: before it the changes are
   * file-level (here inserts, exact), after it matched by row ID; the backfill itself shows no row
   * (field report, fact 5).
   */
  @ParameterizedTest(name = "files per backfill commit: {0}")
  @ValueSource(strings = {"", ", 1"})
  void aBackfillInTheRangeYieldsNoRows(String batch) {
    String path =
        table(
            dir,
            "backfilled" + batch.length(),
            CDF,
            "",
            List.of(
                "INSERT INTO $T SELECT id, CAST(id % 3 AS STRING), id * 10 FROM range(0, 5)",
                "INSERT INTO $T SELECT id, CAST(id % 3 AS STRING), id * 10 FROM range(5, 10)"));
    long before = latest(path);
    long files = dataFiles(path);
    spark().sql("CALL backfill_row_tracking('" + path + "'" + batch + ")").collect();
    long enabled = latest(path);
    assertEquals(
        before + 2 + (batch.isEmpty() ? 1 : files),
        enabled,
        "an upgrade, one backfill commit per batch of " + files + " files, the enablement");
    sql("UPDATE " + quote(path) + " SET v = -1 WHERE id IN (1, 7)");
    sql("DELETE FROM " + quote(path) + " WHERE id = 4");
    sql("INSERT INTO " + quote(path) + " VALUES (42, 'x', 420)");
    assertEquals(0, changes("deltax", path, before + 1, enabled, "all").count());
    assertEquals(0, changes("delta", path, before + 1, enabled, "all").count());
    assertSameChanges(path, path);
    // Ranges that end inside the backfill (after the upgrade; after the last batch), before row
    // tracking is enabled: file-level inserts.
    for (long end : new long[] {before + 1, enabled - 1}) {
      assertSameChanges(path, path, 1, end);
    }
  }

  /**
   * Before row tracking, a table with the change data feed on records its changes in change data
   * files, and deltax reads them as delta-spark does: an UPDATE and a MERGE before the enablement
   * show the rows they changed, not their files' every row (a column added between them reads as
   * null in the older files). A DELETE with deletion vectors writes none; the rows its vectors
   * newly hide are its deletes, and those a RESTORE's smaller vectors show again its inserts. After
   * the enablement, commits are matched by row ID. Partitioned, under column mapping (the files
   * hold physical names; their partition values are in the log).
   */
  @Test
  void changeDataFilesBeforeRowTracking() {
    String path =
        table(
            dir,
            "recorded",
            CDF + ", " + VECTORS + ", 'delta.columnMapping.mode' = 'name'",
            "PARTITIONED BY (grp)",
            List.of(
                "INSERT INTO $T SELECT id, CAST(id % 3 AS STRING), id * 10 FROM range(0, 12)",
                "UPDATE $T SET v = -v WHERE id % 3 = 0",
                "DELETE FROM $T WHERE id % 4 = 1",
                "RESTORE TABLE $T TO VERSION AS OF 2",
                "MERGE INTO $T t USING (SELECT CAST(id AS INT) AS id FROM range(0, 16) WHERE id % 5"
                    + " = 0 OR id > 13) s ON t.id = s.id WHEN MATCHED AND t.id < 8 THEN UPDATE SET"
                    + " v = t.v + 1000 WHEN MATCHED THEN DELETE WHEN NOT MATCHED THEN INSERT (id,"
                    + " grp, v) VALUES (s.id, 'new', s.id)",
                "ALTER TABLE $T ADD COLUMNS (note STRING)",
                "UPDATE $T SET note = 'n', v = v + 1 WHERE id IN (2, 3)"));
    long before = latest(path);
    assertTrue(commit(path, 2).contains("{\"cdc\":"), "the UPDATE wrote change data files");
    String delete = commit(path, 3);
    assertTrue(
        !delete.contains("{\"cdc\":") && delete.contains("\"deletionVector\":{"),
        "the DELETE wrote deletion vectors, no change data: " + delete);
    sql("ALTER TABLE " + quote(path) + " SET TBLPROPERTIES (" + ROW_TRACKING + ")");
    long enabled = latest(path);
    sql("UPDATE " + quote(path) + " SET v = v + 1 WHERE id < 5");
    sql("DELETE FROM " + quote(path) + " WHERE id = 8");
    for (long end : new long[] {before, latest(path)}) {
      List<Row> expected =
          changes("delta", path, 0, end, "all").drop("_commit_timestamp").collectAsList();
      assertEquals(
          canonical(expected),
          rows(changes("deltax", path, 0, end, "all")),
          "all changes to " + end);
      if (end == before) {
        // Rows without row IDs are not matched across commits: before row tracking, net is all.
        assertEquals(
            canonical(expected),
            rows(changes("deltax", path, 0, end, "net")),
            "net changes to " + end);
      }
    }
    assertSameChanges(path, path, enabled, latest(path));
  }

  /**
   * A row deleted by a deletion vector before row tracking, in a range across delta-spark's
   * enablement: the backfill numbered the file's rows, the hidden one too, so in {@code net} the
   * row inserted and then deleted is nothing, as collapsing delta-spark's feed gives it.
   */
  @Test
  void aRowHiddenBeforeTheBackfillIsGoneInNet() {
    String path =
        table(
            dir,
            "hidden-before-backfill",
            CDF + ", " + VECTORS,
            "",
            List.of(
                "INSERT INTO $T SELECT id, CAST(id % 3 AS STRING), id * 10 FROM range(0, 12)",
                "DELETE FROM $T WHERE id = 1"));
    assertTrue(
        commit(path, 2).contains("\"deletionVector\":{"), "the DELETE wrote a deletion vector");
    sql("ALTER TABLE " + quote(path) + " SET TBLPROPERTIES (" + ROW_TRACKING + ")");
    sql("UPDATE " + quote(path) + " SET v = -1 WHERE id = 2");
    assertSameChanges(path, path, 0, latest(path));
  }

  /**
   * The same across deltax's own backfill, one file per commit: the change data files before it are
   * read as delta-spark reads them, its commits show no row, and after it commits are matched by
   * row ID.
   */
  @Test
  void changeDataFilesBeforeDeltaxsBackfill() {
    String path =
        table(
            dir,
            "recordedThenBackfilled",
            CDF,
            "",
            List.of(
                "INSERT INTO $T SELECT id, CAST(id % 3 AS STRING), id * 10 FROM range(0, 8)",
                "UPDATE $T SET v = -v WHERE id % 3 = 0",
                "MERGE INTO $T t USING (SELECT CAST(id AS INT) AS id FROM range(5, 10)) s ON t.id ="
                    + " s.id WHEN MATCHED AND t.id = 6 THEN DELETE WHEN MATCHED THEN UPDATE SET v ="
                    + " t.v + 1 WHEN NOT MATCHED THEN INSERT (id, grp, v) VALUES (s.id, 'new',"
                    + " s.id)"));
    long before = latest(path);
    assertTrue(
        commit(path, 2).contains("{\"cdc\":") && commit(path, 3).contains("{\"cdc\":"),
        "the UPDATE and the MERGE wrote change data files");
    spark().sql("CALL backfill_row_tracking('" + path + "', 1)").collect();
    long enabled = latest(path);
    sql("UPDATE " + quote(path) + " SET v = v + 1 WHERE id < 4");
    sql("DELETE FROM " + quote(path) + " WHERE id = 9");
    List<Row> expected =
        changes("delta", path, 0, latest(path), "all").drop("_commit_timestamp").collectAsList();
    assertEquals(canonical(expected), rows(changes("deltax", path, 0, latest(path), "all")));
    assertEquals(
        0, changes("deltax", path, before + 1, enabled, "all").count(), "the backfill's commits");
    assertSameChanges(path, path, before + 1, latest(path));
  }

  /**
   * The same across delta-spark's own enablement (ALTER TABLE: upgrade, backfill, properties), its
   * backfill in one commit and, at most one file per commit, in one commit per file.
   */
  @ParameterizedTest(name = "files per backfill commit at most: {0}")
  @ValueSource(ints = {22000, 1})
  void deltaSparksEnablementInTheRange(int filesPerCommit) {
    String path =
        table(
            dir,
            "altered" + filesPerCommit,
            CDF,
            "",
            List.of(
                "INSERT INTO $T SELECT id, CAST(id % 3 AS STRING), id * 10 FROM range(0, 6)",
                "INSERT INTO $T SELECT id, CAST(id % 3 AS STRING), id * 10 FROM range(6, 9)"));
    spark().conf().set("spark.databricks.delta.backfill.maxNumFiles", filesPerCommit);
    try {
      sql("ALTER TABLE " + quote(path) + " SET TBLPROPERTIES (" + ROW_TRACKING + ")");
    } finally {
      spark().conf().unset("spark.databricks.delta.backfill.maxNumFiles");
    }
    long enabled = latest(path);
    long files = dataFiles(path);
    assertEquals(
        2 + 2 + (filesPerCommit == 1 ? files : 1),
        enabled,
        "versions 3 to "
            + enabled
            + ": the protocol upgrade, the backfill of "
            + files
            + " files, the properties");
    sql("UPDATE " + quote(path) + " SET v = 0 WHERE id < 2");
    sql("DELETE FROM " + quote(path) + " WHERE id = 5");
    assertEquals(0, changes("deltax", path, 3, enabled, "all").count());
    assertEquals(0, changes("delta", path, 3, enabled, "all").count());
    assertSameChanges(path, path);
  }

  /**
   * Columns added by ALTER TABLE and by a MERGE with schema evolution (a commit that sets the
   * schema and rewrites rows at once: older rows read the new columns as null), a range starting at
   * the MERGE included.
   */
  @Test
  void anAddedColumn() {
    String path =
        table(
            dir,
            "added-column",
            CDF + ", " + ROW_TRACKING,
            "",
            List.of(
                "INSERT INTO $T SELECT id, CAST(id % 3 AS STRING), id * 10 FROM range(0, 6)",
                "ALTER TABLE $T ADD COLUMNS (w STRING)",
                "UPDATE $T SET w = 'updated' WHERE id < 2",
                "INSERT INTO $T VALUES (9, 'x', 90, 'nine')"));
    spark().conf().set("spark.databricks.delta.schema.autoMerge.enabled", "true");
    try {
      sql(
          "MERGE INTO "
              + quote(path)
              + " t USING (SELECT CAST(id AS INT) AS id, 'g' AS grp, 5 AS v, "
              + "'w' AS w, id AS z FROM range(4, 12)) s ON t.id = s.id "
              + "WHEN MATCHED THEN UPDATE SET * WHEN NOT MATCHED THEN INSERT *");
    } finally {
      spark().conf().unset("spark.databricks.delta.schema.autoMerge.enabled");
    }
    sql("UPDATE " + quote(path) + " SET z = -1 WHERE id < 2");
    assertSameChanges(path, path);
    List<Row> expected =
        changes("delta", path, 5, 6, "all").drop("_commit_timestamp").collectAsList();
    assertTrue(
        expected.stream()
            .anyMatch(
                r ->
                    r.<Long>getAs("_commit_version") == 5
                        && "update_preimage".equals(r.getAs("_change_type"))),
        "the MERGE's updates");
    assertEquals(
        canonical(expected), rows(changes("deltax", path, 5, 6, "all")), "from the MERGE on");
  }

  /**
   * The SQL table-valued function gives the DataFrame's answer; {@code _metadata.row_id} of an
   * update's post-image is delta-spark's for the row; a starting timestamp before the first commit
   * starts at the first commit.
   */
  @Test
  void sqlTimestampsAndRowIds() {
    String path = table(dir, "sql", CDF + ", " + ROW_TRACKING, "", dmlSequence().subList(0, 3));
    assertEquals(
        rows(changes("delta", path, 1, 3, "all")),
        rows(spark().sql("SELECT * FROM deltax_changes('" + path + "', 1, 3)")));
    assertEquals(
        rows(changes("deltax", path, 2, 3, "net")),
        rows(spark().sql("SELECT * FROM deltax_changes('" + path + "', 2, NULL, 'net')")));
    assertEquals(
        rows(changes("delta", path, 0, 3, "all")),
        rows(
            spark()
                .read()
                .format("deltax")
                .option("readChangeFeed", "true")
                .option("startingTimestamp", "2000-01-01 00:00:00")
                .load(path)));
    List<String> expected =
        canonicalRows(
            DeltaOracle.delta(path)
                .where("id % 3 = 0")
                .select("id", "_metadata.row_id", "_metadata.row_commit_version"));
    Dataset<Row> postimages =
        changes("deltax", path, 3, 3, "all")
            .where("_change_type = 'update_postimage'")
            .select(
                new Column("id"),
                new Column("_metadata.row_id"),
                new Column("_metadata.row_commit_version"));
    assertEquals(expected, canonicalRows(postimages));
    assertError(
        () -> spark().sql("SELECT * FROM deltax_changes('" + path + "')").collect(),
        "DELTAX_INVALID_ARGUMENT",
        "deltax_changes");
    // A date is not a version (it would be read as its number of days).
    assertError(
        () ->
            spark().sql("SELECT * FROM deltax_changes('" + path + "', DATE'1970-01-03')").collect(),
        "DELTAX_INVALID_ARGUMENT",
        "DATE");
  }

  @Test
  void aRangeWithoutDataChangeReadsNoFile() {
    String path =
        table(
            dir,
            "no-change",
            CDF + ", " + ROW_TRACKING,
            "",
            List.of(
                "INSERT INTO $T SELECT id, 'a', 1 FROM range(0, 4)",
                "OPTIMIZE $T",
                "ALTER TABLE $T SET TBLPROPERTIES ('delta.checkpointInterval' = '5')"));
    Dataset<Row> feed = changes("deltax", path, 2, 3, "all");
    String plan = feed.queryExecution().executedPlan().toString();
    assertTrue(plan.contains("0 commits with data changes"), plan);
    assertEquals(0, feed.collectAsList().size());
  }

  @Test
  void badRanges() {
    String path =
        table(
            dir,
            "bad-ranges",
            CDF + ", " + ROW_TRACKING,
            "",
            List.of(
                "INSERT INTO $T VALUES (1, 'a', 1)",
                "ALTER TABLE $T SET TBLPROPERTIES ('delta.enableRowTracking' = 'false')",
                "INSERT INTO $T VALUES (2, 'a', 2)"));
    assertError(
        () -> changes("deltax", path, 2, 1, "all").collect(),
        "DELTAX_INVALID_CHANGE_RANGE",
        "from version 2 to version 1");
    // An ending version after the latest reads to the latest, as delta-spark's; a start after it
    // is refused by both.
    assertEquals(
        rows(changes("delta", path, 3, 9, "all")), rows(changes("deltax", path, 3, 9, "all")));
    assertError(
        () -> changes("delta", path, 4, 9, "all").collect(),
        "DELTA_CDC_START_VERSION_AFTER_LATEST");
    assertError(
        () -> changes("deltax", path, 4, 9, "all").collect(),
        "DELTAX_CHANGE_RANGE_NOT_AVAILABLE",
        path,
        "from version 4: the latest version is 3");
    assertError(
        () -> changes("deltax", path, 0, 3, "all").collect(),
        "DELTAX_UNSUPPORTED_CHANGE_RANGE",
        "across version 2",
        "disabled row tracking");
    assertError(
        () -> changes("deltax", path, 0, 1, "sideways").collect(),
        "DELTAX_INVALID_OPTION",
        "changeMode");
    assertError(
        () -> spark().read().format("deltax").option("readChangeFeed", "true").load(path).collect(),
        "DELTAX_INVALID_OPTION",
        "startingVersion");
    String dropped =
        table(
            dir,
            "dropped-column",
            CDF + ", " + ROW_TRACKING + ", 'delta.columnMapping.mode' = 'name'",
            "",
            List.of(
                "INSERT INTO $T VALUES (1, 'a', 1)",
                "ALTER TABLE $T DROP COLUMN v",
                "INSERT INTO $T VALUES (2, 'b')"));
    assertError(
        () -> changes("deltax", dropped, 1, 3, "all").collect(),
        "DELTAX_UNSUPPORTED_CHANGE_RANGE",
        "drops or renames column v");
    assertFalse(changes("deltax", dropped, 3, 3, "all").collectAsList().isEmpty());
  }

  /**
   * A range that ends before a column was added: delta-spark reads a table without column mapping
   * with its latest schema, the column null in the range's rows, and so does deltax; with column
   * mapping, both read it with the range's end schema. Once a type was widened after the range,
   * delta-spark refuses it; deltax reads it with the range's own schema.
   */
  @Test
  void aRangeBeforeAnAddedColumnShowsItAsDeltaSpark() {
    String path =
        table(
            dir,
            "added-later",
            CDF + ", " + ROW_TRACKING + ", 'delta.enableTypeWidening' = 'true'",
            "",
            List.of(
                "INSERT INTO $T VALUES (1, 'a', 1), (2, 'b', 2)",
                "UPDATE $T SET v = 3 WHERE id = 1",
                "ALTER TABLE $T ADD COLUMNS (note STRING)",
                "INSERT INTO $T VALUES (3, 'c', 3, 'n')",
                "DELETE FROM $T WHERE id = 2"));
    for (long[] range : new long[][] {{1, 2}, {1, 3}, {2, 4}, {1, 5}}) {
      assertEquals(
          List.of(changes("delta", path, range[0], range[1], "all").columns()),
          List.of(changes("deltax", path, range[0], range[1], "all").columns()));
      assertSameChanges(path, path, range[0], range[1]);
    }
    // With column mapping, delta-spark reads with the range's end schema: no note.
    String mapped =
        table(
            dir,
            "added-later-mapped",
            CDF + ", " + ROW_TRACKING + ", 'delta.columnMapping.mode' = 'name'",
            "",
            List.of(
                "INSERT INTO $T VALUES (1, 'a', 1), (2, 'b', 2)",
                "UPDATE $T SET v = 3 WHERE id = 1",
                "ALTER TABLE $T ADD COLUMNS (note STRING)"));
    List<String> mappedColumns = List.of(changes("delta", mapped, 1, 2, "all").columns());
    assertFalse(mappedColumns.contains("note"), mappedColumns.toString());
    assertEquals(mappedColumns, List.of(changes("deltax", mapped, 1, 2, "all").columns()));
    assertSameChanges(mapped, mapped, 1, 2);
    sql("ALTER TABLE " + quote(path) + " CHANGE COLUMN v TYPE BIGINT");
    assertError(
        () -> changes("delta", path, 1, 2, "all").collect(),
        "DELTA_CHANGE_DATA_FEED_INCOMPATIBLE_DATA_SCHEMA");
    Dataset<Row> feed = changes("deltax", path, 1, 2, "all");
    assertEquals(
        List.of("id", "grp", "v", "_change_type", "_commit_version", "_commit_timestamp"),
        List.of(feed.columns()));
    assertEquals(4, feed.count());
  }

  /**
   * A column named as a change feed column: delta-spark refuses to turn its change data feed on for
   * such a table; deltax refuses its feed, as a read, a stream and {@code deltax_changes}, by the
   * column's name, in any case (Spark resolves names without case; delta-spark compares them with
   * it).
   */
  @Test
  void aColumnNamedAsAChangeFeedColumnIsRefused() {
    String path = dir.resolve("change-column-name").toString();
    String mixedCase = dir.resolve("change-column-name-case").toString();
    sql(
        "CREATE TABLE "
            + quote(path)
            + " (id INT, _commit_version INT) USING delta TBLPROPERTIES ("
            + ROW_TRACKING
            + ")");
    sql(
        "CREATE TABLE "
            + quote(mixedCase)
            + " (id INT, _Change_Type STRING) USING delta TBLPROPERTIES ("
            + ROW_TRACKING
            + ")");
    for (String table : List.of(path, mixedCase)) {
      sql("INSERT INTO " + quote(table) + " SELECT 1, NULL");
    }
    assertError(
        () -> sql("ALTER TABLE " + quote(path) + " SET TBLPROPERTIES (" + CDF + ")"),
        "DELTA_TABLE_ALREADY_CONTAINS_CDC_COLUMNS");
    String[] refusal = {"DELTAX_UNSUPPORTED_TABLE", path, "its column _commit_version"};
    assertError(() -> changes("deltax", path, 1, 1, "all").collect(), refusal);
    assertError(
        () ->
            spark()
                .readStream()
                .format("deltax")
                .option("readChangeFeed", "true")
                .load(path)
                .schema(),
        refusal);
    assertError(
        () -> spark().sql("SELECT * FROM deltax_changes('" + mixedCase + "', 1)").collect(),
        "DELTAX_UNSUPPORTED_TABLE",
        mixedCase,
        "its column _Change_Type");
  }

  /**
   * A log whose first commits were cleaned up, a checkpoint kept at 2 (an added column) and at 4 (a
   * DELETE): a range from a version the log no longer holds is refused, naming those it holds; so
   * is a range from 2, whose schema before it is gone; a range from the oldest commit the log holds
   * that changed no metadata, by version or by a timestamp before it, is read as delta-spark reads
   * it.
   */
  @Test
  void aCleanedUpLog() throws Exception {
    String path =
        table(
            dir,
            "cleaned",
            CDF + ", " + ROW_TRACKING + ", 'delta.checkpointInterval' = '2'",
            "",
            List.of(
                "INSERT INTO $T VALUES (1, 'a', 1), (2, 'a', 2), (3, 'b', 3)",
                "ALTER TABLE $T ADD COLUMNS (w STRING)",
                "UPDATE $T SET v = 4, w = 'u' WHERE id = 1",
                "DELETE FROM $T WHERE id = 2",
                "UPDATE $T SET v = 5 WHERE id = 3"));
    deleteCommits(path, 0, 1);
    assertError(() -> changes("delta", path, 0, 5, "all").collect(), "DELTA_LOG_FILE_NOT_FOUND");
    assertError(
        () -> changes("deltax", path, 0, 5, "all").collect(),
        "DELTAX_CHANGE_RANGE_NOT_AVAILABLE",
        path,
        "versions 2 to 5");
    assertError(
        () -> changes("deltax", path, 0, 1, "all").collect(),
        "DELTAX_CHANGE_RANGE_NOT_AVAILABLE",
        path,
        "versions 2 to 5");
    assertError(
        () -> changes("deltax", path, 2, 5, "all").collect(),
        "DELTAX_CHANGE_RANGE_NOT_AVAILABLE",
        "version 2 changes the table's protocol or metadata",
        "from version 3");
    // delta-spark reads it, its schema before the ALTER unknown (deltax is stricter here).
    assertFalse(changes("delta", path, 2, 5, "all").collectAsList().isEmpty());
    assertSameChangesFrom(path, 3);
    deleteCommits(path, 2, 3);
    assertSameChangesFrom(path, 4);
    // A starting timestamp before the oldest commit kept starts there, in both.
    String[] fromTheStart = {"2000-01-01 00:00:00", null};
    assertEquals(
        rows(timestamps("delta", path, fromTheStart)),
        rows(timestamps("deltax", path, fromTheStart)));
  }

  private static void assertSameChangesFrom(String path, long start) {
    assertFalse(
        assertSameChanges(path, path, start, latest(path)).isEmpty(),
        "changes from version " + start);
  }

  /**
   * A range that starts at a schema change, or after it, is read with the last schema as
   * delta-spark's feed is (its rows were all written at or after the start); a range across the
   * change is refused by both. A renamed column (read by its physical name) and a widened type.
   */
  @Test
  void aRangeStartingAtASchemaChange() {
    Map<String, String> tables = new LinkedHashMap<>();
    tables.put(
        table(
            dir,
            "renamed",
            CDF + ", " + ROW_TRACKING + ", 'delta.columnMapping.mode' = 'name'",
            "",
            List.of(
                "INSERT INTO $T SELECT id, CAST(id % 3 AS STRING), id * 10 FROM range(0, 10)",
                "ALTER TABLE $T RENAME COLUMN v TO value",
                "UPDATE $T SET value = -value WHERE id % 3 = 0",
                "DELETE FROM $T WHERE id = 8")),
        "drops or renames column v");
    tables.put(
        table(
            dir,
            "widened",
            CDF + ", " + ROW_TRACKING + ", 'delta.enableTypeWidening' = 'true'",
            "",
            List.of(
                "INSERT INTO $T SELECT id, CAST(id % 3 AS STRING), id * 10 FROM range(0, 10)",
                "ALTER TABLE $T ALTER COLUMN v TYPE BIGINT",
                "UPDATE $T SET v = v + 10000000000 WHERE id % 3 = 0",
                "DELETE FROM $T WHERE id = 8")),
        "changes column v from int to bigint");
    tables.forEach(
        (path, why) -> {
          long last = latest(path);
          assertError(
              () -> changes("delta", path, 1, last, "all").collect(),
              "DELTA_CHANGE_DATA_FEED_INCOMPATIBLE");
          assertError(
              () -> changes("deltax", path, 1, last, "all").collect(),
              "DELTAX_UNSUPPORTED_CHANGE_RANGE",
              "across version 2",
              why,
              "up to version 1 and from version 2 on");
          assertSameChangesFrom(path, 2);
        });
    // A commit that replaces the schema and the rows at once: the rows it removes were written
    // under the schema before it, which the new one cannot represent; the range must start after
    // it.
    String replaced =
        table(
            dir,
            "replaced",
            CDF + ", " + ROW_TRACKING,
            "",
            List.of("INSERT INTO $T SELECT id, CAST(id % 3 AS STRING), id * 10 FROM range(0, 10)"));
    spark()
        .range(5)
        .selectExpr("CAST(id AS INT) AS id", "'r' AS grp", "CAST(id AS STRING) AS v")
        .write()
        .format("delta")
        .mode("overwrite")
        .option("overwriteSchema", "true")
        .save(replaced);
    sql("UPDATE " + quote(replaced) + " SET v = 'u' WHERE id = 1");
    assertError(
        () -> changes("deltax", replaced, 2, 3, "all").collect(),
        "DELTAX_UNSUPPORTED_CHANGE_RANGE",
        "across version 2",
        "changes column v from int to string",
        "up to version 1 and from version 3 on");
    // delta-spark reads them with the new schema, and fails in the Parquet reader on column v's
    // type.
    assertError(
        () -> changes("delta", replaced, 2, 3, "all").collect(),
        "PARQUET_COLUMN_DATA_TYPE_MISMATCH");
    assertEquals(
        rows(changes("delta", replaced, 3, 3, "all")),
        rows(changes("deltax", replaced, 3, 3, "all")));
  }

  /**
   * Timestamps between commits: a start resolves to the first commit at or after it, an end to the
   * last at or before it, as delta-spark's, and two with no commit between them read nothing; a
   * start after the last commit is refused by both.
   */
  @Test
  void timestampsBetweenCommits() {
    // In-commit timestamps: the commit times both readers use are exact milliseconds in the log.
    String path =
        table(
            dir,
            "timestamps",
            CDF + ", " + ROW_TRACKING + ", 'delta.enableInCommitTimestamps' = 'true'",
            "",
            List.of(
                "INSERT INTO $T VALUES (0, 'a', 0)",
                "INSERT INTO $T VALUES (1, 'a', 1)",
                "INSERT INTO $T VALUES (2, 'a', 2)"));
    Map<Long, Long> at = new HashMap<>();
    spark()
        .sql("DESCRIBE HISTORY " + quote(path))
        .collectAsList()
        .forEach(
            r ->
                at.put(
                    r.getLong(r.fieldIndex("version")),
                    r.getTimestamp(r.fieldIndex("timestamp")).getTime()));
    assertTrue(at.get(2L) - at.get(1L) > 1, "commits 1 and 2 a millisecond apart or more");
    String between = utc(at.get(1L) + 1);
    String[][] ranges = {
      {utc(at.get(1L)), utc(at.get(2L))}, {between, null}, {null, between}, {between, between}
    };
    for (String[] range : ranges) {
      assertEquals(
          rows(timestamps("delta", path, range)),
          rows(timestamps("deltax", path, range)),
          "from " + range[0] + " to " + range[1]);
    }
    assertEquals(
        1,
        timestamps("deltax", path, ranges[0]).where("_commit_version = 2").count(),
        "commit 2 in");
    Dataset<Row> quiet = timestamps("deltax", path, new String[] {between, between});
    assertEquals(0, quiet.count(), "no commit in the window");
    String plan = quiet.queryExecution().executedPlan().toString();
    assertTrue(plan.contains("no version (all): 0 commits"), plan);
    String late = utc(at.get(3L) + 60_000);
    assertError(
        () -> timestamps("delta", path, new String[] {late, null}).collect(),
        "DELTA_TIMESTAMP_GREATER_THAN_COMMIT");
    assertError(
        () -> timestamps("deltax", path, new String[] {late, null}).collect(),
        "DELTAX_TIMESTAMP_NOT_AVAILABLE",
        "after the latest commit",
        "at or before it");
  }

  /**
   * A version with a checkpoint of its own is rebuilt from it, without its commit; its time is
   * still its commit's in-commit timestamp, not the commit file's time (here an hour later, as when
   * a store's clock runs ahead of the writer's): a start just after that timestamp begins at the
   * next version, as in delta-spark.
   */
  @Test
  void inCommitTimestampOfAVersionRebuiltFromItsCheckpoint() throws Exception {
    String path =
        table(
            dir,
            "ict-checkpoint",
            CDF
                + ", "
                + ROW_TRACKING
                + ", 'delta.enableInCommitTimestamps' = 'true', 'delta.checkpointInterval' = '2'",
            "",
            List.of(
                "INSERT INTO $T VALUES (0, 'a', 0)",
                "INSERT INTO $T VALUES (1, 'a', 1)",
                "INSERT INTO $T VALUES (2, 'a', 2)"));
    assertTrue(
        java.nio.file.Files.exists(
            java.nio.file.Path.of(
                path, "_delta_log", String.format("%020d.checkpoint.parquet", 2))),
        "version 2 has its checkpoint");
    Map<Long, Long> at = new HashMap<>();
    spark()
        .sql("DESCRIBE HISTORY " + quote(path))
        .collectAsList()
        .forEach(
            r ->
                at.put(
                    r.getLong(r.fieldIndex("version")),
                    r.getTimestamp(r.fieldIndex("timestamp")).getTime()));
    assertTrue(at.get(3L) - at.get(2L) > 1, "commits 2 and 3 a millisecond apart or more");
    java.nio.file.Files.setLastModifiedTime(
        java.nio.file.Path.of(path, "_delta_log", String.format("%020d.json", 2)),
        java.nio.file.attribute.FileTime.fromMillis(at.get(2L) + 3_600_000));
    String[] range = {utc(at.get(2L) + 1), null};
    List<String> expected = rows(timestamps("delta", path, range));
    assertFalse(expected.isEmpty());
    assertEquals(expected, rows(timestamps("deltax", path, range)));
    assertEquals(
        0, timestamps("deltax", path, range).where("_commit_version = 2").count(), "commit 2 out");
  }

  /**
   * Commits whose files have the same time (a store with one-second times, S3, gives that to
   * commits of one second): each {@code _commit_timestamp} a millisecond after the one before, as
   * delta-spark's feed gives them, also in a range that starts after the first of them.
   */
  @Test
  void commitTimesOfTheSameSecondAreMadeIncreasing() throws Exception {
    String path =
        table(
            dir,
            "same-second",
            CDF + ", " + ROW_TRACKING,
            "",
            List.of(
                "INSERT INTO $T VALUES (0, 'a', 0)",
                "INSERT INTO $T VALUES (1, 'a', 1)",
                "UPDATE $T SET v = 5 WHERE id = 0"));
    java.nio.file.attribute.FileTime second =
        java.nio.file.attribute.FileTime.fromMillis((System.currentTimeMillis() / 1000 + 5) * 1000);
    for (long v = 1; v <= 3; v++) {
      java.nio.file.Files.setLastModifiedTime(
          java.nio.file.Path.of(path, "_delta_log", String.format("%020d.json", v)), second);
    }
    for (long start : new long[] {0, 2}) {
      List<String> expected = commitTimes(changes("delta", path, start, 3, "all"));
      assertEquals(
          4 - Math.max(start, 1), expected.size(), expected.toString()); // version 0 creates
      assertEquals(
          expected, commitTimes(changes("deltax", path, start, 3, "all")), "from version " + start);
    }
  }

  /** Each distinct (_commit_version, _commit_timestamp in milliseconds), sorted. */
  private static List<String> commitTimes(Dataset<Row> changes) {
    return changes
        .select("_commit_version", "_commit_timestamp")
        .distinct()
        .collectAsList()
        .stream()
        .map(r -> r.getLong(0) + "@" + r.getTimestamp(1).getTime())
        .sorted()
        .toList();
  }

  /** A time as the session (in UTC, {@link SharedSpark}) reads it, whatever the JVM's zone. */
  private static String utc(long millis) {
    return DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSS")
        .withZone(ZoneOffset.UTC)
        .format(Instant.ofEpochMilli(millis));
  }

  private static long dataFiles(String path) {
    return DeltaOracle.delta(path).select("_metadata.file_path").distinct().count();
  }

  /** The change feed between timestamps; a null start is version 0, a null end the latest. */
  private static Dataset<Row> timestamps(String format, String path, String[] range) {
    DataFrameReader reader = spark().read().format(format).option("readChangeFeed", "true");
    reader =
        range[0] == null
            ? reader.option("startingVersion", 0)
            : reader.option("startingTimestamp", range[0]);
    return (range[1] == null ? reader : reader.option("endingTimestamp", range[1])).load(path);
  }
}
