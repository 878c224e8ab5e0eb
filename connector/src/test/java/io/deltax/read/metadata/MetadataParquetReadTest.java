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
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.deltax.rowtracking.RowTrackingConfig;
import java.util.Arrays;
import java.util.Optional;
import java.util.function.Predicate;
import org.apache.spark.sql.execution.datasources.parquet.ParquetFileFormat;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.Test;

/** The choice between reading Spark's row index column and counting row indexes. */
class MetadataParquetReadTest {
  private static final StructType REQUESTED = new StructType().add("row_id", DataTypes.LongType);
  private static final RowTrackingConfig ROW_TRACKING =
      new RowTrackingConfig(true, true, Optional.empty(), Optional.empty());
  private static final StructType DATA = new StructType().add("v", DataTypes.LongType);
  private static final StructType PARTITION = new StructType().add("p", DataTypes.StringType);
  private static final MetadataReadPlan READING = plan(false);
  private static final MetadataReadPlan COUNTING = plan(true);

  private static MetadataReadPlan plan(boolean counts) {
    return new MetadataReadPlan(REQUESTED, ROW_TRACKING, 1, 1, false, null, counts);
  }

  private static boolean hasRowIndexColumn(StructType output) {
    return Arrays.asList(output.fieldNames())
        .contains(ParquetFileFormat.ROW_INDEX_TEMPORARY_COLUMN_NAME());
  }

  private static MetadataParquetRead choose(boolean mayCount, Predicate<StructType> byBatches) {
    return MetadataParquetRead.choose(READING, COUNTING, mayCount, DATA, PARTITION, byBatches);
  }

  @Test
  void aBatchReadWithoutFiltersCounts() {
    MetadataParquetRead read = choose(true, schema -> true);
    assertSame(COUNTING, read.plan());
    assertTrue(read.byBatches());
    assertFalse(hasRowIndexColumn(read.output()));
    // Data columns, partition columns, then the constant base_row_id.
    assertEquals("v", read.output().fieldNames()[0]);
    assertEquals("p", read.output().fieldNames()[1]);
    assertEquals(3, read.output().size());
  }

  @Test
  void aReadWithFiltersAsksSparkForItsRowIndexColumn() {
    MetadataParquetRead read = choose(false, schema -> true);
    assertSame(READING, read.plan());
    assertTrue(read.byBatches());
    assertTrue(hasRowIndexColumn(read.output()));
    assertEquals(READING.parquetOutputSchema(DATA, PARTITION), read.output());
  }

  @Test
  void aReadByRowsAsksSparkForItsRowIndexColumn() {
    MetadataParquetRead read = choose(true, schema -> false);
    assertSame(READING, read.plan());
    assertFalse(read.byBatches());
    assertTrue(hasRowIndexColumn(read.output()));
  }

  @Test
  void countingIsDroppedIfItsOutputWouldNotBeReadByBatches() {
    MetadataParquetRead read = choose(true, MetadataParquetReadTest::hasRowIndexColumn);
    assertSame(READING, read.plan());
    assertTrue(read.byBatches());
  }
}
