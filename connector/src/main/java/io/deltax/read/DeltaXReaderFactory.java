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

import io.deltax.conf.ReadConf;
import io.deltax.deletionvectors.DeletedRows;
import io.deltax.deletionvectors.DeletionVectorStore;
import io.deltax.errors.DeltaXErrors;
import io.deltax.log.Snapshot;
import io.deltax.read.files.DeltaXInputPartition;
import io.deltax.read.files.FileSplit;
import io.deltax.read.files.KeyedInputPartition;
import io.deltax.read.files.SparkParquet;
import io.deltax.read.files.SplitFirstRow;
import io.deltax.read.metadata.MetadataBatchAssembler;
import io.deltax.read.metadata.MetadataParquetRead;
import io.deltax.read.metadata.MetadataReadPlan;
import io.deltax.read.metadata.MetadataRowAssembler;
import io.deltax.read.metrics.TaskCounts;
import java.io.Closeable;
import java.io.IOException;
import org.apache.hadoop.fs.Path;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.metric.CustomTaskMetric;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.PartitionReader;
import org.apache.spark.sql.connector.read.PartitionReaderFactory;
import org.apache.spark.sql.execution.datasources.PartitionedFile;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.vectorized.ColumnarBatch;
import org.apache.spark.util.SerializableConfiguration;
import scala.Function1;
import scala.collection.Iterator;

/**
 * Ships the Parquet read function (built on the driver, see {@link SparkParquet}) to the executors
 * and reads each partition's splits one after another, as batches when the schema allows. Where the
 * scan selects {@code _metadata}, each batch (or row) of the Parquet reader goes through the
 * metadata assembler of the {@link MetadataReadPlan}.
 */
final class DeltaXReaderFactory implements PartitionReaderFactory {
  private final Function1<PartitionedFile, Iterator<InternalRow>> readFunction;
  private final boolean columnar;

  /** Null when the scan neither selects {@code _metadata} nor meets a deletion vector. */
  private final MetadataReadPlan metadataPlan;

  /** The Parquet reader's row schema, for the row assembler. */
  private final StructType parquetOutputSchema;

  /** Where deletion vectors are read from: the table root and the Hadoop configuration. */
  private final String tableRoot;

  private final Broadcast<SerializableConfiguration> hadoopConf;

  DeltaXReaderFactory(
      Function1<PartitionedFile, Iterator<InternalRow>> readFunction,
      boolean columnar,
      MetadataReadPlan metadataPlan,
      StructType parquetOutputSchema,
      String tableRoot,
      Broadcast<SerializableConfiguration> hadoopConf) {
    this.readFunction = readFunction;
    this.columnar = columnar;
    this.metadataPlan = metadataPlan;
    this.parquetOutputSchema = parquetOutputSchema;
    this.tableRoot = tableRoot;
    this.hadoopConf = hadoopConf;
  }

  /**
   * The factory of a batch scan's tasks: Spark's Parquet read function for its columns and filters
   * and, where the scan selects {@code _metadata} or meets a deletion vector, the assembly the read
   * plan calls for.
   *
   * @param planned whether the scan planned any file
   */
  static DeltaXReaderFactory forScan(
      SparkSession spark,
      Snapshot snapshot,
      ScanColumns columns,
      ScanInputs inputs,
      ReadConf conf,
      boolean planned) {
    if (!planned) {
      // Every file skipped: Spark still asks for a factory, which no task will use. Spark's Parquet
      // reader would broadcast the Hadoop configuration for nothing (most of a warm query's time).
      return new DeltaXReaderFactory(null, false, null, null, null, null);
    }
    MetadataReadPlan metadataPlan = inputs.metadataPlan();
    if (metadataPlan == null) {
      boolean columnar = SparkParquet.supportsBatch(spark, columns.readSchema());
      return new DeltaXReaderFactory(
          SparkParquet.readFunction(
              spark,
              columns.dataSchema(),
              columns.readPartitionSchema(),
              columns.physicalReadDataSchema(),
              columns.dataFilters(),
              conf,
              columnar),
          columnar,
          null,
          null,
          null,
          null);
    }
    MetadataParquetRead read =
        MetadataParquetRead.choose(
            metadataPlan,
            inputs.countingPlan(),
            mayCountRowIndexes(columns),
            columns.physicalReadDataSchema(),
            columns.readPartitionSchema(),
            schema -> SparkParquet.supportsBatch(spark, schema));
    MetadataReadPlan plan = read.plan();
    StructType required = plan.parquetRequiredSchema(columns.physicalReadDataSchema());
    StructType partition = plan.parquetPartitionSchema(columns.readPartitionSchema());
    return new DeltaXReaderFactory(
        SparkParquet.readFunction(
            spark,
            plan.parquetDataSchema(columns.dataSchema()),
            partition,
            required,
            columns.dataFilters(),
            conf,
            read.byBatches()),
        read.byBatches(),
        plan,
        read.output(),
        snapshot.tableRoot().toString(),
        SparkParquet.broadcast(spark, conf.hadoopConf()));
  }

  /**
   * Whether a batch read may count each row's index in its file instead of asking Spark's reader
   * for its row index column (see {@link MetadataParquetRead}): only where no filter reaches the
   * reader, as it skips row groups and pages by their statistics, dictionaries, bloom filters and
   * column indexes. Where a split starts past byte 0, its first row's index is read from the file's
   * footer ({@link SplitFirstRow}).
   */
  private static boolean mayCountRowIndexes(ScanColumns columns) {
    return columns.dataFilters().isEmpty();
  }

  @Override
  public boolean supportColumnarReads(InputPartition partition) {
    return columnar;
  }

  /** Whether every split is read as columnar batches: one answer for all of a scan's splits. */
  boolean columnar() {
    return columnar;
  }

  @Override
  public PartitionReader<InternalRow> createReader(InputPartition partition) {
    return new SplitsReader<>(partition);
  }

  @Override
  public PartitionReader<ColumnarBatch> createColumnarReader(InputPartition partition) {
    return new SplitsReader<>(partition);
  }

  /**
   * Reads the splits in turn. With {@code returning_batch} the Parquet reader's iterator yields
   * {@code ColumnarBatch}es typed as rows, hence the unchecked cast.
   */
  private final class SplitsReader<T> implements PartitionReader<T> {
    private final FileSplit[] splits;
    private final MetadataBatchAssembler batchAssembler;
    private final MetadataRowAssembler rowAssembler;
    private int nextSplit;
    private PartitionedFile currentFile;
    private DeletedRows currentDeleted;
    private Iterator<InternalRow> current;
    private T value;
    private final TaskCounts counts = new TaskCounts();

    SplitsReader(InputPartition partition) {
      this.splits =
          partition instanceof KeyedInputPartition keyed
              ? keyed.partition().splits()
              : ((DeltaXInputPartition) partition).splits();
      this.batchAssembler =
          metadataPlan == null || !columnar ? null : new MetadataBatchAssembler(metadataPlan);
      this.rowAssembler =
          metadataPlan == null || columnar
              ? null
              : new MetadataRowAssembler(metadataPlan, parquetOutputSchema);
    }

    @Override
    @SuppressWarnings("unchecked")
    public boolean next() throws IOException {
      Object next = null;
      while (next == null) {
        while (current == null || !current.hasNext()) {
          closeCurrent();
          if (nextSplit >= splits.length) {
            return false;
          }
          open(splits[nextSplit++]);
        }
        next = current.next();
        if (batchAssembler != null) {
          ColumnarBatch in = (ColumnarBatch) next;
          int rows = in.numRows();
          ColumnarBatch out =
              batchAssembler.assemble(in, currentFile.partitionValues(), currentDeleted);
          counts.droppedByDeletionVector(rows - out.numRows());
          next = out;
        } else if (rowAssembler != null) {
          // Null for a row the deletion vector removes.
          next =
              rowAssembler.assemble(
                  (InternalRow) next, currentFile.partitionValues(), currentDeleted);
          if (next == null) {
            counts.droppedByDeletionVector(1);
          }
        }
      }
      value = (T) next;
      return true;
    }

    private void open(FileSplit split) throws IOException {
      currentFile = split.file();
      if (batchAssembler != null && batchAssembler.countsRowIndexes()) {
        batchAssembler.startSplit(
            SplitFirstRow.firstRowIndex(currentFile, hadoopConf.value().value()));
      }
      currentDeleted = split.deletionVector() == null ? null : deletedRows(split);
      current = readFunction.apply(currentFile);
    }

    private DeletedRows deletedRows(FileSplit split) {
      try {
        return DeletionVectorStore.load(
            split.deletionVector(), new Path(tableRoot), hadoopConf.value().value());
      } catch (IOException | RuntimeException e) {
        throw DeltaXErrors.unreadableDeletionVector(
            tableRoot, split.file().filePath().toString(), e);
      }
    }

    @Override
    public T get() {
      return value;
    }

    @Override
    public CustomTaskMetric[] currentMetricsValues() {
      return counts.taskMetrics();
    }

    @Override
    public void close() throws IOException {
      closeCurrent();
    }

    /** Spark's Parquet iterator is closeable; it also closes itself at the end of the task. */
    private void closeCurrent() throws IOException {
      if (current instanceof Closeable closeable) {
        closeable.close();
      }
      current = null;
    }
  }
}
