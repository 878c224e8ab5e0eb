package io.deltax.changes;

import java.io.Closeable;
import io.deltax.actions.DeletionVectorDescriptor;
import java.util.Iterator;
import org.apache.spark.sql.catalyst.InternalRow;

/**
 * Reads the live rows of a logical file (its deletion vector applied), for {@link
 * CommitChangeDeriver}. Implemented by the read path with Spark's Parquet reader.
 */
public interface FileRows {
  /** An iterator over rows that holds an open file until it is exhausted or closed. */
  interface RowIterator extends Iterator<InternalRow>, Closeable {}

  /**
   * Which rows of a file with row IDs are wanted, decided from a row's ID and commit version
   * alone, before its columns are copied: most rows of a rewritten file are copies, and copying
   * them only to drop them was most of a change feed's time.
   */
  @FunctionalInterface
  interface RowFilter {
    boolean keep(long rowId, long rowCommitVersion);
  }

  /**
   * The read columns of each live row; for a file with row IDs followed by a struct of
   * {@code (row_id, row_commit_version, row_index)} as the last field. Rows are not reused.
   */
  RowIterator rows(ChangeFile file);

  /** As {@link #rows}, for a file with row IDs: only the live rows {@code keep} wants. */
  RowIterator rows(ChangeFile file, RowFilter keep);

  /**
   * Only {@code (row_id, row_commit_version)} of each live row, as a row of two longs that the
   * iterator reuses (read it before the next).
   */
  RowIterator rowIds(ChangeFile file);

  /**
   * As {@link #rows}, only the rows {@code grown} deletes and the file's own deletion vector did
   * not: those a commit newly hid by re-adding the file with a grown deletion vector.
   */
  RowIterator newlyDeletedRows(ChangeFile file, DeletionVectorDescriptor grown);

  /** The row ID of a row {@link #rows} returned for a file with row IDs. */
  static long rowId(InternalRow row) {
    return row.getStruct(row.numFields() - 1, ID_FIELDS).getLong(0);
  }

  /** The row commit version of a row {@link #rows} returned for a file with row IDs. */
  static long rowCommitVersion(InternalRow row) {
    return row.getStruct(row.numFields() - 1, ID_FIELDS).getLong(1);
  }

  /** The struct's fields: row_id, row_commit_version, row_index. */
  int ID_FIELDS = 3;
}
