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

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.apache.spark.sql.connector.expressions.Expression;
import org.apache.spark.sql.connector.expressions.aggregate.AggregateFunc;
import org.apache.spark.sql.connector.expressions.aggregate.Aggregation;
import org.apache.spark.sql.connector.expressions.aggregate.Count;
import org.apache.spark.sql.connector.expressions.aggregate.CountStar;
import org.apache.spark.sql.connector.expressions.aggregate.Max;
import org.apache.spark.sql.connector.expressions.aggregate.Min;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;

/**
 * An aggregate Spark offers that the log may answer: {@code COUNT(*)}, {@code COUNT(column)},
 * {@code MIN(column)} and {@code MAX(column)} on top-level columns, grouped by partition columns
 * only. {@link #of} refuses every other shape; whether the files' statistics answer it is decided
 * file by file ({@link AggregateFromStatistics}).
 *
 * @param groupBy the partition columns grouped by, in Spark's order
 * @param calls the aggregates, in Spark's order
 */
record AggregateRequest(List<TableColumn> groupBy, List<Call> calls) {
  enum Kind {
    COUNT_STAR,
    COUNT,
    MIN,
    MAX
  }

  /**
   * One aggregate.
   *
   * @param column the column it reads; null for {@code COUNT(*)}
   */
  record Call(Kind kind, TableColumn column) {
    /** The answer's type: a count's {@code bigint}, or the column's own. */
    DataType type() {
      return kind == Kind.MIN || kind == Kind.MAX ? column.type() : DataTypes.LongType;
    }
  }

  /**
   * The request, or empty where the log cannot answer its shape.
   *
   * @param schema the table's schema, with column mapping's metadata
   * @param partitionColumns the partition column names, lower case
   */
  static Optional<AggregateRequest> of(
      Aggregation aggregation, StructType schema, Set<String> partitionColumns) {
    List<TableColumn> groupBy = TableColumn.partitionGroups(aggregation, schema, partitionColumns);
    if (groupBy == null) {
      return Optional.empty();
    }
    List<Call> calls = new ArrayList<>();
    for (AggregateFunc f : aggregation.aggregateExpressions()) {
      Call call = call(f, schema, partitionColumns);
      if (call == null) {
        return Optional.empty();
      }
      calls.add(call);
    }
    return calls.isEmpty() ? Optional.empty() : Optional.of(new AggregateRequest(groupBy, calls));
  }

  private static Call call(AggregateFunc f, StructType schema, Set<String> partitionColumns) {
    if (f instanceof CountStar) {
      return new Call(Kind.COUNT_STAR, null);
    }
    if (f instanceof Count count) {
      TableColumn column = TableColumn.of(count.column(), schema, partitionColumns);
      return count.isDistinct() || column == null ? null : new Call(Kind.COUNT, column);
    }
    Expression input =
        f instanceof Min min ? min.column() : f instanceof Max max ? max.column() : null;
    if (input == null) {
      return null;
    }
    TableColumn column = TableColumn.of(input, schema, partitionColumns);
    if (column == null || !column.hasExactValues()) {
      return null;
    }
    return new Call(f instanceof Min ? Kind.MIN : Kind.MAX, column);
  }

  /** The columns of the answer's rows: the grouping columns, then one per aggregate. */
  StructType schema() {
    StructType schema = new StructType();
    for (int i = 0; i < groupBy.size(); i++) {
      schema = schema.add("group_col_" + i, groupBy.get(i).type(), true);
    }
    for (int i = 0; i < calls.size(); i++) {
      Call call = calls.get(i);
      schema =
          schema.add(
              "agg_func_" + i, call.type(), call.kind() == Kind.MIN || call.kind() == Kind.MAX);
    }
    return schema;
  }
}
