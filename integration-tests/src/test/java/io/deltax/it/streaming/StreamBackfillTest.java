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
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A stream that starts before delta-spark's row tracking backfill: the commits it reads first have
 * {@code add} actions without {@code baseRowId}, the snapshots it plans later batches on have row
 * tracking enabled.
 */
class StreamBackfillTest {
  @TempDir static Path dir;

  @BeforeAll
  static void start() {
    spark();
  }

  /**
   * Rows in versions 1 and 2, delta-spark's {@code ALTER TABLE} backfills them one file per commit,
   * then versions with row tracking on: the table's path.
   */
  private static String backfilledTable(String name) {
    String table = Streams.create(dir, name, "id INT, v STRING");
    Streams.insertEach(table, 1, 2);
    SharedSpark.withConf(
        Map.of("spark.databricks.delta.backfill.maxNumFiles", "1"),
        () ->
            sql(
                "ALTER TABLE "
                    + quote(table)
                    + " SET TBLPROPERTIES ('delta.enableRowTracking' = 'true')"));
    Streams.insertEach(table, 3, 4);
    long backfills =
        spark()
            .sql("DESCRIBE HISTORY " + quote(table))
            .where("operation = 'ROW TRACKING BACKFILL'")
            .count();
    assertTrue(backfills >= 2, "delta-spark backfilled in " + backfills + " commits");
    return table;
  }

  @Test
  void streamFromBeforeTheBackfillReadsAsDeltaSpark() {
    String table = backfilledTable("rows");
    for (Map<String, String> options :
        List.of(
            Map.of("startingVersion", "1"),
            Map.of("startingVersion", "1", "maxFilesPerTrigger", "1"))) {
      String name = "rows-" + options.size();
      Streams.run("delta", table, dir.resolve(name + "-delta"), options);
      Streams.run("deltax", table, dir.resolve(name + "-deltax"), options);
      assertSameRows(
          Streams.sink(dir.resolve(name + "-delta")), Streams.sink(dir.resolve(name + "-deltax")));
      assertEquals(4, Streams.count(dir.resolve(name + "-deltax")));
    }
  }

  /**
   * The rows of versions 1 and 2 have the row IDs and row commit versions the backfill gave their
   * files. delta-spark's stream (a DSv1 source) cannot select {@code _metadata}: its batch read of
   * the table is the oracle.
   */
  @Test
  void rowIdsOfFilesFromBeforeTheBackfillAreTheTablesRowIds() {
    String table = backfilledTable("ids");
    String[] columns = {"id", "_metadata.row_id", "_metadata.row_commit_version"};
    for (Map<String, String> options :
        List.of(
            Map.of("startingVersion", "1"),
            Map.of("startingVersion", "1", "maxFilesPerTrigger", "1"))) {
      Path out = dir.resolve("ids-" + options.size());
      Streams.runInto(
          Streams.stream("deltax", table, options).select(columns[0], columns[1], columns[2]), out);
      assertEquals(
          canonicalRows(delta(table).select(columns[0], columns[1], columns[2])),
          canonicalRows(Streams.sink(out)));
    }
  }

  /**
   * A file from before the backfill that the table no longer holds: its rows keep the IDs the
   * backfill commit gave it, which delta-spark's read of the version that enabled row tracking
   * shows. (Log clean-up removes the oldest commits first, so a stream that still reads the file's
   * first add still finds the backfill commit after it.)
   */
  @Test
  void aRemovedFileFromBeforeTheBackfillKeepsItsBackfillRowIds() {
    String table = backfilledTable("removed");
    sql("DELETE FROM " + quote(table) + " WHERE id = 1");
    long enabled = enablementVersion(table);
    Map<String, String> options = Map.of("startingVersion", "1", "skipChangeCommits", "true");
    Path out = dir.resolve("removed-deltax");
    Streams.runInto(Streams.stream("deltax", table, options).select("id", "_metadata.row_id"), out);
    assertEquals(
        canonicalRows(
            spark()
                .read()
                .format("delta")
                .option("versionAsOf", enabled)
                .load(table)
                .select("id", "_metadata.row_id")
                .union(delta(table).where("id >= 3").select("id", "_metadata.row_id"))),
        canonicalRows(Streams.sink(out)));
  }

  /** The version whose {@code SET TBLPROPERTIES} turned row tracking on. */
  private static long enablementVersion(String table) {
    return spark()
        .sql("DESCRIBE HISTORY " + quote(table))
        .where("operation = 'SET TBLPROPERTIES'")
        .selectExpr("max(version)")
        .first()
        .getLong(0);
  }
}
