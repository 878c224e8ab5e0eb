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
package io.deltax.changes;

import io.deltax.changes.derive.ChangeFeedColumns;
import io.deltax.changes.derive.CommitSlice;
import io.deltax.changes.files.ReadFunction;
import io.deltax.changes.files.TaskReadFunctions;
import io.deltax.changes.plan.ChangeBounds;
import io.deltax.changes.plan.ChangeFile;
import io.deltax.changes.plan.ChangeRange;
import io.deltax.changes.plan.CommitChanges;
import io.deltax.columnmapping.ColumnMapping;
import io.deltax.conf.ChangeFeedRequest.ChangeMode;
import io.deltax.conf.ReadConf;
import io.deltax.errors.ChangeFeedErrors;
import io.deltax.log.Snapshot;
import io.deltax.log.TransactionLog;
import io.deltax.read.files.Schemas;
import io.deltax.read.files.SparkParquet;
import io.deltax.read.metadata.MetadataColumns;
import io.deltax.read.metadata.MetadataParquetRead;
import io.deltax.read.metadata.MetadataReadPlan;
import io.deltax.read.metrics.PlanningCounts;
import io.deltax.read.metrics.ScanMetrics;
import io.deltax.read.metrics.SnapshotLoadMetrics;
import io.deltax.read.metrics.StreamBatchMetrics;
import io.deltax.rowtracking.RowDataVersionFinder;
import io.deltax.rowtracking.RowDataVersions;
import io.deltax.rowtracking.RowTrackingConfig;
import io.deltax.snapshots.SnapshotLoad;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.connector.metric.CustomMetric;
import org.apache.spark.sql.connector.metric.CustomTaskMetric;
import org.apache.spark.sql.connector.read.Batch;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.PartitionReaderFactory;
import org.apache.spark.sql.connector.read.Scan;
import org.apache.spark.sql.connector.read.streaming.MicroBatchStream;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * A change feed scan: with {@code changeMode = all}, one task per commit that changed data (its
 * removed and added rows are matched there, see {@code
 * io.deltax.changes.derive.CommitChangeDeriver}), or, for a commit with more bytes of files than
 * {@code spark.deltax.changeFeed.sliceBytes} says, up to one per core, each reading a slice of its
 * files ({@code io.deltax.changes.derive.CommitSlice}); with {@code net}, one task for the range,
 * which collapses the changes per row ID (a range of one row-tracked commit is read as {@code
 * all}). A range without data change plans no task and reads no data file. A read that needs no row
 * ID reads a row-tracked commit from the change data files it wrote, where it wrote some ({@link
 * #toRead}).
 */
public final class ChangeFeedScan implements Scan, Batch {
  private final SparkSession spark;
  private final TransactionLog log;

  /** What loading the table's latest snapshot took, reported with the files planned. */
  private final SnapshotLoad load;

  private final ChangeBounds bounds;

  /**
   * The range's commits, read (once, by the table) when the batch plans its tasks. A stream never
   * asks: errors that need the commits' contents (a schema change, row tracking disabled in the
   * range) come from here, before any data file is read.
   */
  private final Supplier<ChangeRange> range;

  /** Set once Spark made this scan a stream, whose description must not read the commits. */
  private volatile boolean isStream;

  /** What the stream recorded of its last micro-batch; null unless this scan is a stream's. */
  private volatile StreamBatchMetrics streamMetrics;

  private final ChangeMode mode;
  private final ReadConf conf;
  private final StructType output;
  private final Snapshot end;

  /** The snapshot whose schema the rows are read with: the end's, or the latest (ChangeBounds). */
  private final Snapshot rowSchema;

  /** The data and partition columns read, logical names, in the table's order. */
  private final StructType readDataSchema;

  private final StructType readPartitionSchema;

  /** The streams a {@code readStream} starts; null for a stream's own micro-batch. */
  private final ChangeStreams streams;

  /**
   * A stream's micro-batch: the changes of {@code range} as the change feed reads them, every
   * change of every commit ({@code ALL}) or one entry per row for the range ({@code NET}).
   */
  public static ChangeFeedScan streamBatch(
      SparkSession spark,
      TransactionLog log,
      SnapshotLoad load,
      ChangeRange range,
      ChangeMode mode,
      StructType requiredSchema,
      ReadConf conf) {
    // The scan itself, not toBatch(): that is a batch query's, which needs a start.
    return new ChangeFeedScan(
        spark, log, load, range.bounds(), () -> range, mode, conf, requiredSchema, null);
  }

  ChangeFeedScan(
      SparkSession spark,
      TransactionLog log,
      SnapshotLoad load,
      ChangeBounds bounds,
      Supplier<ChangeRange> range,
      ChangeMode mode,
      ReadConf conf,
      StructType output,
      ChangeStreams streams) {
    this.spark = spark;
    this.streams = streams;
    this.log = log;
    this.load = load;
    this.bounds = bounds;
    this.range = range;
    this.mode = mode;
    this.conf = conf;
    this.output = output;
    this.end = bounds.endSnapshot();
    this.rowSchema = bounds.schemaSnapshot();
    Set<String> partitionColumns = Schemas.lowerCase(rowSchema.metadata().partitionColumns());
    StructType requestedColumns =
        requestedColumns(ColumnMapping.logicalSchema(rowSchema.schema()), output);
    this.readDataSchema = Schemas.select(requestedColumns, partitionColumns, false);
    this.readPartitionSchema = Schemas.select(requestedColumns, partitionColumns, true);
  }

  /**
   * The table's columns {@code output} asks for, in the table's order, each with the type Spark
   * asked for: a struct may come pruned to the fields the query reads (Spark prunes nested fields
   * and then reads them by their position in {@link #readSchema}), so the files are read with those
   * fields alone. Each keeps the table field's metadata, which maps it to its physical name.
   */
  private static StructType requestedColumns(StructType logical, StructType output) {
    Map<String, StructField> asked = new HashMap<>();
    for (StructField f : output.fields()) {
      asked.put(f.name().toLowerCase(Locale.ROOT), f);
    }
    List<StructField> columns = new ArrayList<>();
    for (StructField f : logical.fields()) {
      StructField a = asked.get(f.name().toLowerCase(Locale.ROOT));
      if (a != null) {
        columns.add(new StructField(f.name(), a.dataType(), f.nullable(), f.metadata()));
      }
    }
    return new StructType(columns.toArray(new StructField[0]));
  }

  @Override
  public StructType readSchema() {
    return output;
  }

  @Override
  public String description() {
    String modeName = mode.name().toLowerCase(Locale.ROOT);
    if (isStream) {
      // Its bounds are where it starts (or the snapshot it starts with); each micro-batch plans its
      // own.
      return String.format(
          "deltax change stream of %s (%s): planned per micro-batch", end.tableRoot(), modeName);
    }
    return String.format(
        "deltax changes of %s, %s (%s): %d commits with data changes",
        end.tableRoot(), bounds.versions(), modeName, range.get().commits().size());
  }

  @Override
  public Batch toBatch() {
    if (!conf.changeFeed().hasStart()) {
      throw ChangeFeedErrors.missingChangeFeedStart();
    }
    return this;
  }

  /**
   * {@code readStream} with {@code readChangeFeed}: the changes commit by commit, see {@link
   * ChangeStreams}.
   */
  @Override
  public MicroBatchStream toMicroBatchStream(String checkpointLocation) {
    // As DeltaXScan's stream: Spark 4.1 does not prune a stream's columns but may add _metadata.
    StructType streamed = output;
    if (RowTrackingConfig.of(end).enabled()
        && output.getFieldIndex(MetadataColumns.METADATA).isEmpty()) {
      streamed = output.add(MetadataColumns.METADATA, ChangeFeedColumns.METADATA_TYPE, false);
    }
    isStream = true;
    StreamBatchMetrics batchMetrics = new StreamBatchMetrics();
    streamMetrics = batchMetrics;
    return streams.changes(
        new ChangeStreams.ChangeStreamScan(
            log, bounds, conf.changeFeed(), streamed, conf, checkpointLocation, batchMetrics));
  }

  @Override
  public CustomMetric[] supportedCustomMetrics() {
    return ScanMetrics.changeFeedScan();
  }

  /** Whether Spark planned this scan's tasks as a batch: a stream's scan plans nothing itself. */
  private volatile boolean plannedAsBatch;

  /**
   * The files the range's commits name (added, removed, change data, recorded), and their bytes,
   * for a batch. Spark asks a stream's scan too, once per micro-batch: its range is the stream's
   * whole range, which the stream never plans at once, so it reports the micro-batch its stream
   * planned last.
   */
  @Override
  public CustomTaskMetric[] reportDriverMetrics() {
    if (!plannedAsBatch) {
      StreamBatchMetrics stream = streamMetrics;
      return stream == null ? new CustomTaskMetric[0] : stream.last();
    }
    long files = 0;
    long bytes = 0;
    for (CommitChanges commit : toRead().commits()) {
      for (List<ChangeFile> kind :
          List.of(commit.removed(), commit.added(), commit.changeData(), commit.recorded())) {
        files += kind.size();
        for (ChangeFile file : kind) {
          bytes += file.size();
        }
      }
    }
    return SnapshotLoadMetrics.with(PlanningCounts.ofFiles(files, bytes), load);
  }

  @Override
  public InputPartition[] planInputPartitions() {
    plannedAsBatch = true;
    List<CommitChanges> commits = toRead().commits();
    if (commits.isEmpty()) {
      return new InputPartition[0];
    }
    if (readMode() == ChangeMode.NET) {
      return new InputPartition[] {
        new ChangeFeedInputPartition(commits.stream().map(CommitSlice::whole).toList())
      };
    }
    long sliceBytes = conf.changeFeedSliceBytes();
    int parallelism = spark.sparkContext().defaultParallelism();
    List<InputPartition> partitions = new ArrayList<>();
    for (CommitChanges commit : commits) {
      for (CommitSlice slice : CommitSlice.of(commit, sliceBytes, parallelism)) {
        partitions.add(new ChangeFeedInputPartition(List.of(slice)));
      }
    }
    return partitions.toArray(new InputPartition[0]);
  }

  @Override
  public PartitionReaderFactory createReaderFactory() {
    RowTrackingConfig rowTracking = RowTrackingConfig.of(end);
    StructType dataSchema =
        physical(
            Schemas.select(
                ColumnMapping.logicalSchema(rowSchema.schema()),
                Schemas.lowerCase(rowSchema.metadata().partitionColumns()),
                false));
    StructType physicalReadData = physical(readDataSchema);
    ReadFunction withRowIds = null;
    ReadFunction rowIdsOnly = null;
    ReadFunction withoutRowIds = null;
    ChangeRange range = toRead();
    if (range.anyFileWithRowIds() || range.anyFileReAddedAtFileLevel()) {
      withRowIds =
          read(
              ChangeFeedColumns.READ_TYPE,
              rowTracking,
              dataSchema,
              physicalReadData,
              readPartitionSchema);
    }
    if (range.anyRowTracked()) {
      rowIdsOnly =
          read(
              ChangeFeedColumns.READ_TYPE,
              rowTracking,
              dataSchema,
              new StructType(),
              new StructType());
    }
    if (range.anyFileWithoutRowIds()) {
      withoutRowIds = read(null, rowTracking, dataSchema, physicalReadData, readPartitionSchema);
    }
    ReadFunction changeData = null;
    if (range.anyChangeData()) {
      // PROTOCOL.md, "Change Data Files": the data columns, then _change_type; no partition
      // columns.
      changeData =
          read(
              null,
              rowTracking,
              withChangeType(dataSchema),
              withChangeType(physicalReadData),
              readPartitionSchema);
    }
    List<String> readColumns = new ArrayList<>();
    for (String name : Schemas.concat(readDataSchema, readPartitionSchema).fieldNames()) {
      readColumns.add(name.toLowerCase(Locale.ROOT));
    }
    return new ChangeFeedReaderFactory(
        new TaskReadFunctions(withRowIds, withoutRowIds, rowIdsOnly, changeData),
        (StructType) ColumnMapping.physical(readPartitionSchema, rowSchema.schema()),
        conf.sessionZone(),
        end.tableRoot().toString(),
        SparkParquet.broadcast(spark, conf.hadoopConf()),
        new ChangeFeedOutput(output, readColumns, rowDataVersions()),
        readMode());
  }

  /**
   * How the tasks read: as asked, except that the net changes of a range with one row-tracked
   * commit are that commit's changes (each row ID is one insert, one delete or one pre- and
   * post-image pair), so they are read as {@code all}, in slices, with nothing held in memory.
   */
  private ChangeMode readMode() {
    List<CommitChanges> commits = range.get().commits();
    return mode == ChangeMode.NET && commits.size() == 1 && commits.get(0).rowTracked()
        ? ChangeMode.ALL
        : mode;
  }

  /**
   * The commits as the tasks read them: where the query asks for no row ID (no {@code _metadata}
   * column, and no net changes over several commits), a row-tracked commit that wrote change data
   * files is read from them ({@link ChangeRange#recordedWhereWritten}), as delta-spark's change
   * data feed reads it: only the rows that changed, not every row of the files it rewrote.
   */
  private ChangeRange toRead() {
    ChangeRange planned = range.get();
    boolean needsRowIds =
        readMode() == ChangeMode.NET || output.getFieldIndex(MetadataColumns.METADATA).isDefined();
    return needsRowIds || !conf.changeFeedReadsChangeData()
        ? planned
        : planned.recordedWhereWritten();
  }

  /**
   * The table's row data version map, looked up only when {@code row_data_version} is asked for.
   */
  private RowDataVersions rowDataVersions() {
    for (StructField f : output.fields()) {
      if (f.name().equalsIgnoreCase(MetadataColumns.METADATA)
          && f.dataType() instanceof StructType t
          && Arrays.asList(t.fieldNames()).contains("row_data_version")) {
        return RowDataVersionFinder.forSnapshot(log, end);
      }
    }
    return RowDataVersions.NONE;
  }

  /**
   * Spark's Parquet reader for one way of reading the files: by batches where it can return the
   * schema so, else by rows. Files are read whole and without filters, so by batches their row
   * indexes are counted rather than read (see {@link MetadataParquetRead}).
   *
   * @param requested the {@code (row_id, row_commit_version, row_index)} struct, or null
   */
  private ReadFunction read(
      StructType requested,
      RowTrackingConfig rowTracking,
      StructType dataSchema,
      StructType readData,
      StructType readPartition) {
    MetadataParquetRead read =
        MetadataParquetRead.choose(
            new MetadataReadPlan(
                requested, rowTracking, readData.size(), readPartition.size(), true, null, false),
            new MetadataReadPlan(
                requested, rowTracking, readData.size(), readPartition.size(), true, null, true),
            true,
            readData,
            readPartition,
            schema -> SparkParquet.supportsBatch(spark, schema));
    MetadataReadPlan plan = read.plan();
    StructType required = plan.parquetRequiredSchema(readData);
    StructType partition = plan.parquetPartitionSchema(readPartition);
    return new ReadFunction(
        SparkParquet.readFunction(
            spark,
            plan.parquetDataSchema(dataSchema),
            partition,
            required,
            List.of(),
            conf,
            read.byBatches()),
        plan,
        read.output(),
        read.byBatches());
  }

  private static StructType withChangeType(StructType physicalData) {
    return physicalData.add(ChangeFeedColumns.CHANGE_TYPE, DataTypes.StringType, true);
  }

  /** The columns as the data files hold them (column mapping's physical names or field IDs). */
  private StructType physical(StructType logical) {
    return (StructType)
        ColumnMapping.inDataFiles(logical, rowSchema.schema(), rowSchema.properties());
  }
}
