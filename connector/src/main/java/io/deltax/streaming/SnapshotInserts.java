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
package io.deltax.streaming;

import io.deltax.actions.AddFile;
import io.deltax.changes.plan.ChangeFile;
import io.deltax.changes.plan.ChangeRange;
import io.deltax.changes.plan.CommitChanges;
import io.deltax.log.Snapshot;
import java.util.ArrayList;
import java.util.List;

/**
 * The first micro-batches of a {@code readChangeFeed} stream started without a start, as
 * delta-spark's change data feed stream begins: every row of the table's snapshot as an {@code
 * insert} with the snapshot's version and commit timestamp, {@code maxFilesPerTrigger} files per
 * batch in the snapshot's stable order ({@link InitialSnapshot}). Planned as a change range of one
 * version whose commits each add some of the snapshot's files (one read task each).
 */
final class SnapshotInserts {
  /** Files per read task. */
  private static final int FILES_PER_TASK = 64;

  private SnapshotInserts() {}

  /**
   * The rows of {@code files}, some of the initial snapshot's, as inserts at {@code
   * commitTimestamp} ({@link io.deltax.changes.plan.ChangeRangePlanner#commitTimestamp}).
   */
  static ChangeRange of(InitialSnapshot initial, long commitTimestamp, List<AddFile> files) {
    Snapshot snapshot = initial.snapshot();
    List<ChangeFile> changed = files.stream().map(ChangeFile::of).toList();
    List<CommitChanges> tasks = new ArrayList<>();
    for (int i = 0; i < changed.size(); i += FILES_PER_TASK) {
      // Not matched by row ID: a snapshot's rows are all inserts.
      tasks.add(
          new CommitChanges(
              snapshot.version(),
              commitTimestamp,
              false,
              List.of(),
              List.copyOf(changed.subList(i, Math.min(changed.size(), i + FILES_PER_TASK)))));
    }
    return new ChangeRange(snapshot.version(), snapshot.version(), snapshot, List.copyOf(tasks));
  }
}
