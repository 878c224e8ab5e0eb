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

import org.apache.spark.sql.types.Decimal;
import org.apache.spark.sql.vectorized.ColumnVector;
import org.apache.spark.sql.vectorized.ColumnarArray;
import org.apache.spark.sql.vectorized.ColumnarMap;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * A view of some rows of another column, without copying: row {@code i} of the view is row {@code
 * rows[i]} of the column. Used to drop the rows a deletion vector removes from a batch; nested
 * columns are viewed through the same rows.
 */
final class SelectedRowsVector extends ColumnVector {
  private final ColumnVector inner;
  private final int[] rows;
  private final int numRows;
  private ColumnVector[] children;

  SelectedRowsVector(ColumnVector inner, int[] rows, int numRows) {
    super(inner.dataType());
    this.inner = inner;
    this.rows = rows;
    this.numRows = numRows;
  }

  @Override
  public boolean hasNull() {
    return inner.hasNull() && numNulls() > 0;
  }

  @Override
  public int numNulls() {
    if (!inner.hasNull()) {
      return 0;
    }
    int nulls = 0;
    for (int i = 0; i < numRows; i++) {
      if (inner.isNullAt(rows[i])) {
        nulls++;
      }
    }
    return nulls;
  }

  @Override
  public boolean isNullAt(int rowId) {
    return inner.isNullAt(rows[rowId]);
  }

  @Override
  public boolean getBoolean(int rowId) {
    return inner.getBoolean(rows[rowId]);
  }

  @Override
  public byte getByte(int rowId) {
    return inner.getByte(rows[rowId]);
  }

  @Override
  public short getShort(int rowId) {
    return inner.getShort(rows[rowId]);
  }

  @Override
  public int getInt(int rowId) {
    return inner.getInt(rows[rowId]);
  }

  @Override
  public long getLong(int rowId) {
    return inner.getLong(rows[rowId]);
  }

  @Override
  public float getFloat(int rowId) {
    return inner.getFloat(rows[rowId]);
  }

  @Override
  public double getDouble(int rowId) {
    return inner.getDouble(rows[rowId]);
  }

  @Override
  public ColumnarArray getArray(int rowId) {
    return inner.getArray(rows[rowId]);
  }

  @Override
  public ColumnarMap getMap(int rowId) {
    return inner.getMap(rows[rowId]);
  }

  @Override
  public Decimal getDecimal(int rowId, int precision, int scale) {
    return inner.getDecimal(rows[rowId], precision, scale);
  }

  @Override
  public UTF8String getUTF8String(int rowId) {
    return inner.getUTF8String(rows[rowId]);
  }

  @Override
  public byte[] getBinary(int rowId) {
    return inner.getBinary(rows[rowId]);
  }

  /** Struct fields (and variant parts) are read through the same rows. */
  @Override
  public ColumnVector getChild(int ordinal) {
    if (children == null) {
      children = new ColumnVector[Math.max(ordinal + 1, 2)];
    } else if (ordinal >= children.length) {
      children = java.util.Arrays.copyOf(children, ordinal + 1);
    }
    if (children[ordinal] == null) {
      children[ordinal] = new SelectedRowsVector(inner.getChild(ordinal), rows, numRows);
    }
    return children[ordinal];
  }

  /** The inner column belongs to the reader's batch. */
  @Override
  public void close() {}
}
