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
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.deltax.actions.ActionJson;
import io.deltax.actions.AddFile;
import io.deltax.actions.DeletionVectorDescriptor;
import io.deltax.actions.DomainMetadata;
import io.deltax.actions.Metadata;
import io.deltax.actions.Protocol;
import io.deltax.actions.RemoveFile;
import io.deltax.actions.SetTransaction;
import io.deltax.testing.TestLog;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A checkpoint written by {@link CheckpointWriter} and read back by {@link TransactionLog}, its
 * commits gone, equals the snapshot it was written from: classic, and V2 with a sidecar.
 */
class CheckpointRoundTripTest {
  private static final String SCHEMA =
      "{\"type\":\"struct\",\"fields\":["
          + "{\"name\":\"v\",\"type\":\"long\",\"nullable\":true,\"metadata\":{}},"
          + "{\"name\":\"p\",\"type\":\"string\",\"nullable\":true,\"metadata\":{}}]}";
  private static final DeletionVectorDescriptor ON_DISK =
      new DeletionVectorDescriptor("u", "ab^-aqEH.-t@S}K{vb[*k^", 4, 40, 6, 9L);
  private static final DeletionVectorDescriptor INLINE =
      new DeletionVectorDescriptor(
          "i", "wi5b=000010000siXQKl0rr91000f55c8Xg0@@D72lkbi5=-{L", null, 40, 3, null);

  @TempDir Path dir;

  private final Configuration conf = new Configuration();

  @Test
  void classicCheckpoint() throws IOException {
    Snapshot written = writeLogAndCheckpoint(Set.of("deletionVectors"));
    assertEquals(List.of(LogFileName.classicCheckpointName(1)), checkpointFiles());
    assertReadBackEqual(written);
  }

  @Test
  void v2CheckpointWithSidecar() throws IOException {
    Snapshot written = writeLogAndCheckpoint(Set.of("deletionVectors", "v2Checkpoint"));
    List<String> checkpoints = checkpointFiles();
    assertEquals(1, checkpoints.size());
    assertEquals(LogFileName.Kind.V2_CHECKPOINT, LogFileName.parse(checkpoints.get(0)).kind());
    try (Stream<Path> sidecars = Files.list(TestLog.dir(dir).resolve(LogFileName.SIDECAR_DIR))) {
      assertEquals(
          1,
          sidecars
              .filter(
                  f ->
                      f.toString().endsWith(".parquet")
                          && !f.getFileName().toString().startsWith("."))
              .count()); // not Hadoop's .crc files
    }
    assertReadBackEqual(written);
  }

  /**
   * As delta-spark, a classic checkpoint where the feature is supported but the policy is classic.
   */
  @Test
  void v2CheckpointFeatureWithTheClassicPolicy() throws IOException {
    Snapshot written = writeLogAndCheckpoint(Set.of("v2Checkpoint"), "classic");
    assertEquals(List.of(LogFileName.classicCheckpointName(1)), checkpointFiles());
    assertFalse(Files.exists(TestLog.dir(dir).resolve(LogFileName.SIDECAR_DIR)));
    assertReadBackEqual(written);
  }

  /**
   * Two commits that use every field of every action a checkpoint holds, then the checkpoint of
   * version 1. Returns the snapshot it was written from.
   */
  private Snapshot writeLogAndCheckpoint(Set<String> readerFeatures) throws IOException {
    return writeLogAndCheckpoint(
        readerFeatures, readerFeatures.contains("v2Checkpoint") ? "v2" : "classic");
  }

  private Snapshot writeLogAndCheckpoint(Set<String> readerFeatures, String policy)
      throws IOException {
    long now = System.currentTimeMillis();
    Set<String> writerFeatures = new LinkedHashSet<>(readerFeatures);
    writerFeatures.addAll(List.of("rowTracking", "domainMetadata"));
    Map<String, String> nullPartition = new HashMap<>();
    nullPartition.put("p", null);
    commit(
        dir,
        0,
        new Protocol(3, 7, readerFeatures, writerFeatures),
        new Metadata(
            "table-id",
            "events",
            "what happened",
            "parquet",
            SCHEMA,
            List.of("p"),
            Map.of(
                "delta.enableRowTracking",
                "true",
                "delta.checkpointInterval",
                "5",
                "delta.checkpointPolicy",
                policy),
            1234L),
        new AddFile(
            "p=1/a.parquet",
            Map.of("p", "1"),
            100,
            10,
            true,
            "{\"numRecords\":7}",
            Map.of("INSERTION_TIME", "1700000000000000"),
            ON_DISK,
            0L,
            0L,
            "liquid"),
        new AddFile(
            "p=__HIVE_DEFAULT_PARTITION__/b.parquet",
            nullPartition,
            200,
            20,
            true,
            null,
            Map.of(),
            INLINE,
            7L,
            0L,
            null),
        new AddFile(
            "p=1/c.parquet",
            Map.of("p", "1"),
            300,
            30,
            true,
            "{\"numRecords\":1}",
            Map.of(),
            null,
            null,
            null,
            null),
        new AddFile(
            "p=1/d.parquet",
            Map.of("p", "1"),
            400,
            40,
            true,
            null,
            Map.of(),
            INLINE,
            20L,
            0L,
            null),
        new DomainMetadata("gone", "{}", false));
    commit(
        dir,
        1,
        new RemoveFile(
            "p=1/c.parquet",
            null,
            now,
            true,
            true,
            Map.of("p", "1"),
            300L,
            Map.of("k", "v"),
            30L,
            1L),
        new RemoveFile(
            "p=1/d.parquet", INLINE, now, false, false, null, null, Map.of(), null, null),
        // Removed more than a week ago: a checkpoint lets it go.
        new RemoveFile("old.parquet", null, 1L, true, false, null, null, Map.of(), null, null),
        new SetTransaction("stream-1", 42, now),
        new SetTransaction("stream-2", 7, null),
        new DomainMetadata("delta.rowTracking", "{\"rowIdHighWaterMark\":29}", false),
        new DomainMetadata("gone", "{}", true));
    Snapshot snapshot = TransactionLog.open(dir.toString(), conf).latestSnapshot();
    // The snapshot holds what the commits say, so the round trip below covers every field.
    assertEquals(2, snapshot.activeFiles().size());
    assertEquals(3, snapshot.tombstones().size());
    assertEquals(Set.of("stream-1", "stream-2"), snapshot.transactions().keySet());
    assertEquals(Set.of("delta.rowTracking"), snapshot.domains().keySet());

    new CheckpointWriter(conf).write(snapshot);
    for (long v = 0; v <= 1; v++) {
      Files.delete(TestLog.dir(dir).resolve(LogFileName.commitName(v)));
    }
    return snapshot;
  }

  private void assertReadBackEqual(Snapshot written) throws IOException {
    Snapshot read = TransactionLog.open(dir.toString(), conf).latestSnapshot();
    assertEquals(written.version(), read.version());
    assertTrue(read.segment().checkpoint().isPresent());
    assertTrue(read.segment().commits().isEmpty());
    assertEquals(written.protocol(), read.protocol());
    assertEquals(written.metadata(), read.metadata());
    assertEquals(new HashSet<>(written.activeFiles()), new HashSet<>(read.activeFiles()));
    Set<RemoveFile> unexpired = new HashSet<>(written.tombstones());
    unexpired.removeIf(r -> r.path().equals("old.parquet"));
    assertEquals(unexpired, new HashSet<>(read.tombstones()));
    assertEquals(written.transactions(), read.transactions());
    assertEquals(written.domains(), read.domains());
    assertEquals(
        written.version(),
        ActionJson.MAPPER
            .readTree(TestLog.dir(dir).resolve(LastCheckpointHint.FILE_NAME).toFile())
            .get("version")
            .asLong());
  }

  private List<String> checkpointFiles() throws IOException {
    try (Stream<Path> files = Files.list(TestLog.dir(dir))) {
      return files
          .map(f -> f.getFileName().toString())
          .filter(name -> LogFileName.parse(name) != null && LogFileName.parse(name).isCheckpoint())
          .toList();
    }
  }
}
