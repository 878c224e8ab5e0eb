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
package io.deltax.snapshots;

import static io.deltax.testing.TestLog.PROTOCOL;
import static io.deltax.testing.TestLog.add;
import static io.deltax.testing.TestLog.commit;
import static io.deltax.testing.TestLog.metadata;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.deltax.actions.AddFile;
import io.deltax.log.CheckpointWriter;
import io.deltax.log.LogFileName;
import io.deltax.log.Snapshot;
import io.deltax.log.TransactionLog;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a snapshot load followed by a scan reads of a checkpoint (issue 13, "Reads that respect the
 * store"): the checkpoint once, not once for the protocol and again for the files; a V2
 * checkpoint's sidecar opened with the size its action gives, without asking for its status.
 */
class CheckpointReadsTest {
  @TempDir Path dir;

  private final Configuration conf = LogReadsFileSystem.conf();

  /**
   * The files of the latest snapshot, loaded then scanned. The log's "log files read" count is the
   * log files the store was asked to open.
   */
  private Set<String> loadThenScan() {
    LogReadsFileSystem.reset();
    TransactionLog log = TransactionLog.open(LogReadsFileSystem.path(dir), conf);
    Snapshot snapshot = log.latestSnapshot();
    Set<String> files =
        snapshot.activeFiles().stream().map(AddFile::path).collect(Collectors.toSet());
    assertEquals(logFilesOpened(), log.logFilesRead(), "opened: " + LogReadsFileSystem.opened());
    return files;
  }

  private static long logFilesOpened() {
    return LogReadsFileSystem.opened().stream()
        .filter(n -> !n.equals("_last_checkpoint")) // a hint, not the log
        .count();
  }

  private void tableWithCheckpoint(String protocol) throws IOException {
    commit(
        dir, 0, protocol, metadata("t", "{\"delta.checkpointPolicy\":\"v2\"}"), add("a"), add("b"));
    commit(dir, 1, add("c"));
    new CheckpointWriter(conf)
        .write(TransactionLog.open(LogReadsFileSystem.path(dir), conf).snapshotAt(1));
    commit(dir, 2, add("d"));
  }

  @Test
  void aClassicCheckpointIsReadOnceByALoadAndTheScanAfterIt() throws IOException {
    tableWithCheckpoint(PROTOCOL);

    assertEquals(Set.of("a.parquet", "b.parquet", "c.parquet", "d.parquet"), loadThenScan());
    List<String> opened = LogReadsFileSystem.opened();
    assertEquals(
        1,
        opened.stream().filter(n -> n.equals(LogFileName.classicCheckpointName(1))).count(),
        "checkpoint opened: " + opened);
  }

  @Test
  void aSidecarIsOpenedWithTheSizeItsActionGives() throws IOException {
    tableWithCheckpoint(
        "{\"protocol\":{\"minReaderVersion\":3,\"minWriterVersion\":7,"
            + "\"readerFeatures\":[\"v2Checkpoint\"],\"writerFeatures\":[\"v2Checkpoint\"]}}");
    List<String> sidecars;
    try (Stream<Path> files =
        Files.list(dir.resolve("_delta_log").resolve(LogFileName.SIDECAR_DIR))) {
      sidecars =
          files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".parquet")).toList();
    }
    assertEquals(1, sidecars.size());

    assertEquals(Set.of("a.parquet", "b.parquet", "c.parquet", "d.parquet"), loadThenScan());
    List<String> opened = LogReadsFileSystem.opened();
    assertEquals(
        1,
        opened.stream().filter(n -> n.startsWith("00000000000000000001.checkpoint.")).count(),
        "the top-level file opened once: " + opened);
    assertEquals(
        1,
        LogReadsFileSystem.opened().stream().filter(sidecars::contains).count(),
        "opened: " + LogReadsFileSystem.opened());
    // (The local file system asks for the status of the files it lists; the sidecar is not listed.)
    assertEquals(
        List.of(), LogReadsFileSystem.statted().stream().filter(sidecars::contains).toList());
  }

  /** Time travel to the checkpoint's version counts what it opens: the checkpoint, its sidecar. */
  @Test
  void timeTravelCountsTheLogFilesItOpens() throws IOException {
    tableWithCheckpoint(
        "{\"protocol\":{\"minReaderVersion\":3,\"minWriterVersion\":7,"
            + "\"readerFeatures\":[\"v2Checkpoint\"],\"writerFeatures\":[\"v2Checkpoint\"]}}");
    TransactionLog log = TransactionLog.open(LogReadsFileSystem.path(dir), conf);
    log.latestSnapshot();
    LogReadsFileSystem.reset();
    long before = log.logFilesRead();
    assertEquals(3, log.snapshotAt(1).activeFiles().size());
    assertTrue(logFilesOpened() > 0);
    assertEquals(
        logFilesOpened(), log.logFilesRead() - before, "opened: " + LogReadsFileSystem.opened());
  }
}
