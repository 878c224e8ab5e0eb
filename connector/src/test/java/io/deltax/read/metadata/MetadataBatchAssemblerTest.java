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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.deltax.rowtracking.RowTrackingConfig;
import java.util.Optional;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.execution.vectorized.OnHeapColumnVector;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.vectorized.ColumnVector;
import org.apache.spark.sql.vectorized.ColumnarBatch;
import org.junit.jupiter.api.Test;

/** Row indexes counted by the batch assembler, across batches and from each split's first row. */
class MetadataBatchAssemblerTest {
  private static final StructType REQUESTED =
      new StructType().add("row_index", DataTypes.LongType).add("row_id", DataTypes.LongType);
  private static final RowTrackingConfig ROW_TRACKING =
      new RowTrackingConfig(true, true, Optional.empty(), Optional.empty());

  private static MetadataReadPlan plan(boolean counts) {
    return new MetadataReadPlan(REQUESTED, ROW_TRACKING, 1, 0, false, null, counts);
  }

  /** A batch as Spark's reader gives it to a counting plan: the data column, then base_row_id. */
  private static ColumnarBatch parquetBatch(int rows, long baseRowId) {
    OnHeapColumnVector data = new OnHeapColumnVector(rows, DataTypes.LongType);
    OnHeapColumnVector base = new OnHeapColumnVector(rows, DataTypes.LongType);
    for (int i = 0; i < rows; i++) {
      data.putLong(i, 7 * i);
      base.putLong(i, baseRowId);
    }
    return new ColumnarBatch(new ColumnVector[] {data, base}, rows);
  }

  private static void assertRows(ColumnarBatch out, long firstIndex, long baseRowId) {
    ColumnVector metadata = out.column(1);
    for (int i = 0; i < out.numRows(); i++) {
      assertEquals(7L * i, out.column(0).getLong(i));
      assertEquals(firstIndex + i, metadata.getChild(0).getLong(i), "row_index of row " + i);
      assertEquals(
          baseRowId + firstIndex + i, metadata.getChild(1).getLong(i), "row_id of row " + i);
    }
  }

  @Test
  void countsAcrossBatchesAndRestartsAtEachSplitsFirstRow() {
    MetadataReadPlan plan = plan(true);
    assertEquals(
        2,
        plan.parquetRequiredSchema(new StructType().add("v", DataTypes.LongType)).size()
            + plan.parquetPartitionSchema(new StructType()).size(),
        "no row index column asked for");
    MetadataBatchAssembler assembler = new MetadataBatchAssembler(plan);
    assertTrue(assembler.countsRowIndexes());
    InternalRow split =
        plan.partitionRow(
            new Object[0],
            new SplitConstants("file:/t/a.parquet", "a.parquet", 100, 0, 100, 0, 1000L, 5L));

    assembler.startSplit(0);
    assertRows(assembler.assemble(parquetBatch(3, 1000), split, null), 0, 1000);
    ColumnarBatch second = assembler.assemble(parquetBatch(2, 1000), split, null);
    for (int i = 0; i < 2; i++) {
      assertEquals(3L + i, second.column(1).getChild(0).getLong(i));
      assertEquals(1003L + i, second.column(1).getChild(1).getLong(i));
    }
    // The next split of the partition, past byte 0 of its file: its first row group's offset.
    assembler.startSplit(40);
    assertRows(assembler.assemble(parquetBatch(4, 1000), split, null), 40, 1000);
  }

  @Test
  void aReadingPlanAsksSparkForItsRowIndexColumn() {
    MetadataReadPlan plan = plan(false);
    assertFalse(new MetadataBatchAssembler(plan).countsRowIndexes());
    assertTrue(
        plan.parquetRequiredSchema(new StructType().add("v", DataTypes.LongType))
            .getFieldIndex(
                org.apache.spark.sql.execution.datasources.parquet.ParquetFileFormat
                    .ROW_INDEX_TEMPORARY_COLUMN_NAME())
            .isDefined());
  }
}
