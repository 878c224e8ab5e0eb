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

import static io.deltax.errors.DeltaXErrorCondition.DELTAX_CORRUPT_LOG;
import static io.deltax.testing.TestLog.commit;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.deltax.actions.AddFile;
import io.deltax.actions.Metadata;
import io.deltax.actions.Protocol;
import io.deltax.actions.RemoveFile;
import io.deltax.errors.DeltaXRuntimeException;
import io.deltax.testing.TestLog;
import io.deltax.testing.WarningsOf;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A checkpoint a crashed writer left empty or cut short, or whose sidecar is gone, is passed over
 * as delta-spark does: the previous checkpoint or the commits rebuild the same snapshot. Only when
 * nothing older is left is it an error, naming the checkpoint.
 */
class UnreadableCheckpointTest {
  private static final String SCHEMA =
      "{\"type\":\"struct\",\"fields\":["
          + "{\"name\":\"v\",\"type\":\"long\",\"nullable\":true,\"metadata\":{}}]}";

  @TempDir Path dir;

  private final Configuration conf = new Configuration();

  @Test
  void anEmptyNewestCheckpointIsPassedOverForTheCommits() throws IOException {
    writeCommits(0, 3, Set.of());
    Snapshot expected = latest();
    writeCheckpoint(3);
    truncate(classic(3), 0);

    List<String> warnings = new ArrayList<>();
    Snapshot read;
    try (WarningsOf log = new WarningsOf(TransactionLog.class, warnings)) {
      read = latest(); // protocol and metadata come from the checkpoint alone
    }
    assertSameState(expected, read);
    assertTrue(read.segment().checkpoint().isEmpty());
    assertEquals(4, read.segment().commits().size());
    assertEquals(1, warnings.size(), warnings.toString());
    assertTrue(warnings.get(0).contains(LogFileName.classicCheckpointName(3)), warnings.get(0));
  }

  @Test
  void aStoreThatDoesNotAnswerIsAnErrorNotAReasonToPassTheCheckpointOver() throws IOException {
    writeCommits(0, 3, Set.of());
    writeCheckpoint(3);
    Configuration unanswering = new Configuration(conf);
    unanswering.set(
        "fs." + UnansweringStoreFileSystem.SCHEME + ".impl",
        UnansweringStoreFileSystem.class.getName());
    unanswering.setBoolean("fs." + UnansweringStoreFileSystem.SCHEME + ".impl.disable.cache", true);
    String path = UnansweringStoreFileSystem.SCHEME + ":" + dir.toAbsolutePath();

    DeltaXRuntimeException e =
        assertThrows(
            DeltaXRuntimeException.class,
            () -> TransactionLog.open(path, unanswering).latestSnapshot().activeFiles());
    assertTrue(e.getMessage().contains("Read timed out"), e.getMessage());
    assertFalse(e.getMessage().contains("cannot rebuild it without"), e.getMessage());
  }

  @Test
  void aCheckpointCutShortIsPassedOverWhenTheFileListIsReplayed() throws IOException {
    writeCommits(0, 3, Set.of());
    // A newer commit with protocol and metadata: the checkpoint is first read for the file list.
    commit(dir, 4, protocol(Set.of()), metadata("after"), add("f4.parquet"));
    Snapshot expected = latest();
    writeCheckpoint(3);
    truncate(classic(3), Files.size(classic(3)) / 2);

    Snapshot read = latest();
    assertTrue(
        read.segment().checkpoint().isPresent(), "not read before the file list is asked for");
    assertSameState(expected, read);
    assertTrue(read.segment().checkpoint().isEmpty());
  }

  @Test
  void anEmptyCheckpointFallsBackToTheOlderOneWhenTheCommitsBeforeItAreGone() throws IOException {
    writeCommits(0, 2, Set.of());
    writeCheckpoint(2);
    writeCommits(3, 5, Set.of());
    Snapshot expected = latest();
    writeCheckpoint(5);
    for (long v = 0; v <= 2; v++) {
      Files.delete(TestLog.dir(dir).resolve(LogFileName.commitName(v)));
    }
    truncate(classic(5), 0);

    Snapshot read = latest();
    assertSameState(expected, read);
    assertEquals(2, read.segment().checkpoint().orElseThrow().version());
  }

  @Test
  void anEmptyCheckpointWithNothingOlderIsAnErrorNamingIt() throws IOException {
    writeCommits(0, 2, Set.of());
    writeCheckpoint(2);
    for (long v = 0; v <= 2; v++) {
      Files.delete(TestLog.dir(dir).resolve(LogFileName.commitName(v)));
    }
    truncate(classic(2), 0);

    DeltaXRuntimeException e = assertThrows(DeltaXRuntimeException.class, this::latest);
    assertEquals(DELTAX_CORRUPT_LOG, e.condition());
    assertTrue(e.getMessage().contains(LogFileName.classicCheckpointName(2)), e.getMessage());
  }

  @Test
  void aV2CheckpointWhoseSidecarIsMissingIsPassedOver() throws IOException {
    writeCommits(0, 3, Set.of("v2Checkpoint"));
    Snapshot expected = latest();
    writeCheckpoint(3);
    try (Stream<Path> sidecars = Files.list(TestLog.dir(dir).resolve(LogFileName.SIDECAR_DIR))) {
      for (Path sidecar : sidecars.toList()) {
        Files.delete(sidecar);
      }
    }

    Snapshot read = latest(); // the top-level JSON file still gives protocol and metadata
    assertSameState(expected, read);
    assertTrue(read.segment().checkpoint().isEmpty());
  }

  @Test
  void aV2CheckpointWhoseSidecarIsMissingWithNothingOlderIsAnError() throws IOException {
    writeCommits(0, 3, Set.of("v2Checkpoint"));
    writeCheckpoint(3);
    for (long v = 0; v <= 3; v++) {
      Files.delete(TestLog.dir(dir).resolve(LogFileName.commitName(v)));
    }
    try (Stream<Path> sidecars = Files.list(TestLog.dir(dir).resolve(LogFileName.SIDECAR_DIR))) {
      for (Path sidecar : sidecars.toList()) {
        Files.delete(sidecar);
      }
    }

    Snapshot read = latest();
    DeltaXRuntimeException e = assertThrows(DeltaXRuntimeException.class, read::activeFiles);
    assertEquals(DELTAX_CORRUPT_LOG, e.condition());
    assertTrue(e.getMessage().contains(".checkpoint."), e.getMessage());
    assertTrue(e.getMessage().contains(LogFileName.SIDECAR_DIR), e.getMessage());
  }

  /**
   * A V2 top-level JSON file cut at a line end after its first two lines (its {@code
   * checkpointMetadata} and its sidecar) still parses, but has no protocol and no metadata: it is
   * passed over with a warning naming it, for the commits.
   */
  @Test
  void aV2CheckpointCutAtALineEndIsPassedOverWithAWarningNamingIt() throws IOException {
    writeCommits(0, 3, Set.of("v2Checkpoint"));
    Snapshot expected = latest();
    writeCheckpoint(3);
    Path topLevel = cutToFirstTwoLines(3);

    List<String> warnings = new ArrayList<>();
    Snapshot read;
    try (WarningsOf log = new WarningsOf(TransactionLog.class, warnings)) {
      read = latest(); // protocol and metadata come from the checkpoint alone
    }
    assertSameState(expected, read);
    assertTrue(read.segment().checkpoint().isEmpty());
    assertEquals(1, warnings.size(), warnings.toString());
    assertTrue(warnings.get(0).contains(topLevel.getFileName().toString()), warnings.get(0));
    assertTrue(warnings.get(0).contains("no protocol"), warnings.get(0));
  }

  @Test
  void aV2CheckpointCutAtALineEndIsPassedOverWhenTheFileListIsReplayed() throws IOException {
    writeCommits(0, 3, Set.of("v2Checkpoint"));
    // A newer commit with protocol and metadata: the checkpoint is first read for the file list.
    commit(dir, 4, protocol(Set.of("v2Checkpoint")), metadata("after"), add("f4.parquet"));
    Snapshot expected = latest();
    writeCheckpoint(3);
    cutToFirstTwoLines(3);

    Snapshot read = latest();
    assertTrue(
        read.segment().checkpoint().isPresent(), "not read before the file list is asked for");
    assertSameState(expected, read);
    assertTrue(read.segment().checkpoint().isEmpty());
  }

  @Test
  void aV2CheckpointCutAtALineEndWithNothingOlderIsAnErrorNamingIt() throws IOException {
    writeCommits(0, 3, Set.of("v2Checkpoint"));
    writeCheckpoint(3);
    Path topLevel = cutToFirstTwoLines(3);
    for (long v = 0; v <= 3; v++) {
      Files.delete(TestLog.dir(dir).resolve(LogFileName.commitName(v)));
    }

    DeltaXRuntimeException e = assertThrows(DeltaXRuntimeException.class, this::latest);
    assertEquals("DELTAX_CORRUPT_LOG", e.getCondition());
    assertTrue(e.getMessage().contains(topLevel.getFileName().toString()), e.getMessage());
    assertTrue(e.getMessage().contains("no protocol"), e.getMessage());
  }

  /** Keeps the first two lines of the V2 top-level JSON file of {@code version}; its path. */
  private Path cutToFirstTwoLines(long version) throws IOException {
    String prefix = LogFileName.commitName(version).replace(".json", ".checkpoint.");
    Path topLevel;
    try (Stream<Path> files = Files.list(TestLog.dir(dir))) {
      topLevel =
          files
              .filter(
                  f ->
                      f.getFileName().toString().startsWith(prefix)
                          && f.getFileName().toString().endsWith(".json"))
              .findFirst()
              .orElseThrow();
    }
    List<String> lines = Files.readAllLines(topLevel);
    assertTrue(lines.size() > 2, lines.toString());
    assertTrue(
        lines.subList(0, 2).stream()
            .noneMatch(l -> l.contains("\"protocol\"") || l.contains("\"metaData\"")),
        lines.toString());
    Files.writeString(topLevel, lines.get(0) + "\n" + lines.get(1) + "\n");
    return topLevel;
  }

  private void assertSameState(Snapshot expected, Snapshot read) {
    assertEquals(expected.version(), read.version());
    assertEquals(expected.protocol(), read.protocol());
    assertEquals(expected.metadata(), read.metadata());
    assertEquals(new HashSet<>(expected.activeFiles()), new HashSet<>(read.activeFiles()));
    assertEquals(new HashSet<>(expected.tombstones()), new HashSet<>(read.tombstones()));
    assertFalse(read.activeFiles().isEmpty());
  }

  /**
   * Commits {@code from..to}: the protocol and metadata first, a file each, every third removed.
   */
  private void writeCommits(long from, long to, Set<String> features) throws IOException {
    for (long v = from; v <= to; v++) {
      if (v == 0) {
        commit(dir, v, protocol(features), metadata("first"), add("f0.parquet"));
      } else if (v % 3 == 2) {
        commit(
            dir,
            v,
            add("f" + v + ".parquet"),
            new RemoveFile(
                "f" + (v - 1) + ".parquet",
                null,
                System.currentTimeMillis(),
                true,
                false,
                null,
                null,
                Map.of(),
                null,
                null));
      } else {
        commit(dir, v, add("f" + v + ".parquet"));
      }
    }
  }

  private static Protocol protocol(Set<String> features) {
    return new Protocol(3, 7, features, features);
  }

  /**
   * The table's metadata; the V2 checkpoint policy, which the feature alone does not set,
   * throughout.
   */
  private static Metadata metadata(String description) {
    return new Metadata(
        "table-id",
        "t",
        description,
        "parquet",
        SCHEMA,
        List.of(),
        Map.of("delta.checkpointPolicy", "v2"),
        1L);
  }

  private static AddFile add(String path) {
    return new AddFile(path, Map.of(), 10, 1, true, null, Map.of(), null, null, null, null);
  }

  private Snapshot latest() {
    return TransactionLog.open(dir.toString(), conf).latestSnapshot();
  }

  private void writeCheckpoint(long version) throws IOException {
    new CheckpointWriter(conf).write(TransactionLog.open(dir.toString(), conf).snapshotAt(version));
  }

  private Path classic(long version) {
    return TestLog.dir(dir).resolve(LogFileName.classicCheckpointName(version));
  }

  /** What a writer killed mid-write leaves: the first {@code length} bytes. */
  private static void truncate(Path file, long length) throws IOException {
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
      channel.truncate(length);
    }
  }
}
