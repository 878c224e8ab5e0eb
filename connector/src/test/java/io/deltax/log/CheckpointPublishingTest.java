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
package io.deltax.log;

import static io.deltax.testing.TestLog.commit;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.deltax.actions.ActionJson;
import io.deltax.actions.AddFile;
import io.deltax.actions.Metadata;
import io.deltax.actions.Protocol;
import io.deltax.testing.TestLog;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Checkpoints are published whole, as commits are: two writers of the same version's checkpoint
 * (two backfills) leave one intact checkpoint, and no temporary file is left behind.
 */
class CheckpointPublishingTest {
  private static final String SCHEMA =
      "{\"type\":\"struct\",\"fields\":["
          + "{\"name\":\"v\",\"type\":\"long\",\"nullable\":true,\"metadata\":{}}]}";
  private static final int WRITERS = 4;

  @TempDir Path dir;

  private final Configuration conf = new Configuration();

  @Test
  void twoWritersOfOneClassicCheckpointLeaveOneIntactCheckpoint() throws Exception {
    Snapshot snapshot = writeLog(Set.of());
    new CheckpointWriter(conf).write(snapshot);
    new CheckpointWriter(conf).write(snapshot); // the second keeps the first one's file
    writeConcurrently(snapshot);

    assertEquals(List.of(LogFileName.classicCheckpointName(snapshot.version())), checkpoints());
    assertReadFromCheckpointEquals(snapshot);
    assertNoTemporaryFiles();
  }

  @Test
  void writersOfV2CheckpointsLeaveIntactCheckpointsAndNoTemporaryFile() throws Exception {
    Snapshot snapshot = writeLog(Set.of("v2Checkpoint"));
    writeConcurrently(snapshot);

    assertEquals(WRITERS, checkpoints().size()); // each V2 checkpoint has its own UUID name
    assertReadFromCheckpointEquals(snapshot);
    assertNoTemporaryFiles();
  }

  /**
   * A hint that names a newer checkpoint (another writer's, written meanwhile) stays: replacing it
   * would send readers back to an older checkpoint (PROTOCOL.md, "Last Checkpoint File").
   */
  @Test
  void aHintOfANewerCheckpointStays() throws Exception {
    Snapshot snapshot = writeLog(Set.of());
    Path hint = TestLog.dir(dir).resolve(LastCheckpointHint.FILE_NAME);
    String newer = "{\"version\":" + (snapshot.version() + 5) + ",\"size\":3}\n";
    Files.writeString(hint, newer);
    new CheckpointWriter(conf).write(snapshot);
    assertEquals(newer, Files.readString(hint));
    assertEquals(List.of(LogFileName.classicCheckpointName(snapshot.version())), checkpoints());
  }

  @Test
  void lastCheckpointIsReplacedWithItsChecksum() throws Exception {
    Snapshot first = writeLog(Set.of());
    // A hint written as delta-spark writes it, through Hadoop, with its .crc file beside it.
    org.apache.hadoop.fs.Path hint =
        new org.apache.hadoop.fs.Path(
            TestLog.dir(dir).resolve(LastCheckpointHint.FILE_NAME).toUri());
    try (var out = FileSystem.getLocal(conf).create(hint, true)) {
      out.write("{\"version\":0,\"size\":3}\n".getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }
    new CheckpointWriter(conf).write(first);
    // Read through Hadoop's checksummed local file system: a stale .crc would fail the read.
    try (var in = FileSystem.getLocal(conf).open(hint)) {
      assertEquals(first.version(), ActionJson.MAPPER.readTree(in).get("version").asLong());
    }
    assertNoTemporaryFiles();
  }

  private void writeConcurrently(Snapshot snapshot) throws Exception {
    CyclicBarrier start = new CyclicBarrier(WRITERS);
    ExecutorService pool = Executors.newFixedThreadPool(WRITERS);
    try {
      List<Future<?>> writes = new ArrayList<>();
      for (int w = 0; w < WRITERS; w++) {
        writes.add(
            pool.submit(
                () -> {
                  start.await();
                  new CheckpointWriter(conf).write(snapshot);
                  return null;
                }));
      }
      for (Future<?> write : writes) {
        write.get(1, TimeUnit.MINUTES);
      }
    } finally {
      pool.shutdownNow();
    }
  }

  /** Read with its commits gone, so only the checkpoint can answer. */
  private void assertReadFromCheckpointEquals(Snapshot written) throws IOException {
    for (long v = 0; v <= written.version(); v++) {
      Files.delete(TestLog.dir(dir).resolve(LogFileName.commitName(v)));
    }
    Snapshot read = TransactionLog.open(dir.toString(), conf).latestSnapshot();
    assertEquals(written.protocol(), read.protocol());
    assertEquals(written.metadata(), read.metadata());
    assertEquals(new HashSet<>(written.activeFiles()), new HashSet<>(read.activeFiles()));
    assertTrue(read.segment().checkpoint().isPresent());
    assertTrue(Files.exists(TestLog.dir(dir).resolve(LastCheckpointHint.FILE_NAME)));
  }

  private void assertNoTemporaryFiles() throws IOException {
    try (Stream<Path> files = Files.walk(TestLog.dir(dir))) {
      List<String> temporary =
          files.map(f -> f.getFileName().toString()).filter(name -> name.contains(".tmp")).toList();
      assertEquals(List.of(), temporary);
    }
  }

  private List<String> checkpoints() throws IOException {
    try (Stream<Path> files = Files.list(TestLog.dir(dir))) {
      return files
          .map(f -> f.getFileName().toString())
          .filter(name -> LogFileName.parse(name) != null && LogFileName.parse(name).isCheckpoint())
          .toList();
    }
  }

  private Snapshot writeLog(Set<String> features) throws IOException {
    commit(
        dir,
        0,
        new Protocol(3, 7, features, features),
        new Metadata(
            "id",
            "t",
            null,
            "parquet",
            SCHEMA,
            List.of(),
            features.contains("v2Checkpoint") ? Map.of("delta.checkpointPolicy", "v2") : Map.of(),
            1L),
        add("a"));
    commit(dir, 1, add("b"), add("c"));
    return TransactionLog.open(dir.toString(), conf).latestSnapshot();
  }

  private static AddFile add(String name) {
    return new AddFile(
        name + ".parquet", Map.of(), 10, 1, true, null, Map.of(), null, null, null, null);
  }
}
