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
