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

import java.io.Serializable;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The data change of one commit, as its log tells it: the logical files it removed and added with
 * {@code dataChange = true}, or the change data files it wrote. A file removed and re-added
 * unchanged (same path, same deletion vector) is in neither list.
 *
 * @param timestampMillis the commit's timestamp: its in-commit timestamp, else its file's time
 * @param rowTracked whether row tracking was enabled before and after the commit, so its rows are
 *     matched by row ID; otherwise removed rows are deletes and added rows inserts, or the change
 *     data files say what changed
 * @param changeData the {@code cdc} files of a commit not matched by row ID, whose rows are its
 *     changes; the removed and added lists are then empty (PROTOCOL.md, "Add CDC File", reader
 *     requirements: a version's changes are read from its {@code cdc} files alone)
 * @param recorded the {@code cdc} files of a commit matched by row ID, which a read that needs no
 *     row ID reads instead of its removed and added files ({@link #asRecorded}); else empty
 */
public record CommitChanges(
    long version,
    long timestampMillis,
    boolean rowTracked,
    List<ChangeFile> removed,
    List<ChangeFile> added,
    List<ChangeFile> changeData,
    List<ChangeFile> recorded)
    implements Serializable {

  /** Changes told by removed and added files alone. */
  public CommitChanges(
      long version,
      long timestampMillis,
      boolean rowTracked,
      List<ChangeFile> removed,
      List<ChangeFile> added) {
    this(version, timestampMillis, rowTracked, removed, added, List.of());
  }

  /** Changes told by removed and added files, or by change data files, alone. */
  public CommitChanges(
      long version,
      long timestampMillis,
      boolean rowTracked,
      List<ChangeFile> removed,
      List<ChangeFile> added,
      List<ChangeFile> changeData) {
    this(version, timestampMillis, rowTracked, removed, added, changeData, List.of());
  }

  /**
   * This commit read from the change data files it wrote, as delta-spark's change data feed reads
   * it (PROTOCOL.md, "Add CDC File": change data readers should use them rather than compute the
   * changes from the {@code add} and {@code remove} actions): the same rows, but without row IDs,
   * and only the changed rows are read, not every row of the files the commit rewrote. Itself where
   * it wrote none, or is read from them already.
   */
  public CommitChanges asRecorded() {
    return recorded.isEmpty()
        ? this
        : new CommitChanges(version, timestampMillis, false, List.of(), List.of(), recorded);
  }

  public boolean isEmpty() {
    // Not recorded: a commit is read from its change data files only where it is derived from
    // its file actions otherwise, so that a query with or without row IDs sees the same commits.
    return removed.isEmpty() && added.isEmpty() && changeData.isEmpty();
  }

  /**
   * The removed files by path. An added file with one of these paths re-adds that data file with
   * another deletion vector (a file re-added with the same one is in neither list).
   */
  public Map<String, ChangeFile> removedByPath() {
    Map<String, ChangeFile> byPath = new HashMap<>();
    removed.forEach(f -> byPath.put(f.path(), f));
    return byPath;
  }

  /** Whether the commit re-added a data file it removed, with another deletion vector. */
  public boolean reAddsAFile() {
    Map<String, ChangeFile> byPath = removedByPath();
    return added.stream().anyMatch(a -> byPath.containsKey(a.path()));
  }
}
