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
package io.deltax.read.metadata;

import io.deltax.deletionvectors.DeletedRows;
import io.deltax.deletionvectors.DeletedRowsFilter;
import io.deltax.rowtracking.RowDataVersions;
import io.deltax.rowtracking.RowIdVectors;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.vectorized.ColumnVector;
import org.apache.spark.sql.vectorized.ColumnarBatch;

/**
 * Turns a batch of Spark's Parquet reader into a batch of the scan's output, per the {@link
 * MetadataReadPlan}: data and partition columns are passed through, the {@code _metadata} struct is
 * put together from constant vectors, the row index vector and the computed row ID, row commit
 * version and row data version vectors, and the rows a deletion vector removes are left out by
 * {@link DeletedRowsFilter}. Nothing is copied but the computed longs. One per reader; where the
 * plan counts row indexes, it counts them from each split's first row on (see {@link #startSplit}).
 */
public final class MetadataBatchAssembler {
  private final MetadataReadPlan plan;
  private final LongVector rowIds = new LongVector();
  private final LongVector rowCommitVersions = new LongVector();
  private final LongVector rowDataVersions = new LongVector();

  /** Where the plan counts row indexes: the counted ones, and the index of the split's next row. */
  private final LongVector countedRowIndexes = new LongVector();

  private long nextRowIndex;

  /** Null unless row_data_version is read. */
  private final RowDataVersions.Cursor dataVersionCursor;

  private final DeletedRowsFilter deletedRowsFilter = new DeletedRowsFilter();

  public MetadataBatchAssembler(MetadataReadPlan plan) {
    this.plan = plan;
    this.dataVersionCursor =
        plan.rowDataVersions() == null ? null : plan.rowDataVersions().new Cursor();
  }

  /**
   * Whether it counts row indexes rather than reading them: then either call {@link #startSplit}
   * before each split, or use one assembler per file read from its first row.
   */
  public boolean countsRowIndexes() {
    return plan.countsRowIndexes();
  }

  /**
   * Before the first batch of each split, where it counts row indexes.
   *
   * @param firstRowIndex the index in its file of the split's first row
   */
  public void startSplit(long firstRowIndex) {
    nextRowIndex = firstRowIndex;
  }

  /**
   * @param split the partition row of the batch's split, as {@link MetadataReadPlan#partitionRow}
   *     made it
   * @param deleted the rows the split's deletion vector removes, or null
   */
  public ColumnarBatch assemble(ColumnarBatch in, InternalRow split, DeletedRows deleted) {
    int numRows = in.numRows();
    ColumnVector rowIndexes = rowIndexes(in);
    int numData = plan.numDataColumns();
    int numPartition = plan.numPartitionColumns();
    ColumnVector[] out =
        new ColumnVector[numData + numPartition + (plan.selectsMetadata() ? 1 : 0)];
    for (int i = 0; i < numData; i++) {
      out[i] = in.column(i);
    }
    for (int i = 0; i < numPartition; i++) {
      out[numData + i] = in.column(plan.firstPartitionPos() + i);
    }
    if (plan.selectsMetadata()) {
      out[out.length - 1] = metadata(in, rowIndexes, split);
    }
    return deleted == null
        ? new ColumnarBatch(out, numRows)
        : deletedRowsFilter.keepLive(out, numRows, rowIndexes, deleted);
  }

  /** Each row's index in its file: Spark's row index column, or counted; null where not needed. */
  private ColumnVector rowIndexes(ColumnarBatch in) {
    if (!plan.countsRowIndexes()) {
      return plan.rowIndexPos() < 0 ? null : in.column(plan.rowIndexPos());
    }
    int numRows = in.numRows();
    long[] values = countedRowIndexes.values(numRows);
    for (int i = 0; i < numRows; i++) {
      values[i] = nextRowIndex + i;
    }
    nextRowIndex += numRows;
    return countedRowIndexes;
  }

  private ColumnVector metadata(ColumnarBatch in, ColumnVector rowIndexes, InternalRow split) {
    int numRows = in.numRows();
    MetadataField[] fields = plan.fields();
    ColumnVector[] children = new ColumnVector[fields.length];
    if (plan.computesRowIds()) {
      RowIdVectors.fillRowIds(
          rowIds.values(numRows),
          numRows,
          column(in, plan.materializedRowIdPos()),
          rowIndexes,
          split.getLong(plan.constantOrdinal(MetadataField.BASE_ROW_ID)));
    }
    if (plan.computesRowCommitVersions()) {
      RowIdVectors.fillRowCommitVersions(
          rowCommitVersions.values(numRows),
          numRows,
          column(in, plan.materializedRowCommitVersionPos()),
          split.getLong(plan.constantOrdinal(MetadataField.DEFAULT_ROW_COMMIT_VERSION)));
    }
    for (int i = 0; i < fields.length; i++) {
      children[i] =
          switch (fields[i].source()) {
            case CONSTANT -> in.column(plan.constantPos(fields[i]));
            case ROW_INDEX -> rowIndexes;
            case ROW_ID -> rowIds;
            case ROW_COMMIT_VERSION -> rowCommitVersions;
            case ROW_DATA_VERSION -> {
              RowIdVectors.fillRowDataVersions(
                  rowDataVersions.values(numRows),
                  numRows,
                  rowIds.values(numRows),
                  rowCommitVersions.values(numRows),
                  plan.rowDataVersions(),
                  dataVersionCursor);
              yield rowDataVersions;
            }
          };
    }
    return new StructVector(plan.metadataType(), children);
  }

  private static ColumnVector column(ColumnarBatch batch, int pos) {
    return pos < 0 ? null : batch.column(pos);
  }
}
