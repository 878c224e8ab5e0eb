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
package io.deltax.changes.plan;

import io.deltax.log.Snapshot;
import java.util.List;

/**
 * A change feed's range, planned: the snapshot at its end (whose schema every row is read with) and
 * the commits in it that changed data, oldest first.
 */
public record ChangeRange(long start, long end, Snapshot endSnapshot, List<CommitChanges> commits) {

  /** The range without its commits. */
  public ChangeBounds bounds() {
    return new ChangeBounds(start, end, endSnapshot);
  }

  /**
   * The range with each commit matched by row ID that wrote change data files read from them
   * ({@link CommitChanges#asRecorded}): for a read that needs no row ID.
   */
  public ChangeRange recordedWhereWritten() {
    return new ChangeRange(
        start, end, endSnapshot, commits.stream().map(CommitChanges::asRecorded).toList());
  }

  /** Whether some commit is matched by row ID, so its added files' row IDs are read first. */
  public boolean anyRowTracked() {
    return commits.stream().anyMatch(CommitChanges::rowTracked);
  }

  /**
   * Whether some file to read has row IDs (in a commit before row tracking: given by a later
   * backfill).
   */
  public boolean anyFileWithRowIds() {
    return commits.stream()
        .anyMatch(
            c ->
                c.removed().stream().anyMatch(ChangeFile::hasRowIds)
                    || c.added().stream().anyMatch(ChangeFile::hasRowIds));
  }

  /**
   * Whether some commit not matched by row ID removed and re-added a file with another deletion
   * vector: its rows are then read by row index, as files with row IDs are.
   */
  public boolean anyFileReAddedAtFileLevel() {
    return commits.stream().anyMatch(c -> !c.rowTracked() && c.reAddsAFile());
  }

  /** Whether some commit is read from its change data files. */
  public boolean anyChangeData() {
    return commits.stream().anyMatch(c -> !c.changeData().isEmpty());
  }

  /**
   * Whether some removed or added file to read has no row IDs, so its rows are read without them.
   */
  public boolean anyFileWithoutRowIds() {
    return commits.stream()
        .anyMatch(
            c ->
                c.removed().stream().anyMatch(f -> !f.hasRowIds())
                    || c.added().stream().anyMatch(f -> !f.hasRowIds()));
  }
}
