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

import io.deltax.deletionvectors.DeletedRows;
import io.deltax.read.metadata.MetadataBatchAssembler;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.vectorized.ColumnVector;
import org.apache.spark.sql.vectorized.ColumnarBatch;

/**
 * The live rows of one file from Spark's vectorized Parquet reader, a batch at a time: the {@code
 * _metadata} batch assembler computes row IDs and commit versions as vectors and leaves out the
 * rows a deletion vector removes (a view, nothing copied), the filters look at those vectors, and
 * only the rows they keep are copied out of the batch. Most rows of a rewritten file are copies the
 * filters drop, so most rows are never copied at all.
 */
final class LiveRowsByBatch extends LiveRows {
  private final MetadataBatchAssembler assembler;

  /** Whether a batch ends with the (row ID, commit version, row index) struct. */
  private final boolean withIds;

  private ColumnarBatch batch;
  private int pos;
  private ColumnVector rowIds;
  private ColumnVector commitVersions;
  private ColumnVector rowIndexes;

  /**
   * @param withIds whether the read plan selects the (row ID, commit version, row index) struct
   * @param idsOnly whether to return only (row ID, commit version), in one reused row
   */
  LiveRowsByBatch(
      scala.collection.Iterator<?> parquet,
      InternalRow partitionRow,
      DeletedRows deleted,
      MetadataBatchAssembler assembler,
      boolean withIds,
      boolean idsOnly) {
    super(parquet, partitionRow, deleted, idsOnly);
    this.assembler = assembler;
    this.withIds = withIds;
  }

  @Override
  InternalRow advance() {
    while (true) {
      while (batch == null || pos >= batch.numRows()) {
        if (!parquet.hasNext()) {
          return null;
        }
        // Spark's reader with returning_batch: its elements are ColumnarBatches typed as rows.
        nextBatch((ColumnarBatch) parquet.next());
      }
      int i = pos++;
      if (idsOnly) {
        return ids(rowIds.getLong(i), commitVersions.getLong(i));
      }
      if (keepIds != null && !keepIds.keep(rowIds.getLong(i), commitVersions.getLong(i))) {
        continue;
      }
      if (keepOnly != null && !keepOnly.test(rowIndexes.getLong(i))) {
        continue;
      }
      // The reader reuses its batch: a kept row is copied out of it.
      return batch.getRow(i).copy();
    }
  }

  private void nextBatch(ColumnarBatch in) {
    batch = assembler.assemble(in, partitionRow, deleted);
    pos = 0;
    if (withIds) {
      ColumnVector struct = batch.column(batch.numCols() - 1);
      rowIds = struct.getChild(0);
      commitVersions = struct.getChild(1);
      rowIndexes = struct.getChild(2);
    }
  }
}
