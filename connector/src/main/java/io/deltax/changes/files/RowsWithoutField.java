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
package io.deltax.changes.files;

import io.deltax.changes.derive.FileRows;
import java.io.IOException;
import java.util.Arrays;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;

/** Rows as the change feed's readers build them (generic rows), with one field left out. */
final class RowsWithoutField implements FileRows.RowIterator {
  private final FileRows.RowIterator rows;

  private RowsWithoutField(FileRows.RowIterator rows) {
    this.rows = rows;
  }

  /** {@code rows}, each without its last field. */
  static FileRows.RowIterator lastOf(FileRows.RowIterator rows) {
    return new RowsWithoutField(rows);
  }

  /** {@code row} without {@code field}. */
  static InternalRow without(InternalRow row, int field) {
    Object[] values = ((GenericInternalRow) row).values();
    Object[] kept = Arrays.copyOf(values, values.length - 1);
    System.arraycopy(values, field + 1, kept, field, values.length - field - 1);
    return new GenericInternalRow(kept);
  }

  @Override
  public boolean hasNext() {
    return rows.hasNext();
  }

  @Override
  public InternalRow next() {
    InternalRow row = rows.next();
    return without(row, row.numFields() - 1);
  }

  @Override
  public void close() throws IOException {
    rows.close();
  }
}
