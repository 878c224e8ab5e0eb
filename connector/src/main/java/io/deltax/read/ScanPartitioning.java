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
import io.deltax.conf.ReadConf;
import io.deltax.log.Snapshot;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.connector.expressions.Expression;
import org.apache.spark.sql.connector.expressions.Expressions;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.partitioning.KeyGroupedPartitioning;
import org.apache.spark.sql.connector.read.partitioning.Partitioning;
import org.apache.spark.sql.connector.read.partitioning.UnknownPartitioning;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DoubleType;
import org.apache.spark.sql.types.FloatType;
import org.apache.spark.sql.types.StringType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Whether a batch scan tells Spark that its rows are grouped by partition value ({@code
 * KeyGroupedPartitioning}), which lets Spark join two tables partitioned alike, or aggregate by the
 * partition columns, without a shuffle (a storage-partitioned join); and the layout of such a
 * scan's tasks, which hold the files of one partition each. Tasks cut by partition may be more or
 * fewer, smaller or larger, than a plain scan's: hence opt-in, as Iceberg's {@code
 * preserve-data-grouping}.
 */
final class ScanPartitioning {
  private static final Logger LOG = LoggerFactory.getLogger(ScanPartitioning.class);

  /** Spark's switch for storage-partitioned joins; {@code true} unless a user turned it off. */
  static final String SPARK_BUCKETING_ENABLED = "spark.sql.sources.v2.bucketing.enabled";

  /** The partition columns the scan outputs, logical names; its keys where {@link #keyed}. */
  private final StructType readPartitionSchema;

  private final boolean keyed;

  /** What the scan reads, for the log: the table and version. */
  private final String scanOf;

  /** Where keyed, the tasks planned first: later plans keep their layout. */
  private InputPartition[] firstTasks;

  private ScanPartitioning(StructType readPartitionSchema, boolean keyed, String scanOf) {
    this.readPartitionSchema = readPartitionSchema;
    this.keyed = keyed;
    this.scanOf = scanOf;
  }

  /**
   * Decided once, as the scan is built: its tasks must be cut as the partitioning Spark was told.
   *
   * @param plansEveryFilteredFile whether the scan reads the snapshot's files and plans every file
   *     its filters keep (no limit, no needed files): only then does a runtime filter plan a subset
   *     of the partitions planned before it, as Spark requires
   */
  static ScanPartitioning of(
      SparkSession spark,
      ReadConf conf,
      Snapshot snapshot,
      StructType readPartitionSchema,
      boolean plansEveryFilteredFile) {
    boolean enabled =
        plansEveryFilteredFile
            && conf.storagePartitionedJoins()
            && Boolean.parseBoolean(spark.conf().get(SPARK_BUCKETING_ENABLED, "true"));
    return new ScanPartitioning(
        readPartitionSchema,
        reportsKeys(enabled, snapshot.metadata().partitionColumns().size(), readPartitionSchema),
        snapshot.tableRoot() + " @ " + snapshot.version());
  }

  boolean keyed() {
    return keyed;
  }

  /**
   * The partition columns as keys, with the number of partitions {@code files} hold; or none. Spark
   * counts the partitions again from the tasks' keys.
   */
  Partitioning report(List<AddFile> files) {
    if (!keyed) {
      return new UnknownPartitioning(0);
    }
    Set<Map<String, String>> partitions = new HashSet<>();
    for (AddFile file : files) {
      partitions.add(file.partitionValues());
    }
    LOG.debug(
        "Scan of {}: rows grouped by partition columns {}, {} partitions",
        scanOf,
        String.join(", ", readPartitionSchema.fieldNames()),
        partitions.size());
    return new KeyGroupedPartitioning(keys(readPartitionSchema), partitions.size());
  }

  /**
   * The scan's tasks: {@code plan}'s, except where keyed and planned before. Then the first plan's
   * tasks stay the layout: after a runtime filter each keeps the files still selected, and those
   * left empty go, so that no key gains a task or appears anew (Spark checks both; a split size
   * computed again from fewer files could cut a partition into more tasks).
   *
   * @param files the files the scan plans now, a subset of those of its first plan
   */
  synchronized InputPartition[] tasks(
      Snapshot snapshot, List<AddFile> files, Supplier<InputPartition[]> plan) {
    if (!keyed) {
      return plan.get();
    }
    if (firstTasks == null) {
      firstTasks = plan.get();
      return firstTasks;
    }
    return ScanSplits.keeping(firstTasks, snapshot, files);
  }

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
