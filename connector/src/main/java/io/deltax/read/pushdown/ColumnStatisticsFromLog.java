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
package io.deltax.read.pushdown;

import io.deltax.actions.AddFile;
import io.deltax.partitions.PartitionValues;
import io.deltax.read.pushdown.AggregateRequest.Call;
import io.deltax.read.pushdown.AggregateRequest.Kind;
import io.deltax.read.skipping.ExactStatistics;
import io.deltax.read.skipping.SnapshotColumnBounds;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.expressions.FieldReference;
import org.apache.spark.sql.connector.expressions.NamedReference;
import org.apache.spark.sql.connector.read.colstats.ColumnStatistics;
import org.apache.spark.sql.types.BooleanType;
import org.apache.spark.sql.types.StringType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * The column statistics a scan reports to Spark's cost-based optimizer: per column, its null count
 * and its least and greatest value (whole numbers and dates; for partition columns also timestamps
 * and decimals), where the log answers them exactly over every selected file (as {@code
 * COUNT(column)}, {@code MIN} and {@code MAX} are answered, {@link AggregateFromStatistics}). A
 * column the statistics cannot answer is left out.
 */
public final class ColumnStatisticsFromLog {
  private ColumnStatisticsFromLog() {}

  /**
   * @param columns the columns the scan outputs, by their logical names
   * @param schema the table's schema, with column mapping's metadata
   * @param partitionColumns the partition column names, lower case
   */
  public static Map<NamedReference, ColumnStatistics> of(
      StructType columns,
      StructType schema,
      Set<String> partitionColumns,
      List<AddFile> files,
      PartitionValues partitionValues,
      SnapshotColumnBounds parsedStats) {
    List<TableColumn> resolved = new ArrayList<>();
    Set<String> dataColumns = new HashSet<>();
    for (StructField f : columns.fields()) {
      TableColumn column =
          TableColumn.of(FieldReference.column(f.name()), schema, partitionColumns);
      if (column != null) {
        resolved.add(column);
        if (!column.partition()) {
          dataColumns.add(column.physical());
        }
      }
    }
    // One parse of each file's statistics for every column, kept for the next scan.
    Set<String> parsed = Set.copyOf(dataColumns);
    Map<NamedReference, ColumnStatistics> result = new LinkedHashMap<>();
    for (TableColumn column : resolved) {
      boolean bounds =
          column.hasExactValues()
              && !(column.type() instanceof StringType)
              && !(column.type() instanceof BooleanType);
      List<Call> calls = new ArrayList<>();
      calls.add(new Call(Kind.COUNT_STAR, null));
      calls.add(new Call(Kind.COUNT, column));
      if (bounds) {
        calls.add(new Call(Kind.MIN, column));
        calls.add(new Call(Kind.MAX, column));
      }
      Optional<List<InternalRow>> answer =
          AggregateFromStatistics.answer(
              new AggregateRequest(List.of(), calls),
              files,
              f -> FileStatistics.of(ExactStatistics.of(f, parsed, parsedStats)),
              partitionValues);
      if (answer.isPresent()) {
        InternalRow row = answer.get().get(0);
        long nullCount = row.getLong(0) - row.getLong(1);
        Object min = bounds && !row.isNullAt(2) ? row.get(2, column.type()) : null;
        Object max = bounds && !row.isNullAt(3) ? row.get(3, column.type()) : null;
        result.put(FieldReference.column(column.field().name()), statistics(nullCount, min, max));
      }
    }
    return result;
  }

  private static ColumnStatistics statistics(long nullCount, Object min, Object max) {
    return new ColumnStatistics() {
      @Override
      public OptionalLong nullCount() {
        return OptionalLong.of(nullCount);
      }

      @Override
      public Optional<Object> min() {
        return Optional.ofNullable(min);
      }

      @Override
      public Optional<Object> max() {
        return Optional.ofNullable(max);
      }
    };
  }
}
