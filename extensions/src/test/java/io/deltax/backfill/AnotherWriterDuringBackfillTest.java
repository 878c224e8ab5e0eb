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

import static io.deltax.errors.DeltaXErrorCondition.DELTAX_IO_ERROR;
import static io.deltax.errors.DeltaXErrorCondition.DELTAX_MISSING_STATS;
import static io.deltax.errors.DeltaXErrorCondition.DELTAX_UNSUPPORTED_TABLE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.deltax.errors.DeltaXAnalysisException;
import io.deltax.errors.DeltaXErrorCondition;
import io.deltax.errors.DeltaXRuntimeException;
import io.deltax.log.LogFileName;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.BiConsumer;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Another writer turns row tracking off while a backfill runs, as delta-spark's DROP FEATURE
 * rowTracking does: first it sets {@code delta.rowTrackingSuspended}, then it removes the feature
 * from the protocol. The backfill stops at its next commit, and its error says the commits it wrote
 * stay, not that nothing was written.
 */
class AnotherWriterDuringBackfillTest {
  @TempDir Path dir;

  private static Path commitFile(Path table, long version) {
    return table.resolve(LogFileName.LOG_DIR).resolve(LogFileName.commitName(version));
  }

  /** Commits {@code version}: the table's metadata with row tracking suspended. */
  private static void suspend(Path table, long version) {
    try {
      String metadata =
          Files.readAllLines(commitFile(table, 0)).stream()
              .filter(l -> l.startsWith("{\"metaData\""))
              .findFirst()
              .orElseThrow()
              .replace(
                  "\"configuration\":{",
                  "\"configuration\":{\"delta.rowTrackingSuspended\":\"true\",");
      Files.writeString(commitFile(table, version), metadata + "\n");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Commits {@code version}: a protocol without the rowTracking feature. */
  private static void dropRowTracking(Path table, long version) {
    try {
      Files.writeString(
          commitFile(table, version),
          "{\"protocol\":{\"minReaderVersion\":1,\"minWriterVersion\":7,\"writerFeatures\":[\"appendOnly\",\"invariants\",\"domainMetadata\"]}}\n");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Runs a backfill of a 5-file table in batches of 2 while another writer commits, through {@code
   * otherWriter}, the version after its first batch; returns the error it stops with. 0-4 the
   * table, 5 UPGRADE PROTOCOL, 6 the first batch, 7 the other writer's; nothing after it.
   */
  private static DeltaXAnalysisException stoppedByAnotherWriter(
      Path table, BiConsumer<Path, Long> otherWriter) {
    return stoppedByAnotherWriter(table, otherWriter, DELTAX_UNSUPPORTED_TABLE);
  }

  private static DeltaXAnalysisException stoppedByAnotherWriter(
      Path table, BiConsumer<Path, Long> otherWriter, DeltaXErrorCondition condition) {
    RowTrackingBackfill backfill =
        new RowTrackingBackfill(table.toString(), new Configuration(), 2, 0, "deltax-test")
            .onProgress(
                (batch, batches, files, version) -> {
                  if (batch == 1) {
                    otherWriter.accept(table, version + 1);
                  }
                });
    DeltaXAnalysisException stopped = assertThrows(DeltaXAnalysisException.class, backfill::run);
    assertEquals(condition, stopped.condition());
    assertTrue(Files.exists(commitFile(table, 7)));
    assertFalse(Files.exists(commitFile(table, 8)));
    return stopped;
  }

  @Test
  void aFeatureDroppedMidRunStopsIt() {
    DeltaXAnalysisException stopped =
        stoppedByAnotherWriter(
            LogTables.table(dir, 5), AnotherWriterDuringBackfillTest::dropRowTracking);
    assertTrue(
        stopped.getMessage().contains("another writer removed the rowTracking feature")
            && stopped.getMessage().contains("The commits already written stay valid"),
        stopped.getMessage());
  }

  @Test
  void theErrorSaysWhatTheRunWrote() throws IOException {
    Path table = LogTables.table(dir, 5);
    DeltaXAnalysisException stopped =
        stoppedByAnotherWriter(table, AnotherWriterDuringBackfillTest::suspend);
    assertTrue(
        stopped
                .getMessage()
                .contains("stopped: another writer set its property delta.rowTrackingSuspended")
            && stopped.getMessage().contains("The commits already written stay valid."),
        stopped.getMessage());
    assertFalse(stopped.getMessage().contains("Nothing was written"), stopped.getMessage());

    List<String> log = List.of(table.resolve("_delta_log").toFile().list());
    DeltaXAnalysisException refused =
        assertThrows(
            DeltaXAnalysisException.class,
            new RowTrackingBackfill(table.toString(), new Configuration(), 2, 0, "deltax-test")
                ::run);
    assertTrue(refused.getMessage().contains("Nothing was written."), refused.getMessage());
    assertEquals(log, List.of(table.resolve("_delta_log").toFile().list()));
  }

  /** Another writer adds a file without a record count after the first batch. */
  @Test
  void aFileWithoutStatisticsAddedMidRunStopsItKeepingItsCommits() {
    DeltaXAnalysisException stopped =
        stoppedByAnotherWriter(
            LogTables.table(dir, 5),
            (table, version) -> {
              try {
                Files.writeString(
                    commitFile(table, version),
                    "{\"add\":{\"path\":\"late.parquet\",\"partitionValues\":{},\"size\":1,\"modificationTime\":1,\"dataChange\":true}}\n");
              } catch (IOException e) {
                throw new UncheckedIOException(e);
              }
            },
            DELTAX_MISSING_STATS);
    assertTrue(
        stopped.getMessage().contains("late.parquet")
            && stopped.getMessage().contains("The commits already written stay valid"),
        stopped.getMessage());
    assertFalse(stopped.getMessage().contains("Nothing was written"), stopped.getMessage());
  }

  /**
   * The log directory stops taking files after the first batch (here: it is replaced by a file): a
   * named I/O error that says the first batch stays, and the table reads on from it.
   */
  @Test
  void aStoreFailureMidRunIsANamedErrorKeepingItsCommits() throws IOException {
    Path table = LogTables.table(dir, 5);
    Path logDir = table.resolve(LogFileName.LOG_DIR);
    Path aside = table.resolve("_delta_log.aside");
    RowTrackingBackfill backfill =
        new RowTrackingBackfill(table.toString(), new Configuration(), 2, 0, "deltax-test")
            .onProgress(
                (batch, batches, files, version) -> {
                  try {
                    Files.move(logDir, aside);
                    Files.writeString(logDir, "not a directory");
                  } catch (IOException e) {
                    throw new UncheckedIOException(e);
                  }
                });
    DeltaXRuntimeException failed = assertThrows(DeltaXRuntimeException.class, backfill::run);
    assertEquals(DELTAX_IO_ERROR, failed.condition());
    assertTrue(
        failed.getMessage().contains("The commits already written stay valid"),
        failed.getMessage());

    Files.delete(logDir);
    Files.move(aside, logDir);
    assertTrue(Files.exists(commitFile(table, 6)));
    assertFalse(Files.exists(commitFile(table, 7)));
    BackfillResult finished =
        new RowTrackingBackfill(table.toString(), new Configuration(), 2, 0, "deltax-test").run();
    assertTrue(finished.enabled());
    assertEquals(3, finished.files(), "the files the first batch left");
  }
}
