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
package io.deltax.backfill;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.deltax.actions.AddFile;
import io.deltax.backfill.LogTables.CountingFileSystem;
import io.deltax.log.Snapshot;
import io.deltax.log.TransactionLog;
import io.deltax.rowtracking.RowDataVersionFinder;
import io.deltax.rowtracking.RowDataVersions;
import io.deltax.rowtracking.RowTrackingConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The enabling step stores the data versions of the rows the backfill numbered, from what the run
 * wrote and the log it started from: it reads none of the commits it wrote, and its map is the one
 * the log, read whole afterwards, tells.
 */
class EnablingStepTest {
  @TempDir Path dir;

  @BeforeEach
  void resetCounts() {
    CountingFileSystem.OPENED.clear();
  }

  private static RowTrackingBackfill backfill(
      Path table, Configuration conf, int batchSize, int maxCommits) {
    return new RowTrackingBackfill(table.toString(), conf, batchSize, maxCommits, "deltax-test");
  }

  /** The stored map equals the map derived by reading every commit of the log again. */
  private static RowDataVersions assertStoredMapIsTheLogs(Path table) {
    TransactionLog log = TransactionLog.open(table.toString(), new Configuration());
    Snapshot snapshot = log.latestSnapshot();
    assertTrue(RowTrackingConfig.of(snapshot).enabled());
    RowDataVersions stored = RowDataVersionFinder.stored(snapshot).orElseThrow();
    assertEquals(RowDataVersionFinder.derive(log, snapshot.version()).versions(), stored);
    // Commit v added the file part-v of v + 1 rows: its rows' data were written in version v.
    for (AddFile f : snapshot.activeFiles()) {
      long written = Long.parseLong(f.path().replaceAll("\\D", ""));
      assertEquals(
          written, stored.dataVersion(f.baseRowId(), f.defaultRowCommitVersion()), f.path());
    }
    return stored;
  }

  @Test
  void theEnablingStepReadsNoCommitTheRunWrote() throws Exception {
    Path table = LogTables.table(dir, 5);
    BackfillResult result = backfill(table, LogTables.countingConf(), 2, 0).run();
    // 0-4 the table, 5 UPGRADE PROTOCOL, 6-8 backfills, 9 enabling.
    assertEquals(3, result.commits());
    assertTrue(result.enabled());
    for (long v = 5; v <= 9; v++) {
      assertEquals(
          0, CountingFileSystem.opened(v), "commit " + v + " was written by the run, not read");
    }
    assertTrue(CountingFileSystem.opened(4) > 0, "the counting file system saw the log read");
    RowDataVersions stored = assertStoredMapIsTheLogs(table);
    assertEquals(Arrays.toString(new long[] {6, 7, 8}), Arrays.toString(stored.backfillVersions()));
  }

  @Test
  void aResumedRunReadsTheEarlierRunsBackfillsButNotItsOwn() throws Exception {
    Path table = LogTables.table(dir, 5);
    BackfillResult first = backfill(table, new Configuration(), 2, 1).run();
    assertEquals(1, first.commits());
    assertFalse(first.enabled());
    // 5 UPGRADE PROTOCOL, 6 the first run's backfill; the second run writes 7, 8 and enables in 9.
    BackfillResult second = backfill(table, LogTables.countingConf(), 2, 0).run();
    assertEquals(2, second.commits());
    assertEquals(7L, second.firstVersion());
    assertTrue(second.enabled());
    assertTrue(CountingFileSystem.opened(6) > 0, "the first run's backfill is read from the log");
    for (long v = 7; v <= 9; v++) {
      assertEquals(
          0, CountingFileSystem.opened(v), "commit " + v + " was written by the run, not read");
    }
    RowDataVersions stored = assertStoredMapIsTheLogs(table);
    assertEquals(Arrays.toString(new long[] {6, 7, 8}), Arrays.toString(stored.backfillVersions()));
  }

  @Test
  void aDryRunPlansWhatTheRunThenWrites() throws Exception {
    Path table = LogTables.table(dir, 5);
    BackfillResult plan = backfill(table, new Configuration(), 2, 2).plan();
    assertEquals(4, plan.files());
    assertEquals(2, plan.commits());
    assertEquals(6L, plan.firstVersion());
    assertEquals(7L, plan.lastVersion());
    BackfillResult run = backfill(table, new Configuration(), 2, 2).run();
    assertEquals(plan.files(), run.files());
    assertEquals(plan.firstVersion(), run.firstVersion());
    assertEquals(plan.lastVersion(), run.lastVersion());
    assertEquals(plan.highWaterMark(), run.highWaterMark());
  }

  /**
   * A checkpoint that cannot be written leaves the run's commits standing, as delta-spark's: here
   * the table's file retention is no interval, which the checkpoint reads to keep tombstones and
   * which deltax refuses as an analysis error.
   */
  @Test
  void aCheckpointThatCannotBeWrittenDoesNotFailTheRun() throws Exception {
    Path table = LogTables.table(dir, 3);
    Path first = table.resolve("_delta_log").resolve(String.format("%020d.json", 0));
    Files.writeString(
        first,
        Files.readString(first)
            .replace(
                "{\"delta.checkpointInterval\":\"1000\"}",
                "{\"delta.checkpointInterval\":\"1\","
                    + "\"delta.deletedFileRetentionDuration\":\"forever\"}"));

    BackfillResult result = backfill(table, new Configuration(), 2, 0).run();

    assertTrue(result.enabled(), result.message());
    assertTrue(result.message().contains("could not be written"), result.message());
    assertTrue(
        RowTrackingConfig.of(
                TransactionLog.open(table.toString(), new Configuration()).latestSnapshot())
            .enabled());
  }
}
