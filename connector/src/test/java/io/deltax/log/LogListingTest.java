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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.deltax.errors.DeltaXAnalysisException;
import io.deltax.errors.DeltaXRuntimeException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;

/** Choosing the checkpoint and commits that rebuild a version, from a listing alone. */
class LogListingTest {
  private static final Path ROOT = new Path("file:/t");

  private static LogListing listing(String... names) {
    List<FileStatus> files = new ArrayList<>();
    for (String name : names) {
      files.add(new FileStatus(1, false, 1, 1, 1000, new Path(ROOT, "_delta_log/" + name)));
    }
    return new LogListing(ROOT, files.toArray(new FileStatus[0]));
  }

  private static String commit(long v) {
    return LogFileName.commitName(v);
  }

  @Test
  void usesTheNewestCompleteCheckpointAtOrBeforeTheVersion() {
    LogListing l =
        listing(
            commit(0),
            commit(1),
            commit(2),
            commit(3),
            commit(4),
            commit(5),
            "00000000000000000002.checkpoint.parquet",
            "00000000000000000004.checkpoint.0000000001.0000000002.parquet");
    LogSegment s = l.segment(5, Optional.empty());
    assertEquals(
        2, s.checkpoint().orElseThrow().version(), "the 2-part checkpoint at 4 misses a part");
    assertEquals(List.of(3L, 4L, 5L), versions(s));
    assertEquals(
        0, l.segment(1, Optional.empty()).checkpoint().map(Checkpoint::version).orElse(0L));
    assertTrue(l.segment(2, Optional.empty()).commits().isEmpty());
  }

  @Test
  void aV2CheckpointIsPreferredUnlessTheHintNamesAnother() {
    String v2 = "00000000000000000003.checkpoint.80a083e8-7026-4e79-81be-64bd76c43a11.json";
    LogListing l = listing(commit(3), commit(4), "00000000000000000003.checkpoint.parquet", v2);
    assertEquals(
        LogFileName.Kind.V2_CHECKPOINT,
        l.segment(4, Optional.empty()).checkpoint().orElseThrow().kind());
    LastCheckpointHint classic = new LastCheckpointHint(3, Optional.empty(), Optional.empty());
    assertEquals(
        LogFileName.Kind.CLASSIC_CHECKPOINT,
        l.segment(4, Optional.of(classic)).checkpoint().orElseThrow().kind());
    LastCheckpointHint stale = new LastCheckpointHint(1, Optional.empty(), Optional.empty());
    assertEquals(
        LogFileName.Kind.V2_CHECKPOINT,
        l.segment(4, Optional.of(stale)).checkpoint().orElseThrow().kind());
  }

  /**
   * A range of commits, as the change feed takes the ones before its range to order their times.
   */
  @Test
  void commitsOfARangeOfVersions() {
    LogListing l =
        listing(commit(3), commit(4), commit(5), "00000000000000000003.checkpoint.parquet");
    assertEquals(
        List.of(3L, 4L),
        l.commits(-97, 4).stream()
            .map(f -> LogFileName.parse(f.getPath().getName()).version())
            .toList());
    assertEquals(
        List.of(5L),
        l.commits(5, 9).stream()
            .map(f -> LogFileName.parse(f.getPath().getName()).version())
            .toList());
    assertTrue(l.commits(6, 5).isEmpty());
  }

  @Test
  void aGapIsAnError() {
    LogListing l = listing(commit(0), commit(1), commit(3));
    DeltaXRuntimeException e =
        assertThrows(DeltaXRuntimeException.class, () -> l.segment(3, Optional.empty()));
    assertTrue(e.getMessage().contains("missing commit 2"), e.getMessage());
    assertEquals(List.of(0L, 1L), versions(l.segment(1, Optional.empty())));
  }

  @Test
  void cleanedUpHistoryStartsAtTheOldestUsableCheckpoint() {
    LogListing l =
        listing(commit(5), commit(6), commit(7), "00000000000000000005.checkpoint.parquet");
    assertEquals(5, l.earliestRecreatableVersion());
    assertEquals(7, l.latestVersion());
    DeltaXAnalysisException e =
        assertThrows(DeltaXAnalysisException.class, () -> l.segment(4, Optional.empty()));
    assertTrue(e.getMessage().contains("5 to 7"), e.getMessage());
    DeltaXRuntimeException noStart =
        assertThrows(
            DeltaXRuntimeException.class,
            () -> listing(commit(3), commit(4)).segment(4, Optional.empty()));
    assertTrue(noStart.getMessage().contains("starts at commit 3"), noStart.getMessage());
  }

  private static List<Long> versions(LogSegment s) {
    return s.commits().stream()
        .map(f -> LogFileName.parse(f.getPath().getName()).version())
        .toList();
  }
}
