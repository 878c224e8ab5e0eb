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
import static io.deltax.it.ChangeFeeds.canonical;
import static io.deltax.it.ChangeFeeds.latest;
import static io.deltax.it.ChangeFeeds.rowIdsAt;
import static io.deltax.it.ChangeFeeds.rows;
import static io.deltax.it.DeltaOracle.spark;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.deltax.conf.SessionSettings;
import io.deltax.it.ChangeFeeds.RowVersion;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A row-tracked commit that wrote change data files (the change data feed on) is read from them
 * where the query needs no row ID, as delta-spark's change data feed reads it (PROTOCOL.md, "Add
 * CDC File"): the same rows, from the files that hold only the changed rows, and none of the data
 * files the commit rewrote. Where the query asks for {@code _metadata} or net changes over several
 * commits, or with {@code spark.deltax.changeFeed.readChangeDataFiles} off, the changes are derived
 * from row tracking, with the same rows.
 */
class RecordedChangesTest {
  @TempDir static Path dir;
  private static String path;

  /** Four files; a spread UPDATE rewrites all, a MERGE inserts, updates and deletes, a DELETE. */
  @BeforeAll
  static void table() {
    spark();
    path =
        ChangeFeeds.table(
            dir,
            "t",
            CDF + ", " + ROW_TRACKING,
            "",
            List.of(
                "INSERT INTO $T SELECT id, CAST(id % 3 AS STRING), id FROM range(0, 400, 1, 4)",
                "UPDATE $T SET v = -v WHERE id % 10 = 0",
                "MERGE INTO $T t USING (SELECT CAST(id AS INT) AS id FROM range(390, 420)) s ON"
                    + " t.id = s.id WHEN MATCHED AND t.id % 2 = 0 THEN UPDATE SET v = t.v + 1000"
                    + " WHEN MATCHED THEN DELETE WHEN NOT MATCHED THEN INSERT (id, grp, v) VALUES"
                    + " (s.id, 'new', s.id)",
                "DELETE FROM $T WHERE id < 5"));
  }

  private static Dataset<Row> changes(long start, long end, String mode, String... columns) {
    Dataset<Row> changes =
        spark()
            .read()
            .format("deltax")
            .options(OpenedFilesFileSystem.OPTIONS)
            .option("readChangeFeed", "true")
            .option("startingVersion", start)
            .option("endingVersion", end)
            .option("changeMode", mode)
            .load(OpenedFilesFileSystem.SCHEME + ":" + path);
    return columns.length == 0 ? changes : changes.selectExpr(columns);
  }

  private static List<Row> deltaSpark(long start, long end) {
    return spark()
        .read()
        .format("delta")
        .option("readChangeFeed", "true")
        .option("startingVersion", start)
        .option("endingVersion", end)
        .load(path)
        .drop("_commit_timestamp")
        .collectAsList();
  }

  /**
   * The rows of {@code changes}; {@link OpenedFilesFileSystem#opened} then holds the files read.
   */
  private static List<String> readRows(Dataset<Row> changes) {
    OpenedFilesFileSystem.clear();
    return rows(changes);
  }

  @Test
  void eachDmlCommitIsReadFromItsChangeDataFilesAlone() {
    for (long v = 2; v <= latest(path); v++) {
      assertTrue(
          ChangeFeeds.commit(path, v).contains("\"cdc\":{"),
          "delta-spark wrote change data at " + v);
      List<String> expected = canonical(deltaSpark(v, v));
      assertEquals(
          timestamps(
              spark()
                  .read()
                  .format("delta")
                  .option("readChangeFeed", "true")
                  .option("startingVersion", v)
                  .option("endingVersion", v)
                  .load(path)),
          timestamps(changes(v, v, "all")),
          "_commit_timestamp of version " + v);
      for (String mode : List.of("all", "net")) {
        assertEquals(expected, readRows(changes(v, v, mode)), mode + " changes of version " + v);
        List<String> opened = OpenedFilesFileSystem.opened();
        assertTrue(
            opened.stream().allMatch(f -> f.startsWith("_change_data/")),
            "version " + v + " (" + mode + ") read only its change data files: " + opened);
        assertFalse(opened.isEmpty(), "version " + v + " read its change data files");
      }
    }
  }

  private static List<Object> timestamps(Dataset<Row> changes) {
    return changes.select("_commit_timestamp").distinct().collectAsList().stream()
        .map(r -> r.get(0))
        .toList();
  }

  /** The spread UPDATE's change data files, dealt to several tasks: the same rows. */
  @Test
  void aCommitsChangeDataFilesAreReadInSlices() {
    assertTrue(
        ChangeFeeds.commit(path, 2).split("\"cdc\":\\{").length > 2, "several change data files");
    SharedSpark.withConf(
        Map.of(SessionSettings.CHANGE_FEED_SLICE_BYTES.key(), "1"),
        () -> {
          Dataset<Row> sliced = changes(2, 2, "all");
          assertTrue(
              sliced.rdd().getNumPartitions() > 1, sliced.rdd().getNumPartitions() + " tasks");
          assertEquals(canonical(deltaSpark(2, 2)), readRows(sliced));
          assertTrue(
              OpenedFilesFileSystem.opened().stream().allMatch(f -> f.startsWith("_change_data/")),
              "only change data files read: " + OpenedFilesFileSystem.opened());
        });
  }

  @Test
  void derivedFromRowTrackingWhereTheConfSaysSo() {
    long last = latest(path);
    List<String> expected = canonical(deltaSpark(1, last));
    List<String> derived =
        SharedSpark.withConf(
            Map.of(SessionSettings.CHANGE_FEED_READ_CHANGE_DATA.key(), "false"),
            () -> readRows(changes(1, last, "all")));
    assertEquals(expected, derived, "all changes, derived");
    assertEquals(0, OpenedFilesFileSystem.opensOf("cdc-"), "no change data file read");
    assertTrue(OpenedFilesFileSystem.opensOf("part-") >= 4, "the rewritten data files were read");
  }

  /**
   * {@code _metadata} asks for row IDs, which change data files do not hold for every row: the
   * changes are derived, and each row carries delta-spark's row ID (a pre-image or delete that of
   * the version before, an insert or post-image that of its version).
   */
  @Test
  void rowIdsAreDerived() {
    long last = latest(path);
    OpenedFilesFileSystem.clear();
    List<Row> rows =
        changes(
                1,
                last,
                "all",
                "id",
                "_change_type",
                "_commit_version",
                "_metadata.row_id AS row_id")
            .collectAsList();
    assertEquals(0, OpenedFilesFileSystem.opensOf("cdc-"), "no change data file read");
    assertEquals(deltaSpark(1, last).size(), rows.size(), "as many changes as delta-spark's");
    Map<Long, Map<Object, RowVersion>> tables = new HashMap<>();
    for (Row r : rows) {
      long version = r.getLong(2);
      boolean before = List.of("update_preimage", "delete").contains(r.getString(1));
      RowVersion expected =
          tables
              .computeIfAbsent(before ? version - 1 : version, v -> rowIdsAt(path, v))
              .get(r.get(0));
      assertEquals(expected.rowId(), r.getLong(3), "row ID of " + r);
    }
  }
}
