package io.deltax.read;

import io.deltax.changes.FileRows;
import java.util.NoSuchElementException;
import java.util.function.LongPredicate;
import org.apache.spark.sql.catalyst.InternalRow;

/**
 * The live rows of one change file as {@link ChangeFileReader} hands them out, with the filters a
 * commit's derivation may set before the first row is read. Two ways of reading fill it:
 * {@link LiveRowsByBatch} (Spark's vectorized reader, whole batches) and {@link LiveRowsByRow}
 * (the row reader, for schemas that cannot be batched). Same rows, same order.
 */
abstract class LiveRows implements FileRows.RowIterator {
  /** Null, or the row indexes to keep of the rows the deletion vector left. */
  LongPredicate keepOnly;
  /** Null, or the rows to keep by row ID and commit version, asked before a row is copied. */
  FileRows.RowFilter keepIds;
  private InternalRow next;

  void keepOnly(LongPredicate rowIndexes) {
    this.keepOnly = rowIndexes;
  }

  void keepIds(FileRows.RowFilter rows) {
    this.keepIds = rows;
  }

  /** The next live row the filters keep, or null after the last. */
  abstract InternalRow advance();

  @Override
  public final boolean hasNext() {
    if (next == null) {
      next = advance();
    }
    return next != null;
  }

  @Override
  public final InternalRow next() {
    if (!hasNext()) {
      throw new NoSuchElementException();
    }
    InternalRow result = next;
    next = null;
    return result;
  }
}
