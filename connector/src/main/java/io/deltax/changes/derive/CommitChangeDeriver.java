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
package io.deltax.changes.derive;

import io.deltax.actions.DeletionVectorDescriptor;
import io.deltax.changes.plan.ChangeFile;
import io.deltax.changes.plan.CommitChanges;
import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;
import org.apache.spark.sql.catalyst.InternalRow;

/**
 * The changed rows of one commit, matched by row ID (PROTOCOL.md, "Row Tracking": a row keeps its
 * row ID when a writer copies or updates it, and its row commit version is the commit that last
 * changed it):
 *
 * <ul>
 *   <li>a row ID only among the added rows is an insert;
 *   <li>only among the removed rows (or hidden by a grown deletion vector), a delete;
 *   <li>in both, where the added row's commit version is this commit, an update: the removed row is
 *       the pre-image, the added row the post-image;
 *   <li>in both with an older commit version, a row the commit only copied: no change.
 * </ul>
 *
 * Every added file's row IDs and commit versions alone are read first (two long columns); then the
 * removed files' rows, each a delete, a pre-image or nothing; then the rows of the added files that
 * hold a row of this commit, each an insert or a post-image. An added file with no row of this
 * commit (a copied file) is not read again. Of the files read whole, only the rows that are a
 * change are assembled: a copied row is dropped by its row ID and commit version first. A file
 * re-added with a grown deletion vector is not read at all: of the removed file only the rows the
 * new vector newly hides are read.
 *
 * <p>A task may read only a slice of the commit's files ({@link CommitSlice}); it still indexes
 * every added file's row IDs, which the removed rows are matched with. An added row of this commit
 * needs no removed row to tell an update from an insert: its row ID does (see {@link
 * #firstFreshRowId}).
 *
 * <p>A commit without row tracking has no row IDs to match: where it wrote change data files, their
 * rows are its changes, as they record them; else its removed rows are deletes and its added rows
 * inserts (file-level changes), but for a file it re-added with another deletion vector, of which
 * only the rows one vector hides and the other does not changed.
 */
public final class CommitChangeDeriver implements Iterator<ChangeRow>, Closeable {
  private final CommitChanges commit;
  private final FileRows files;

  /** The row IDs of the commit's added rows, written or copied. */
  private final AddedRowIds added = new AddedRowIds();

  /** Row IDs from here up were first assigned by this commit: its rows there are inserts. */
  private final long firstFreshRowId;

  /** The files still to read: removed ones first, then added ones, then change data files. */
  private final Deque<Source> sources = new ArrayDeque<>();

  private FileRows.RowIterator current;
  private Role currentRole;
  private ChangeRow next;

  /** What a file's rows are to the commit. */
  private enum Role {
    REMOVED,
    ADDED,
    /** A change data file: each row is the change its {@code _change_type} names. */
    RECORDED
  }

  /**
   * @param onlyHiddenBy for a file the commit removed and re-added with another deletion vector:
   *     the other side's vector, of whose rows only those the file's own vector does not hide are
   *     read (of the removed file, the rows the re-added one newly hides; of the re-added file, the
   *     rows it shows again); else null
   */
  private record Source(ChangeFile file, Role role, DeletionVectorDescriptor onlyHiddenBy) {}

  /** Which files a task reads, and how, as the commit's added files decide it. */
  private static final class ReadPlan {
    final List<ChangeFile> addedToRead = new ArrayList<>();
    final Map<ChangeFile, DeletionVectorDescriptor> onlyHiddenBy = new HashMap<>();

    /** Removed files none of whose rows changed. */
    final Set<ChangeFile> unread = new HashSet<>();
  }

  public CommitChangeDeriver(CommitSlice slice, FileRows files) {
    this.commit = slice.commit();
    this.files = files;
    Map<String, ChangeFile> removedByPath = commit.removedByPath();
    this.firstFreshRowId = firstFreshRowId(commit, removedByPath.keySet());
    int[] deal = slice.deal();
    int removedCount = commit.removed().size();
    ReadPlan plan = new ReadPlan();
    for (int i = 0; i < commit.added().size(); i++) {
      ChangeFile added = commit.added().get(i);
      boolean ours = deal[removedCount + i] == slice.index();
      if (commit.rowTracked()) {
        planMatchedByRowId(added, removedByPath.get(added.path()), ours, plan);
      } else {
        planFileLevel(added, removedByPath.get(added.path()), ours, plan);
      }
    }
    for (int i = 0; i < removedCount; i++) {
      ChangeFile removed = commit.removed().get(i);
      if (deal[i] == slice.index() && !plan.unread.contains(removed)) {
        sources.add(new Source(removed, Role.REMOVED, plan.onlyHiddenBy.get(removed)));
      }
    }
    plan.addedToRead.forEach(f -> sources.add(new Source(f, Role.ADDED, plan.onlyHiddenBy.get(f))));
    int recordedFrom = removedCount + commit.added().size();
    for (int i = 0; i < commit.changeData().size(); i++) {
      if (deal[recordedFrom + i] == slice.index()) {
        sources.add(new Source(commit.changeData().get(i), Role.RECORDED, null));
      }
    }
  }

  /**
   * An added file of a commit matched by row ID: its row IDs are indexed (every task does that,
   * whichever reads the file), and it is read if it holds a row of this commit.
   *
   * @param before the removed file of the same path, or null
   * @param ours whether this task's slice reads the file
   */
  private void planMatchedByRowId(
      ChangeFile added, ChangeFile before, boolean ours, ReadPlan plan) {
    if (before != null && added.deletionVector() != null && before.hasRowIds()) {
      // The same data file with a grown deletion vector: its live rows are the removed file's,
      // copied; only the rows the new vector hides can have changed.
      plan.onlyHiddenBy.put(before, added.deletionVector());
    } else if (indexRowIds(added) && ours) {
      plan.addedToRead.add(added);
    }
  }

  /**
   * An added file of a commit not matched by row ID: its rows are inserts, unless it re-adds the
   * data file {@code before} with another deletion vector (a DELETE or UPDATE with deletion vectors
   * before row tracking, a RESTORE). Then the rows the new vector hides and the old one did not are
   * deletes, those the old one hid and the new one does not are inserts, and the rest are the same
   * rows; as delta-spark's CDF (CDCReader.processDeletionVectorActions).
   */
  private static void planFileLevel(
      ChangeFile added, ChangeFile before, boolean ours, ReadPlan plan) {
    if (before == null) {
      if (ours) {
        plan.addedToRead.add(added);
      }
      return;
    }
    if (added.deletionVector() != null) {
      plan.onlyHiddenBy.put(before, added.deletionVector());
    } else {
      plan.unread.add(before);
    }
    if (before.deletionVector() != null && ours) {
      plan.onlyHiddenBy.put(added, before.deletionVector());
      plan.addedToRead.add(added);
    }
  }

  /**
   * The smallest {@code baseRowId} of the files this commit added anew. PROTOCOL.md, "Row
   * Tracking", writer requirements: a new {@code add} gets {@code defaultRowCommitVersion} equal to
   * its commit's version and a {@code baseRowId} higher than the row ID high water mark, so every
   * row ID assigned before the commit is below this one; a re-added file keeps both values; and a
   * row ID that is not preserved is not materialized, so it is the fresh one. A row this commit
   * wrote is therefore an insert from here up, and below it a row that existed before: an update.
   * {@code Long.MAX_VALUE} when the commit added no new file.
   */
  private static long firstFreshRowId(CommitChanges commit, Set<String> removedPaths) {
    long first = Long.MAX_VALUE;
    for (ChangeFile f : commit.added()) {
      if (f.hasRowIds()
          && f.defaultRowCommitVersion() == commit.version()
          && !removedPaths.contains(f.path())) {
        first = Math.min(first, f.baseRowId());
      }
    }
    return first;
  }

  /** Reads an added file's row IDs; whether it holds a row this commit wrote. */
  private boolean indexRowIds(ChangeFile file) {
    boolean writes = false;
    try (FileRows.RowIterator ids = files.rowIds(file)) {
      while (ids.hasNext()) {
        InternalRow row = ids.next();
        boolean written = row.getLong(1) == commit.version();
        added.add(row.getLong(0), written);
        writes |= written;
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    added.closeRun();
    return writes;
  }

  @Override
  public boolean hasNext() {
    while (next == null) {
      while (current == null || !current.hasNext()) {
        closeCurrent();
        if (sources.isEmpty()) {
          return false;
        }
        Source source = sources.poll();
        current =
            source.role() == Role.RECORDED
                ? files.changeDataRows(source.file())
                : source.onlyHiddenBy() != null
                    ? files.hiddenRows(source.file(), source.onlyHiddenBy())
                    : commit.rowTracked() && source.file().hasRowIds()
                        ? files.rows(source.file(), wanted(source))
                        : files.rows(source.file());
        currentRole = source.role();
      }
      next = classify(current.next());
    }
    return true;
  }

  /**
   * The rows {@link #classify} would not drop, by row ID and commit version alone: of a removed
   * file, the updated and the deleted ones (not the copied); of an added file, the ones this commit
   * wrote.
   */
  private FileRows.RowFilter wanted(Source source) {
    long version = commit.version();
    if (source.role() == Role.REMOVED) {
      // An updated or a deleted row: any row ID but a copied one.
      AddedRowIds.CopiedCursor copied = added.copiedCursor();
      return (rowId, v) -> !copied.copied(rowId);
    }
    return (rowId, v) -> v == version;
  }

  /**
   * The change a row read from a removed, an added or a change data file stands for, or null for
   * none.
   */
  private ChangeRow classify(InternalRow row) {
    ChangeType type;
    if (currentRole == Role.RECORDED) {
      type = ((FileRows.RecordedRows) current).changeType();
    } else if (!commit.rowTracked()) {
      type = currentRole == Role.REMOVED ? ChangeType.DELETE : ChangeType.INSERT;
    } else if (currentRole == Role.REMOVED) {
      long rowId = FileRows.rowId(row);
      type =
          added.written(rowId)
              ? ChangeType.UPDATE_PREIMAGE
              : added.copied(rowId) ? null : ChangeType.DELETE;
    } else if (FileRows.rowCommitVersion(row) != commit.version()) {
      type = null; // copied, not changed
    } else {
      type =
          FileRows.rowId(row) < firstFreshRowId ? ChangeType.UPDATE_POSTIMAGE : ChangeType.INSERT;
    }
    return type == null
        ? null
        : new ChangeRow(row, type, commit.version(), commit.timestampMillis());
  }

  @Override
  public ChangeRow next() {
    if (!hasNext()) {
      throw new NoSuchElementException();
    }
    ChangeRow result = next;
    next = null;
    return result;
  }

  private void closeCurrent() {
    if (current != null) {
      try {
        current.close();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      current = null;
    }
  }

  @Override
  public void close() {
    closeCurrent();
  }
}
