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
package io.deltax.deletionvectors;

import java.util.Arrays;
import org.apache.spark.sql.vectorized.ColumnVector;
import org.apache.spark.sql.vectorized.ColumnarBatch;

/**
 * Leaves the rows a deletion vector removes out of a batch, as a view: nothing is copied but the
 * indexes of the rows kept. The row's physical index in its file (Spark's row index column) is what
 * the vector names (PROTOCOL.md, "Deletion Vectors"), so it runs after the row index is known and
 * after row IDs are computed from it. One per reader: the selection array is reused.
 */
public final class DeletedRowsFilter {
  private int[] selected = new int[0];

  /**
   * @param columns the batch's output columns
   * @param rowIndex each row's index in its data file
   * @param deleted the rows the file's deletion vector removes
   */
  public ColumnarBatch keepLive(
      ColumnVector[] columns, int numRows, ColumnVector rowIndex, DeletedRows deleted) {
    if (selected.length < numRows) {
      selected = new int[numRows];
    }
    int kept = 0;
    for (int i = 0; i < numRows; i++) {
      if (!deleted.contains(rowIndex.getLong(i))) {
        selected[kept++] = i;
      }
    }
    if (kept == numRows) {
      return new ColumnarBatch(columns, numRows);
    }
    // The view keeps its own copy of the selection: the array is reused for the next batch.
    int[] rows = Arrays.copyOf(selected, kept);
    ColumnVector[] view = new ColumnVector[columns.length];
    for (int c = 0; c < columns.length; c++) {
      view[c] = new SelectedRowsVector(columns[c], rows, kept);
    }
    return new ColumnarBatch(view, kept);
  }
}
