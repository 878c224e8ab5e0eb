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

import java.util.Map;
import java.util.TreeMap;
import org.roaringbitmap.PeekableIntIterator;
import org.roaringbitmap.RoaringBitmap;

/**
 * The row IDs of a commit's added rows, each either written by the commit (its row commit version
 * is the commit's) or only copied. The two sets are disjoint: a row ID is in one added row at most.
 * A rewritten file keeps its rows' order, so IDs arrive in runs of consecutive ones, and a run is
 * stored as one range. A removed file's rows are asked about in row ID order too, so a {@link
 * CopiedCursor} walks the copied set forward instead of searching it for every row.
 */
final class AddedRowIds {
  private final RowIdSet written = new RowIdSet();
  private final RowIdSet copied = new RowIdSet();

  /** The open run: [runStart, runEnd), written or copied. */
  private long runStart = -1;

  private long runEnd = -1;
  private boolean runWritten;

  /** Adds the ID of an added row, and whether the commit wrote the row. */
  void add(long rowId, boolean wasWritten) {
    if (rowId != runEnd || wasWritten != runWritten) {
      closeRun();
      runStart = rowId;
      runWritten = wasWritten;
    }
    runEnd = rowId + 1;
  }

  /** Stores the open run; call before asking. */
  void closeRun() {
    if (runEnd > runStart) {
      (runWritten ? written : copied).addRange(runStart, runEnd);
      runStart = runEnd;
    }
  }

  boolean written(long rowId) {
    return written.contains(rowId);
  }

  boolean copied(long rowId) {
    return copied.contains(rowId);
  }

  CopiedCursor copiedCursor() {
    return new CopiedCursor(copied);
  }

  /**
   * Whether row IDs are copied ones, fastest when asked in ascending order (a removed file's rows
   * without materialized IDs, and most with them); any order answers correctly.
   */
  static final class CopiedCursor {
    private final RowIdSet copied;

    /** The 32-bit block of the last row ID asked, and a cursor in its bitmap (null: none). */
    private long block = -1;

    private int lastLow;
    private PeekableIntIterator next;

    private CopiedCursor(RowIdSet copied) {
      this.copied = copied;
    }

    boolean copied(long rowId) {
      long high = rowId >>> 32;
      int low = (int) rowId;
      if (high != block || Integer.compareUnsigned(low, lastLow) < 0) {
        RoaringBitmap bitmap = copied.blocks.get(high);
        next = bitmap == null ? null : bitmap.getIntIterator();
        block = high;
      }
      lastLow = low;
      if (next == null) {
        return false;
      }
      next.advanceIfNeeded(low);
      return next.hasNext() && next.peekNext() == low;
    }
  }

  /**
   * Non-negative row IDs as 32-bit Roaring bitmaps by their high half (one, in all but tables of
   * more than four billion rows). Roaring's own 64-bit maps either cannot walk forward from a value
   * or add ranges in quadratic time.
   */
  private static final class RowIdSet {
    final Map<Long, RoaringBitmap> blocks = new TreeMap<>();

    /** Adds [start, end). */
    void addRange(long start, long end) {
      while (start < end) {
        long high = start >>> 32;
        long blockEnd = Math.min(end, (high + 1) << 32);
        blocks
            .computeIfAbsent(high, h -> new RoaringBitmap())
            .add(start & 0xFFFFFFFFL, blockEnd - (high << 32));
        start = blockEnd;
      }
    }

    boolean contains(long rowId) {
      RoaringBitmap bitmap = blocks.get(rowId >>> 32);
      return bitmap != null && bitmap.contains((int) rowId);
    }
  }
}
