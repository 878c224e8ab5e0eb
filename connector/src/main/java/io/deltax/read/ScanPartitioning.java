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

import org.apache.spark.sql.connector.expressions.Expression;
import org.apache.spark.sql.connector.expressions.Expressions;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DoubleType;
import org.apache.spark.sql.types.FloatType;
import org.apache.spark.sql.types.StringType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * Whether a batch scan tells Spark that its rows are grouped by partition value ({@code
 * KeyGroupedPartitioning}), which lets Spark join two tables partitioned alike, or aggregate by the
 * partition columns, without a shuffle (a storage-partitioned join). Each task then reads the files
 * of one partition only, fewer and smaller tasks than a plain scan's: hence opt-in, as Iceberg's
 * {@code preserve-data-grouping}.
 */
final class ScanPartitioning {
  /** Spark's switch for storage-partitioned joins; {@code true} unless a user turned it off. */
  static final String SPARK_BUCKETING_ENABLED = "spark.sql.sources.v2.bucketing.enabled";

  private ScanPartitioning() {}

  /**
   * Whether the scan reports its partition columns as keys: where turned on, the table is
   * partitioned, the scan outputs every partition column (Spark drops a partitioning whose keys are
   * not all in the output) and each key compares in Spark's partition grouping as the join compares
   * it.
   *
   * @param enabled {@code spark.deltax.read.storagePartitionedJoins} and Spark's switch
   * @param tablePartitionColumns how many partition columns the table has
   * @param readPartitionSchema the partition columns the scan outputs, logical names
   */
  static boolean reportsKeys(
      boolean enabled, int tablePartitionColumns, StructType readPartitionSchema) {
    if (!enabled
        || tablePartitionColumns == 0
        || readPartitionSchema.length() != tablePartitionColumns) {
      return false;
    }
    for (StructField field : readPartitionSchema.fields()) {
      if (!groupsAsJoined(field.dataType())) {
        return false;
      }
    }
    return true;
  }

  /**
   * The keys: one identity transform per partition column, by its logical name, quoted as {@code
   * Expressions.column} parses names.
   */
  static Expression[] keys(StructType readPartitionSchema) {
    Expression[] keys = new Expression[readPartitionSchema.length()];
    for (int i = 0; i < keys.length; i++) {
      String name = readPartitionSchema.fields()[i].name();
      keys[i] = Expressions.identity("`" + name.replace("`", "``") + "`");
    }
    return keys;
  }

  /**
   * Not floating point values (a join takes {@code -0.0} for {@code 0.0} and NaNs as equal, two
   * partitions keep them apart) nor strings under a collation (a join compares them under it, the
   * grouping by their bytes).
   */
  private static boolean groupsAsJoined(DataType type) {
    return !(type instanceof FloatType)
        && !(type instanceof DoubleType)
        && !(type instanceof StringType s && !s.isUTF8BinaryCollation());
  }
}
