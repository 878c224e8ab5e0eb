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
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.StructType;

/**
 * The row-at-a-time twin of {@link MetadataBatchAssembler}, for the schemas Spark's vectorized
 * Parquet reader cannot return as batches. Same layout, same rules.
 */
public final class MetadataRowAssembler {
  private final MetadataReadPlan plan;
  private final DataType[] inputTypes;

  /**
   * @param parquetOutput the Parquet reader's row schema: required data, extras, partition,
   *     constants
   */
  public MetadataRowAssembler(MetadataReadPlan plan, StructType parquetOutput) {
    this.plan = plan;
    this.inputTypes = new DataType[parquetOutput.size()];
    for (int i = 0; i < inputTypes.length; i++) {
      inputTypes[i] = parquetOutput.fields()[i].dataType();
    }
  }

  /** The output row, or null when the split's deletion vector removes the row. */
  public InternalRow assemble(InternalRow in, InternalRow split, DeletedRows deleted) {
    if (deleted(in, deleted)) {
      return null;
    }
    int numData = plan.numDataColumns();
    int numPartition = plan.numPartitionColumns();
    Object[] out = new Object[numData + numPartition + (plan.selectsMetadata() ? 1 : 0)];
    for (int i = 0; i < numData; i++) {
      out[i] = value(in, i);
    }
    for (int i = 0; i < numPartition; i++) {
      out[numData + i] = value(in, plan.firstPartitionPos() + i);
    }
    if (plan.selectsMetadata()) {
      out[out.length - 1] = metadata(in, split);
    }
    return new GenericInternalRow(out);
  }

  /** Whether the deletion vector ({@code deleted}, null for none) removes the row. */
  public boolean deleted(InternalRow in, DeletedRows deleted) {
    return deleted != null && deleted.contains(in.getLong(plan.rowIndexPos()));
  }

  private InternalRow metadata(InternalRow in, InternalRow split) {
    MetadataField[] fields = plan.fields();
    Object[] metadata = new Object[fields.length];
    for (int i = 0; i < fields.length; i++) {
      metadata[i] =
          switch (fields[i].source()) {
            case CONSTANT -> value(in, plan.constantPos(fields[i]));
            case ROW_INDEX -> in.getLong(plan.rowIndexPos());
            case ROW_ID -> rowId(in, split);
            case ROW_COMMIT_VERSION -> rowCommitVersion(in, split);
            case ROW_DATA_VERSION ->
                plan.rowDataVersions().dataVersion(rowId(in, split), rowCommitVersion(in, split));
          };
    }
    return new GenericInternalRow(metadata);
  }

  /**
   * The row ID of a Parquet reader row whose plan reads row IDs: its materialized value, else the
   * split's base row ID plus its row index. For filters that look at a row before {@link
   * #assemble}.
   */
  public long rowId(InternalRow in, InternalRow split) {
    return materializedOr(
        in,
        plan.materializedRowIdPos(),
        split.getLong(plan.constantOrdinal(MetadataField.BASE_ROW_ID))
            + in.getLong(plan.rowIndexPos()));
  }

  /** As {@link #rowId}, the row commit version (materialized, else the split's default). */
  public long rowCommitVersion(InternalRow in, InternalRow split) {
    return materializedOr(
        in,
        plan.materializedRowCommitVersionPos(),
        split.getLong(plan.constantOrdinal(MetadataField.DEFAULT_ROW_COMMIT_VERSION)));
  }

  private Object value(InternalRow row, int pos) {
    if (row.isNullAt(pos)) {
      return null;
    }
    Object v = row.get(pos, inputTypes[pos]);
    // Values of an UnsafeRow point into its buffer, which the reader reuses.
    return v instanceof org.apache.spark.unsafe.types.UTF8String s
        ? s.copy()
        : v instanceof InternalRow r
            ? r.copy()
            : v instanceof org.apache.spark.sql.catalyst.util.ArrayData a
                ? a.copy()
                : v instanceof org.apache.spark.sql.catalyst.util.MapData m ? m.copy() : v;
  }

  private static long materializedOr(InternalRow in, int pos, long otherwise) {
    return pos < 0 || in.isNullAt(pos) ? otherwise : in.getLong(pos);
  }
}
