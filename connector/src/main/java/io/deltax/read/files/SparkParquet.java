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
package io.deltax.read.files;

import io.deltax.columnmapping.ColumnMapping;
import io.deltax.conf.ReadConf;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.execution.datasources.PartitionedFile;
import org.apache.spark.sql.execution.datasources.parquet.ParquetFileFormat;
import org.apache.spark.sql.internal.SQLConf;
import org.apache.spark.sql.sources.Filter;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.util.SerializableConfiguration;
import scala.Function1;
import scala.collection.Iterator;
import scala.jdk.javaapi.CollectionConverters;

/**
 * The one place deltax calls Spark's internal Parquet reader: the one Spark's own file sources use
 * ({@code ParquetFileFormat.buildReaderWithPartitionValues}, stable from Spark 4.0 to 4.2), and the
 * SQL settings that size input partitions. Spark's other internal classes deltax uses are data
 * types it must hand to that reader or get from it ({@code PartitionedFile} in {@code FileSplit}
 * and the reader factory, {@code ParquetFileFormat}'s row index column name in {@code
 * MetadataReadPlan}), {@code DateTimeUtils} for partition values, {@code SQLConf}'s per-thread conf
 * for that reader's row-based path ({@link FieldIdLookup}), and the analyzer's {@code CALL} plan in
 * the extensions' {@code ResolveDeltaXProcedures}.
 *
 * <p>The read function is built on the driver (it broadcasts the Hadoop configuration itself) and
 * is serializable, so the reader factory ships it to the executors. With {@code returning_batch}
 * set it yields {@code ColumnarBatch}es, each holding the requested data columns followed by the
 * partition columns as constant vectors.
 */
public final class SparkParquet {
  /**
   * Spark's option that tells a file format whether to return batches ({@code
   * FileFormat.OPTION_RETURNING_BATCH}).
   */
  static final String RETURNING_BATCH = "returning_batch";

  private SparkParquet() {}

  /** Whether Spark's vectorized Parquet reader can return batches of {@code schema}. */
  public static boolean supportsBatch(SparkSession spark, StructType schema) {
    return new ParquetFileFormat().supportBatch(spark, schema);
  }

  /**
   * The function that reads one split of a file into rows (or batches, when {@code batch}).
   *
   * @param dataSchema the columns of the data files
   * @param partitionSchema the partition columns appended to every row
   * @param requiredSchema the data columns to read, in output order
   * @param filters filters on data columns, used to skip row groups; Spark still evaluates them
   * @param conf the load's read options and Hadoop configuration (copied: the reader adds to it)
   */
  public static Function1<PartitionedFile, Iterator<InternalRow>> readFunction(
      SparkSession spark,
      StructType dataSchema,
      StructType partitionSchema,
      StructType requiredSchema,
      List<Filter> filters,
      ReadConf conf,
      boolean batch) {
    Map<String, String> readOptions = new java.util.HashMap<>(conf.options());
    readOptions.put(RETURNING_BATCH, Boolean.toString(batch));
    scala.collection.immutable.Map<String, String> scalaOptions =
        scala.collection.immutable.Map.from(CollectionConverters.asScala(readOptions));
    Configuration hadoopConf = new Configuration(conf.hadoopConf());
    boolean byFieldId = ColumnMapping.hasFieldIds(dataSchema);
    if (byFieldId) {
      // Column mapping's id mode: Spark's reader finds the fields that carry an ID by it.
      hadoopConf.setBoolean(SQLConf.PARQUET_FIELD_ID_READ_ENABLED().key(), true);
    }
    Function1<PartitionedFile, Iterator<InternalRow>> read =
        new ParquetFileFormat()
            .buildReaderWithPartitionValues(
                spark,
                dataSchema,
                partitionSchema,
                requiredSchema,
                CollectionConverters.asScala(filters).toSeq(),
                scalaOptions,
                hadoopConf);
    boolean sessionLooksUp =
        Boolean.parseBoolean(
            spark.conf().get(SQLConf.PARQUET_FIELD_ID_READ_ENABLED().key(), "false"));
    return byFieldId && !sessionLooksUp ? new FieldIdLookup(read) : read;
  }

  /** The load's Hadoop configuration, shipped once to the executors (deletion vectors). */
  public static Broadcast<SerializableConfiguration> broadcast(
      SparkSession spark, Configuration conf) {
    return JavaSparkContext.fromSparkContext(spark.sparkContext())
        .broadcast(new SerializableConfiguration(conf));
  }

  /** {@code spark.sql.files.maxPartitionBytes}. */
  public static long maxPartitionBytes() {
    return SQLConf.get().filesMaxPartitionBytes();
  }

  /** {@code spark.sql.files.openCostInBytes}. */
  public static long openCostInBytes() {
    return SQLConf.get().filesOpenCostInBytes();
  }

  /**
   * {@code spark.sql.files.minPartitionNum}, else the session's default parallelism for leaf nodes.
   */
  public static int minPartitionNum(SparkSession spark) {
    scala.Option<Object> configured = SQLConf.get().filesMinPartitionNum();
    return configured.isDefined()
        ? (Integer) configured.get()
        : ((org.apache.spark.sql.classic.SparkSession) spark).leafNodeDefaultParallelism();
  }
}
