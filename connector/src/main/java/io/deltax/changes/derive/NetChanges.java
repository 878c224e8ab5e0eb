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

import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Collapses the changes of a range, given commit by commit in version order, to one entry per row
 * ID: what the range did to the row from its start to its end.
 *
 * <ul>
 *   <li>inserted (then perhaps updated): one insert, with the last values;
 *   <li>inserted, then deleted: nothing;
 *   <li>there at the start and at the end, updated once or more (or deleted and brought back): the
 *       pre-image as of the start and the post-image as of the end; nothing where its row commit
 *       version at the end is the one it had at the start (a RESTORE brought that version back:
 *       PROTOCOL.md, "Row Commit Versions": the same row ID and row commit version are the same row
 *       version);
 *   <li>there at the start and deleted (perhaps after updates): one delete, with the values as of
 *       the start.
 * </ul>
 *
 * Each entry keeps the commit version and timestamp of the change it is taken from (a delete's: the
 * deleting commit). Rows without a row ID (commits before row tracking) cannot be matched across
 * commits and pass through unchanged. The first and last change of every changed row are held in
 * memory until the range ends.
 */
public final class NetChanges {
  /** The first and the latest change of one row ID. */
  private static final class History {
    final ChangeRow first;
    ChangeRow last;

    History(ChangeRow first) {
      this.first = first;
      this.last = first;
    }
  }

  private final Map<Long, History> byRowId = new LinkedHashMap<>();
  private final List<ChangeRow> unmatched = new ArrayList<>();

  /** Adds the next change; {@code hasRowId} says whether the row carries its row ID. */
  public void add(ChangeRow change, boolean hasRowId) {
    if (!hasRowId) {
      unmatched.add(change);
      return;
    }
    long rowId = FileRows.rowId(change.row());
    History history = byRowId.get(rowId);
    if (history == null) {
      byRowId.put(rowId, new History(change));
    } else {
      history.last = change;
    }
  }

  /** Every net change of the range. */
  public Iterator<ChangeRow> result() {
    List<ChangeRow> result = new ArrayList<>(unmatched);
    for (History h : byRowId.values()) {
      emit(h, result::add);
    }
    return result.iterator();
  }

  private static void emit(History h, Consumer<ChangeRow> out) {
    boolean existedBefore = h.first.type() != ChangeType.INSERT;
    boolean existsAfter = h.last.type() != ChangeType.DELETE;
    if (!existedBefore && existsAfter) {
      out.accept(
          new ChangeRow(
              h.last.row(), ChangeType.INSERT, h.last.version(), h.last.timestampMillis()));
    } else if (existedBefore && !existsAfter) {
      out.accept(
          new ChangeRow(
              h.first.row(), ChangeType.DELETE, h.last.version(), h.last.timestampMillis()));
    } else if (existedBefore
        && FileRows.rowCommitVersion(h.first.row()) != FileRows.rowCommitVersion(h.last.row())) {
      // The values as of the start and as of the end, as a pair whatever the changes between: a
      // row deleted and brought back (a RESTORE re-adds it under its row ID) or deleted and
      // re-inserted is an update of the range too.
      out.accept(
          h.first.type() == ChangeType.UPDATE_PREIMAGE
              ? h.first
              : new ChangeRow(
                  h.first.row(),
                  ChangeType.UPDATE_PREIMAGE,
                  h.first.version(),
                  h.first.timestampMillis()));
      out.accept(
          h.last.type() == ChangeType.UPDATE_POSTIMAGE
              ? h.last
              : new ChangeRow(
                  h.last.row(),
                  ChangeType.UPDATE_POSTIMAGE,
                  h.last.version(),
                  h.last.timestampMillis()));
    }
  }
}
