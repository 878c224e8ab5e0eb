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
import io.deltax.columnmapping.ColumnMapping;
import io.deltax.conf.ReadConf;
import io.deltax.log.FilePathResolver;
import io.deltax.log.Snapshot;
import io.deltax.log.TransactionLog;
import io.deltax.partitions.PartitionValues;
import io.deltax.read.files.FileSplit;
import io.deltax.read.files.FileSplitter;
import io.deltax.read.files.Schemas;
import io.deltax.read.files.SparkParquet;
import io.deltax.read.metadata.MetadataColumns;
import io.deltax.read.metadata.MetadataParquetRead;
import io.deltax.read.metadata.MetadataReadPlan;
import io.deltax.read.metadata.SplitConstants;
import io.deltax.read.metrics.PlanningCounts;
import io.deltax.read.metrics.ScanMetrics;
import io.deltax.read.pushdown.ColumnStatisticsFromLog;
import io.deltax.read.pushdown.FilesForLimit;
import io.deltax.read.pushdown.LiveRowCount;
import io.deltax.read.pushdown.NeededFiles;
import io.deltax.read.runtime.RuntimeFilterColumns;
import io.deltax.read.runtime.RuntimeFilters;
import io.deltax.read.skipping.DataSkipping;
import io.deltax.read.skipping.SnapshotColumnBounds;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.function.Function;
import java.util.function.Supplier;
import org.apache.hadoop.fs.Path;
import org.apache.spark.paths.SparkPath;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.sql.connector.expressions.NamedReference;
import org.apache.spark.sql.connector.metric.CustomMetric;
import org.apache.spark.sql.connector.metric.CustomTaskMetric;
import org.apache.spark.sql.connector.read.Batch;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.PartitionReaderFactory;
import org.apache.spark.sql.connector.read.Scan;
import org.apache.spark.sql.connector.read.Statistics;
import org.apache.spark.sql.connector.read.SupportsReportStatistics;
import org.apache.spark.sql.connector.read.SupportsRuntimeFiltering;
import org.apache.spark.sql.connector.read.colstats.ColumnStatistics;
import org.apache.spark.sql.connector.read.streaming.MicroBatchStream;
import org.apache.spark.sql.execution.datasources.PartitionedFile;
import org.apache.spark.sql.sources.Filter;
import org.apache.spark.sql.types.StructType;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A scan of one snapshot: the files that survive partition pruning and data skipping, cut into
 * splits, read by Spark's Parquet reader. The output is the requested data columns, then the
 * requested partition columns, then {@code _metadata} where selected.
 */
final class DeltaXScan implements Scan, Batch, SupportsReportStatistics, SupportsRuntimeFiltering {
  private static final Logger LOG = LoggerFactory.getLogger(DeltaXScan.class);
  private final SparkSession spark;
  private final TransactionLog log;
  private final Snapshot snapshot;

  /**
   * The files to choose from (the snapshot's active files, or a stream's micro-batch) and the read
   * plan they call for, made on first use: a {@code readStream} scan never lists the snapshot's
   * files, so a stream's start does not replay a large table's file list.
   */
  private final Supplier<Inputs> inputsSource;

  private Inputs inputs;

  /** The {@code _metadata} type the scan outputs; null when it does not select the column. */
  private final StructType metadataType;

  /** The columns Spark asked for, {@code _metadata} included: what a stream's batches read too. */
  private final StructType requiredSchema;

  /** The files' columns and the ones read from them, under their physical names. */
  private final StructType dataSchema;

  private final StructType physicalReadDataSchema;

  /** The data columns read, under their logical names: the scan's output. */
  private final StructType readDataSchema;

  private final StructType readPartitionSchema;
  private final List<Filter> dataFilters;
  private final DataSkipping skipping;

  /** The load's options and its one Hadoop configuration. */
  private final ReadConf conf;

  private final FileStreams streams;

  /** Builds the skipping of a list of filters, as for the pushed ones: for runtime filters. */
  private final Function<List<Filter>, DataSkipping> skippingOf;

  /** A pushed {@code LIMIT}: only the files it needs are planned ({@link FilesForLimit}). */
  private final OptionalInt limit;

  /** Whether the scan reads the snapshot's files, not a stream's micro-batch: known unread. */
  private final boolean readsSnapshotFiles;

  private final RuntimeFilters runtimeFilters = new RuntimeFilters();

  /** The files an operator Spark computes on the rows needs ({@link NeededFiles}). */
  private final NeededFiles needed;

  /** Whether Spark planned this scan's tasks: only then has it driver metrics to report. */
  private boolean plannedAsBatch;

  private PlanningCounts counts;

  /** The files the pushed filters keep; computed once. */
  private List<AddFile> skippedFiles;

  /** Of those, the files the runtime filters keep; computed again after a new runtime filter. */
  private List<AddFile> selectedFiles;

  /**
   * What a scan reads from: its candidate files, whether they are the snapshot's own file list (in
   * its order, which the snapshot's kept statistics follow), and the {@code _metadata} read plan
   * (null when the scan neither selects {@code _metadata} nor meets a deletion vector), also in the
   * form that counts row indexes (see {@link MetadataParquetRead}); both give splits the same
   * constant fields.
   */
  record Inputs(
      List<AddFile> candidates,
      boolean snapshotFiles,
      MetadataReadPlan metadataPlan,
      MetadataReadPlan countingPlan) {}

  DeltaXScan(
      SparkSession spark,
      TransactionLog log,
      Snapshot snapshot,
      Supplier<Inputs> inputs,
      StructType metadataType,
      StructType requiredSchema,
      StructType dataSchema,
      StructType readDataSchema,
      StructType physicalReadDataSchema,
      StructType readPartitionSchema,
      List<Filter> dataFilters,
      DataSkipping skipping,
      ReadConf conf,
      FileStreams streams,
      Function<List<Filter>, DataSkipping> skippingOf,
      OptionalInt limit,
      boolean readsSnapshotFiles,
      NeededFiles needed) {
    this.needed = needed;
    this.spark = spark;
    this.skippingOf = skippingOf;
    this.limit = limit;
    this.readsSnapshotFiles = readsSnapshotFiles;

    this.log = log;
    this.snapshot = snapshot;
    this.inputsSource = inputs;
    this.metadataType = metadataType;
    this.requiredSchema = requiredSchema;
    this.dataSchema = dataSchema;
    this.readDataSchema = readDataSchema;
    this.physicalReadDataSchema = physicalReadDataSchema;
    this.readPartitionSchema = readPartitionSchema;
    this.dataFilters = dataFilters;
    this.skipping = skipping;
    this.conf = conf;
    this.streams = streams;
  }

  @Override
  public StructType readSchema() {
    StructType columns = Schemas.concat(readDataSchema, readPartitionSchema);
    return metadataType == null
        ? columns
        : columns.add(MetadataColumns.METADATA, metadataType, false);
  }

  @Override
  public String description() {
    return String.format(
        "deltax %s @ version %d, %d of %d files, skipping filters %s%s%s%s",
        snapshot.tableRoot(),
        snapshot.version(),
        selectedFiles().size(),
        inputs().candidates().size(),
        skipping.usableFilters(),
        runtimeFilters.isEmpty() ? "" : ", runtime filters " + runtimeFilters,
        limit.isPresent() ? ", limit " + limit.getAsInt() : "",
        needed);
  }

  /** The columns Spark may filter at run time: see {@link RuntimeFilterColumns}. */
  @Override
  public NamedReference[] filterAttributes() {
    return RuntimeFilterColumns.of(
        readSchema(), metadataType == null ? null : MetadataColumns.METADATA);
  }

  /**
   * Takes the filters Spark derives from the other side of a join before it plans the tasks again:
   * the files they rule out are dropped from {@link #planInputPartitions}.
   */
  @Override
  public synchronized void filter(Filter[] filters) {
    if (runtimeFilters.add(filters)) {
      selectedFiles = null;
    }
  }

  @Override
  public CustomMetric[] supportedCustomMetrics() {
    return ScanMetrics.batchScan();
  }

  /**
   * The planning counts of a batch. Spark asks a stream's scan too, once per micro-batch: that scan
   * plans nothing itself (its stream does), and must not list the snapshot's files to answer.
   */
  @Override
  public synchronized CustomTaskMetric[] reportDriverMetrics() {
    return plannedAsBatch ? counts.driverMetrics() : new CustomTaskMetric[0];
  }

  /**
   * Two scans are equal where they read the same files the same way: the same snapshot, columns,
   * pushed and runtime filters (as Iceberg's {@code SparkBatchQueryScan}), so that Spark reuses one
   * exchange or subquery for both. A stream's micro-batch scan is equal only to itself.
   */
  @Override
  public boolean equals(Object other) {
    if (this == other) {
      return true;
    }
    return other instanceof DeltaXScan o
        && streams == FileStreams.NONE
        && o.streams == FileStreams.NONE
        && readsSnapshotFiles
        && o.readsSnapshotFiles
        && conf.sessionZone().equals(o.conf.sessionZone())
        && snapshot.tableRoot().equals(o.snapshot.tableRoot())
        && snapshot.version() == o.snapshot.version()
        && requiredSchema.equals(o.requiredSchema)
        && skipping.usableFilters().equals(o.skipping.usableFilters())
        && runtimeFilters.equals(o.runtimeFilters)
        && limit.equals(o.limit)
        && needed.equals(o.needed);
  }

  @Override
  public int hashCode() {
    return Objects.hash(snapshot.tableRoot(), snapshot.version(), requiredSchema);
  }

  @Override
  public Batch toBatch() {
    return this;
  }

  /**
   * {@code readStream}: the stream of {@code io.deltax.streaming}, passed in by the load ({@link
   * FileStreams}). Spark 4.1's micro-batch engine builds the scan without pruning columns, yet adds
   * {@code _metadata} (whole) to the relation's output when a query selects it: so the stream's
   * batches always end with the whole {@code _metadata} struct (where the table has no column of
   * that name); Spark reads its columns by position and ignores a trailing one it did not ask for.
   */
  @Override
  public MicroBatchStream toMicroBatchStream(String checkpointLocation) {
    StructType streamed = requiredSchema;
    boolean hasMetadata = false;
    for (String name : requiredSchema.fieldNames()) {
      hasMetadata |= name.equalsIgnoreCase(MetadataColumns.METADATA);
    }
    for (String name : snapshot.schema().fieldNames()) {
      hasMetadata |= name.equalsIgnoreCase(MetadataColumns.METADATA);
    }
    if (!hasMetadata) {
      streamed =
          requiredSchema.add(MetadataColumns.METADATA, MetadataColumns.structOf(snapshot), false);
    }
    return streams.files(
        new FileStreams.FileStreamScan(log, snapshot, streamed, conf, checkpointLocation));
  }

  private synchronized Inputs inputs() {
    if (inputs == null) {
      inputs = inputsSource.get();
    }
    return inputs;
  }

  /** The files that may hold matching rows: those the pushed, then the runtime, filters keep. */
  synchronized List<AddFile> selectedFiles() {
    if (skippedFiles == null) {
      counts = new PlanningCounts();
      List<AddFile> candidates = inputs().candidates();
      skippedFiles = skipping.select(candidates, inputs().snapshotFiles(), counts::skipped);
      LOG.debug(
          "Scan of {} @ {}: filters {} kept {} of {} files",
          snapshot.tableRoot(),
          snapshot.version(),
          skipping.usableFilters(),
          skippedFiles.size(),
          candidates.size());
    }
    if (selectedFiles == null) {
      List<AddFile> filtered = runtimeFilters.select(skippedFiles, skippingOf);
      List<AddFile> neededFiles = needed.of(filtered);
      selectedFiles =
          limit.isPresent() ? FilesForLimit.take(neededFiles, limit.getAsInt()) : neededFiles;
      counts.planned(selectedFiles, skippedFiles.size() - filtered.size());
    }
    return selectedFiles;
  }

  @Override
  public InputPartition[] planInputPartitions() {
    synchronized (this) {
      selectedFiles();
      plannedAsBatch = true;
    }
    FilePathResolver paths = snapshot.paths();
    PartitionValues partitionValues = new PartitionValues(conf.sessionZone());
    // The log keys partition values by physical name.
    StructType physicalPartitionSchema =
        (StructType) ColumnMapping.physical(readPartitionSchema, snapshot.schema());
    List<FileSplitter.SplitSource> sources = new ArrayList<>();
    MetadataReadPlan metadataPlan = inputs().metadataPlan();
    for (AddFile file : selectedFiles()) {
      if (metadataPlan != null) {
        RowTrackingFiles.check(snapshot, file, metadataPlan);
      }
      Path path = paths.resolve(file.path());
      Object[] values = partitionValues.toValues(physicalPartitionSchema, file.partitionValues());
      InternalRow partitionRow = new GenericInternalRow(values);
      SparkPath sparkPath = SparkPath.fromPath(path);
      sources.add(
          new FileSplitter.SplitSource() {
            @Override
            public long size() {
              return file.size();
            }

            @Override
            public FileSplit split(long start, long length) {
              InternalRow row =
                  metadataPlan == null
                      ? partitionRow
                      : metadataPlan.partitionRow(
                          values,
                          new SplitConstants(
                              sparkPath.toString(),
                              path.getName(),
                              file.size(),
                              start,
                              length,
                              file.modificationTime(),
                              file.baseRowId(),
                              file.defaultRowCommitVersion()));
              return new FileSplit(
                  new PartitionedFile(
                      row,
                      sparkPath,
                      start,
                      length,
                      new String[0],
                      file.modificationTime(),
                      file.size(),
                      scala.collection.immutable.Map$.MODULE$.empty()),
                  file.deletionVector());
            }
          });
    }
    FileSplitter splitter =
        new FileSplitter(
            SparkParquet.maxPartitionBytes(),
            SparkParquet.openCostInBytes(),
            SparkParquet.minPartitionNum(spark));
    return splitter.partitions(sources).toArray(new InputPartition[0]);
  }

  @Override
  public PartitionReaderFactory createReaderFactory() {
    if (selectedFiles().isEmpty()) {
      // Every file skipped: Spark still asks for a factory, which no task will use. Spark's Parquet
      // reader would broadcast the Hadoop configuration for nothing (most of a warm query's time).
      return new DeltaXReaderFactory(null, false, null, null, null, null);
    }
    MetadataReadPlan metadataPlan = inputs().metadataPlan();
    if (metadataPlan == null) {
      boolean columnar = SparkParquet.supportsBatch(spark, readSchema());
      return new DeltaXReaderFactory(
          SparkParquet.readFunction(
              spark,
              dataSchema,
              readPartitionSchema,
              physicalReadDataSchema,
              dataFilters,
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
            inputs().countingPlan(),
            mayCountRowIndexes(),
            physicalReadDataSchema,
            readPartitionSchema,
            schema -> SparkParquet.supportsBatch(spark, schema));
    MetadataReadPlan plan = read.plan();
    StructType required = plan.parquetRequiredSchema(physicalReadDataSchema);
    StructType partition = plan.parquetPartitionSchema(readPartitionSchema);
    return new DeltaXReaderFactory(
        SparkParquet.readFunction(
            spark,
            plan.parquetDataSchema(dataSchema),
            partition,
            required,
            dataFilters,
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
  private boolean mayCountRowIndexes() {
    return dataFilters.isEmpty();
  }

  /**
   * What the optimizer plans joins with: the selected files' bytes and, where every selected file
   * has {@code numRecords}, their live row count (less the rows their deletion vectors remove).
   * Partition pruning and data skipping come first; a data filter Spark still evaluates makes the
   * count an upper bound, as for Spark's own file sources. With the cost-based optimizer on, also
   * the columns' statistics where the log answers them exactly ({@link ColumnStatisticsFromLog}).
   */
  @Override
  public Statistics estimateStatistics() {
    long bytes = 0;
    for (AddFile file : selectedFiles()) {
      bytes += file.size();
    }
    long sizeInBytes = bytes;
    OptionalLong rows = LiveRowCount.of(selectedFiles());
    Map<NamedReference, ColumnStatistics> columns =
        rows.isPresent() && Boolean.parseBoolean(spark.conf().get("spark.sql.cbo.enabled", "false"))
            ? ColumnStatisticsFromLog.of(
                Schemas.concat(readDataSchema, readPartitionSchema),
                snapshot.schema(),
                Schemas.lowerCase(snapshot.metadata().partitionColumns()),
                selectedFiles(),
                new PartitionValues(conf.sessionZone()),
                SnapshotColumnBounds.of(snapshot))
            : Map.of();
    return new Statistics() {
      @Override
      public OptionalLong sizeInBytes() {
        return OptionalLong.of(sizeInBytes);
      }

      @Override
      public OptionalLong numRows() {
        return rows;
      }

      @Override
      public Map<NamedReference, ColumnStatistics> columnStats() {
        return columns;
      }
    };
  }
}
