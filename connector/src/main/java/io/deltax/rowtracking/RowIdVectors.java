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
package io.deltax.rowtracking;

import org.apache.spark.sql.vectorized.ColumnVector;

/**
 * Where a row's ID and commit version are computed (PROTOCOL.md, "Reader Requirements for Row
 * Tracking"): the materialized value where the file has one for the row, else the file's {@code
 * baseRowId} plus the row's physical index in the file, and for the commit version the file's
 * {@code defaultRowCommitVersion}. Whole vectors at a time, without per-row objects.
 */
public final class RowIdVectors {
  private RowIdVectors() {}

  /**
   * @param materialized the materialized row ID column, or null when it is not read; a file without
   *     the column yields an all-null vector
   * @param rowIndex each row's index in its file (before any deletion vector removed rows)
   */
  public static void fillRowIds(
      long[] out, int numRows, ColumnVector materialized, ColumnVector rowIndex, long baseRowId) {
    if (materialized == null || materialized.numNulls() == numRows) {
      for (int i = 0; i < numRows; i++) {
        out[i] = baseRowId + rowIndex.getLong(i);
      }
      return;
    }
    if (!materialized.hasNull()) {
      for (int i = 0; i < numRows; i++) {
        out[i] = materialized.getLong(i);
      }
      return;
    }
    for (int i = 0; i < numRows; i++) {
      out[i] = materialized.isNullAt(i) ? baseRowId + rowIndex.getLong(i) : materialized.getLong(i);
    }
  }

  /** The same for row commit versions, whose default is one constant per file. */
  public static void fillRowCommitVersions(
      long[] out, int numRows, ColumnVector materialized, long defaultRowCommitVersion) {
    if (materialized == null || materialized.numNulls() == numRows) {
      java.util.Arrays.fill(out, 0, numRows, defaultRowCommitVersion);
      return;
    }
    for (int i = 0; i < numRows; i++) {
      out[i] = materialized.isNullAt(i) ? defaultRowCommitVersion : materialized.getLong(i);
    }
  }

  /**
   * Each row's data version, from its row ID and row commit version (see {@link RowDataVersions}):
   * a copy of the commit versions where the table had no backfill; else the backfill check is made
   * once per run of equal commit versions, and the map is walked with a cursor.
   */
  public static void fillRowDataVersions(
      long[] out,
      int numRows,
      long[] rowIds,
      long[] rowCommitVersions,
      RowDataVersions versions,
      RowDataVersions.Cursor cursor) {
    if (!versions.hasBackfills()) {
      System.arraycopy(rowCommitVersions, 0, out, 0, numRows);
      return;
    }
    long checked = Long.MIN_VALUE;
    boolean backfill = false;
    for (int i = 0; i < numRows; i++) {
      long version = rowCommitVersions[i];
      if (version != checked) {
        checked = version;
        backfill = versions.isBackfillVersion(version);
      }
      out[i] = backfill ? cursor.backfilledRowVersion(rowIds[i], version) : version;
    }
  }
}
