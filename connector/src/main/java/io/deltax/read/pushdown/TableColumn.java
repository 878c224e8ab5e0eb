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

import io.deltax.columnmapping.ColumnMapping;
import io.deltax.read.skipping.ExactStatistics;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.apache.spark.sql.connector.expressions.Expression;
import org.apache.spark.sql.connector.expressions.NamedReference;
import org.apache.spark.sql.connector.expressions.aggregate.Aggregation;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DoubleType;
import org.apache.spark.sql.types.FloatType;
import org.apache.spark.sql.types.StringType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * A top-level column of the table that a pushed aggregate names: its field, its physical name (the
 * key of statistics and partition values under column mapping) and whether it is a partition
 * column.
 */
record TableColumn(StructField field, String physical, boolean partition) {
  DataType type() {
    return field.dataType();
  }

  /**
   * The column {@code expression} names, or null where it names no top-level column: a nested
   * field, {@code _metadata}, an expression.
   *
   * @param schema the table's schema, with column mapping's metadata
   * @param partitionColumns the partition column names, lower case
   */
  static TableColumn of(Expression expression, StructType schema, Set<String> partitionColumns) {
    if (!(expression instanceof NamedReference ref) || ref.fieldNames().length != 1) {
      return null;
    }
    String name = ref.fieldNames()[0];
    for (StructField f : schema.fields()) {
      if (f.name().equalsIgnoreCase(name)) {
        return new TableColumn(
            f,
            ColumnMapping.physicalName(f),
            partitionColumns.contains(f.name().toLowerCase(Locale.ROOT)));
      }
    }
    return null;
  }

  /**
   * Whether the column's values order exactly from the log: a partition column's value is the
   * value, compared as Spark compares it (not floating point, whose NaN and -0.0 deltax does not
   * order as Spark does, nor strings under a collation); a data column's statistics are exact only
   * for some types ({@link ExactStatistics#hasExactBounds}).
   */
  boolean hasExactValues() {
    DataType type = type();
    if (!partition) {
      return ExactStatistics.hasExactBounds(type);
    }
    return ExactStatistics.isOrdered(type)
        && !(type instanceof FloatType)
        && !(type instanceof DoubleType)
        && !(type instanceof StringType s && !s.isUTF8BinaryCollation());
  }

  /**
   * The partition columns {@code aggregation} groups by, or null where it groups by anything else:
   * groups are told apart by the values' order, which must be exact ({@link #hasExactValues}).
   *
   * @param schema the table's schema, with column mapping's metadata
   * @param partitionColumns the partition column names, lower case
   */
  static List<TableColumn> partitionGroups(
      Aggregation aggregation, StructType schema, Set<String> partitionColumns) {
    List<TableColumn> groupBy = new ArrayList<>();
    for (Expression e : aggregation.groupByExpressions()) {
      TableColumn column = of(e, schema, partitionColumns);
      if (column == null || !column.partition() || !column.hasExactValues()) {
        return null;
      }
      groupBy.add(column);
    }
    return groupBy;
  }
}
