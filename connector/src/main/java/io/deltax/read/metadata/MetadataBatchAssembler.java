package io.deltax.read.metadata;

import io.deltax.rowtracking.RowIdVectors;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.vectorized.ColumnVector;
import org.apache.spark.sql.vectorized.ColumnarBatch;

/**
 * Turns a batch of Spark's Parquet reader into a batch of the scan's output, per the
 * {@link MetadataReadPlan}: data and partition columns are passed through, the {@code _metadata}
 * struct is put together from constant vectors, the row index vector and the computed row ID and
 * row commit version vectors. Nothing is copied but the computed longs. One per reader.
 */
public final class MetadataBatchAssembler {
  private final MetadataReadPlan plan;
  private final LongVector rowIds = new LongVector();
  private final LongVector rowCommitVersions = new LongVector();

  public MetadataBatchAssembler(MetadataReadPlan plan) {
    this.plan = plan;
  }

  /**
   * @param split the partition row of the batch's split, as {@link MetadataReadPlan#partitionRow}
   *     made it
   */
  public ColumnarBatch assemble(ColumnarBatch in, InternalRow split) {
    int numRows = in.numRows();
    int numData = plan.numDataColumns();
    int numPartition = plan.numPartitionColumns();
    ColumnVector[] out = new ColumnVector[numData + numPartition + 1];
    for (int i = 0; i < numData; i++) {
      out[i] = in.column(i);
    }
    for (int i = 0; i < numPartition; i++) {
      out[numData + i] = in.column(plan.firstPartitionPos() + i);
    }
    MetadataField[] fields = plan.fields();
    ColumnVector[] children = new ColumnVector[fields.length];
    for (int i = 0; i < fields.length; i++) {
      children[i] = switch (fields[i].source()) {
        case CONSTANT -> in.column(plan.constantPos(fields[i]));
        case ROW_INDEX -> in.column(plan.rowIndexPos());
        case ROW_ID -> {
          RowIdVectors.fillRowIds(rowIds.values(numRows), numRows,
              column(in, plan.materializedRowIdPos()), in.column(plan.rowIndexPos()),
              split.getLong(plan.constantOrdinal(MetadataField.BASE_ROW_ID)));
          yield rowIds;
        }
        case ROW_COMMIT_VERSION -> {
          RowIdVectors.fillRowCommitVersions(rowCommitVersions.values(numRows), numRows,
              column(in, plan.materializedRowCommitVersionPos()),
              split.getLong(plan.constantOrdinal(MetadataField.DEFAULT_ROW_COMMIT_VERSION)));
          yield rowCommitVersions;
        }
      };
    }
    out[out.length - 1] = new StructVector(plan.metadataType(), children);
    return new ColumnarBatch(out, numRows);
  }

  private static ColumnVector column(ColumnarBatch batch, int pos) {
    return pos < 0 ? null : batch.column(pos);
  }
}
