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
import io.deltax.deletionvectors.DeletedRows;
import java.io.Closeable;
import java.io.IOException;
import java.util.NoSuchElementException;
import java.util.function.LongPredicate;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.SpecificInternalRow;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;

/**
 * The live rows of one change file as {@link ChangeFileReader} hands them out, with the filters a
 * commit's derivation may set before the first row is read. Two ways of reading fill it: {@link
 * LiveRowsByBatch} (Spark's vectorized reader, whole batches) and {@link LiveRowsByRow} (the row
 * reader, for schemas that cannot be batched). Same rows, same order.
 */
abstract class LiveRows implements FileRows.RowIterator {
  /** Spark's Parquet reader over the file: rows, or batches typed as rows. */
  final scala.collection.Iterator<?> parquet;

  final InternalRow partitionRow;

  /** Null, or the file's deletion vector. */
  final DeletedRows deleted;

  /** Whether to return only (row ID, commit version), in one reused row ({@link #ids}). */
  final boolean idsOnly;

  private final SpecificInternalRow ids =
      new SpecificInternalRow(
          new StructType()
              .add("row_id", DataTypes.LongType)
              .add("row_commit_version", DataTypes.LongType));

  /** Null, or the row indexes to keep of the rows the deletion vector left. */
  LongPredicate keepOnly;

  /** Null, or the rows to keep by row ID and commit version, asked before a row is copied. */
  FileRows.RowFilter keepIds;

  private InternalRow next;

  LiveRows(
      scala.collection.Iterator<?> parquet,
      InternalRow partitionRow,
      DeletedRows deleted,
      boolean idsOnly) {
    this.parquet = parquet;
    this.partitionRow = partitionRow;
    this.deleted = deleted;
    this.idsOnly = idsOnly;
  }

  void keepOnly(LongPredicate rowIndexes) {
    this.keepOnly = rowIndexes;
  }

  void keepIds(FileRows.RowFilter rows) {
    this.keepIds = rows;
  }

  /** The one reused row of {@link #idsOnly}, set to a row's ID and commit version. */
  final InternalRow ids(long rowId, long rowCommitVersion) {
    ids.setLong(0, rowId);
    ids.setLong(1, rowCommitVersion);
    return ids;
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

  @Override
  public final void close() throws IOException {
    if (parquet instanceof Closeable closeable) {
      closeable.close();
    }
  }
}
