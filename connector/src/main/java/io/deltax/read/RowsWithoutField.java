package io.deltax.read;

import io.deltax.changes.FileRows;
import java.io.IOException;
import java.util.Arrays;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;

/** The rows of a file as another iterator reads them, with one field left out. */
final class RowsWithoutField implements FileRows.RowIterator {
  private final FileRows.RowIterator rows;
  private final int field;

  RowsWithoutField(FileRows.RowIterator rows, int field) {
    this.rows = rows;
    this.field = field;
  }

  /** {@code row} (as the change feed's readers build it: a generic row) without {@code field}. */
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
    return without(rows.next(), field);
  }

  @Override
  public void close() throws IOException {
    rows.close();
  }
}
