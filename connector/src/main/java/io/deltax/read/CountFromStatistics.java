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
package io.deltax.read;

import io.deltax.actions.AddFile;
import io.deltax.log.RecordCounts;
import java.util.List;
import java.util.OptionalLong;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.sql.connector.expressions.aggregate.AggregateFunc;
import org.apache.spark.sql.connector.expressions.aggregate.Aggregation;
import org.apache.spark.sql.connector.expressions.aggregate.CountStar;
import org.apache.spark.sql.connector.read.LocalScan;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;

/**
 * {@code count(*)} of a whole table answered from the log: the sum of the files' exact {@code
 * numRecords} (PROTOCOL.md, "Per-file Statistics"), less the rows their deletion vectors remove.
 * Spark pushes such an aggregate only when no filter is left to evaluate; any file without the
 * statistic sends the query back to a scan.
 */
final class CountFromStatistics {
  private CountFromStatistics() {}

  /** Whether the aggregate is a plain {@code count(*)}, one or more times, without grouping. */
  static boolean isCountStar(Aggregation aggregation) {
    if (aggregation.groupByExpressions().length > 0
        || aggregation.aggregateExpressions().length == 0) {
      return false;
    }
    for (AggregateFunc f : aggregation.aggregateExpressions()) {
      if (!(f instanceof CountStar)) {
        return false;
      }
    }
    return true;
  }

  /** The live row count of the files, or empty when a file lacks {@code numRecords}. */
  static OptionalLong count(List<AddFile> files) {
    long total = 0;
    for (AddFile f : files) {
      OptionalLong records = RecordCounts.numRecords(f);
      if (records.isEmpty()) {
        return OptionalLong.empty();
      }
      total +=
          records.getAsLong() - (f.deletionVector() == null ? 0 : f.deletionVector().cardinality());
    }
    return OptionalLong.of(total);
  }

  /** The one-row answer, one column per {@code count(*)} Spark asked for. */
  static LocalScan scan(Aggregation aggregation, long count) {
    StructType schema = new StructType();
    Object[] row = new Object[aggregation.aggregateExpressions().length];
    for (int i = 0; i < row.length; i++) {
      schema = schema.add("count_" + i, DataTypes.LongType, false);
      row[i] = count;
    }
    StructType readSchema = schema;
    return new LocalScan() {
      @Override
      public InternalRow[] rows() {
        return new InternalRow[] {new GenericInternalRow(row)};
      }

      @Override
      public StructType readSchema() {
        return readSchema;
      }

      @Override
      public String description() {
        return "deltax count(*) from the log's numRecords statistics";
      }
    };
  }
}
