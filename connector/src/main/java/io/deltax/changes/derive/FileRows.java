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

import io.deltax.actions.DeletionVectorDescriptor;
import io.deltax.changes.plan.ChangeFile;
import java.io.Closeable;
import java.util.Iterator;
import org.apache.spark.sql.catalyst.InternalRow;

/**
 * Reads the live rows of a logical file (its deletion vector applied), or the rows of a change data
 * file, for {@link CommitChangeDeriver}. Implemented by the read path with Spark's Parquet reader.
 */
public interface FileRows {
  /** An iterator over rows that holds an open file until it is exhausted or closed. */
  interface RowIterator extends Iterator<InternalRow>, Closeable {}

  /** The rows of a change data file, and the change each records. */
  interface RecordedRows extends RowIterator {
    /** The {@code _change_type} of the row {@link #next} returned last. */
    ChangeType changeType();
  }

  /**
   * Which rows of a file with row IDs are wanted, decided from a row's ID and commit version alone,
   * before its columns are copied: most rows of a rewritten file are copies, and copying them only
   * to drop them was most of a change feed's time.
   */
  @FunctionalInterface
  interface RowFilter {
    boolean keep(long rowId, long rowCommitVersion);
  }

  /**
   * The read columns of each live row; for a file with row IDs followed by a struct of {@code
   * (row_id, row_commit_version, row_index)} as the last field. Rows are not reused.
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
   * As {@link #rows}, only the rows {@code vector} hides and the file's own deletion vector does
   * not. Read from a removed file with the vector it was re-added with: the rows the commit newly
   * hid. Read from the re-added file with the removed one's vector: the rows it shows again.
   */
  RowIterator hiddenRows(ChangeFile file, DeletionVectorDescriptor vector);

  /**
   * The rows a change data file records (PROTOCOL.md, "Change Data Files"), with the read columns
   * of {@link #rows} for a file without row IDs; the change of each is its {@code _change_type}.
   */
  RecordedRows changeDataRows(ChangeFile file);

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
