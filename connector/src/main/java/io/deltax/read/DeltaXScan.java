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
import io.deltax.log.TransactionLog;
import io.deltax.read.files.Schemas;
import io.deltax.read.metadata.MetadataColumns;
import io.deltax.read.metrics.ScanMetrics;
import io.deltax.read.metrics.SnapshotLoadMetrics;
import io.deltax.read.metrics.StreamBatchMetrics;
import io.deltax.read.pushdown.ScanStatistics;
import io.deltax.read.runtime.PlannedFiles;
import io.deltax.read.runtime.RuntimeFilterColumns;
import io.deltax.snapshots.SnapshotLoad;
import java.util.List;
import java.util.Objects;
import java.util.function.Supplier;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.connector.expressions.NamedReference;
import org.apache.spark.sql.connector.metric.CustomMetric;
import org.apache.spark.sql.connector.metric.CustomTaskMetric;
import org.apache.spark.sql.connector.read.Batch;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.PartitionReaderFactory;
import org.apache.spark.sql.connector.read.Scan;
import org.apache.spark.sql.connector.read.Statistics;
import org.apache.spark.sql.connector.read.SupportsReportPartitioning;
import org.apache.spark.sql.connector.read.SupportsReportStatistics;
import org.apache.spark.sql.connector.read.SupportsRuntimeFiltering;
import org.apache.spark.sql.connector.read.partitioning.Partitioning;
import org.apache.spark.sql.connector.read.streaming.MicroBatchStream;
import org.apache.spark.sql.sources.Filter;
import org.apache.spark.sql.types.StructType;

/**
 * A scan of one snapshot: the files that survive partition pruning and data skipping ({@link
 * PlannedFiles}), cut into splits ({@link ScanSplits}), read by Spark's Parquet reader ({@link
 * DeltaXReaderFactory}). The output is the requested data columns, then the requested partition
 * columns, then {@code _metadata} where selected ({@link ScanColumns}). Where turned on, it reports
 * its rows grouped by partition value ({@link ScanPartitioning}).
 */
final class DeltaXScan
    implements Scan,
        Batch,
        SupportsReportStatistics,
        SupportsRuntimeFiltering,
        SupportsReportPartitioning {
  private final SparkSession spark;
  private final TransactionLog log;
  private final Snapshot snapshot;

  /** What loading the snapshot took, reported with the planning counts. */
  private final SnapshotLoad load;

  /**
   * The files to choose from (the snapshot's active files, or a stream's micro-batch) and the read
   * plan they call for, made on first use: a {@code readStream} scan never lists the snapshot's
   * files, so a stream's start does not replay a large table's file list.
   */
  private final Supplier<ScanInputs> inputsSource;

  private ScanInputs inputs;

  /**
   * The reader factory built for no planned file, and for some: Spark asks for one for each copy of
   * the scan's plan node, several per query, and each build of a factory that reads files
   * broadcasts the Hadoop configuration.
   */
  private final DeltaXReaderFactory[] readerFactories = new DeltaXReaderFactory[2];

  private final ScanColumns columns;

  /** The load's options and its one Hadoop configuration. */
  private final ReadConf conf;

  private final FileStreams streams;

  /**
   * Which of the candidates the scan plans: pushed filters, runtime filters, the files an operator
   * Spark computes needs, a pushed limit.
   */
  private final PlannedFiles files;

  /** Whether the scan reads the snapshot's files, not a stream's micro-batch: known unread. */
  private final boolean readsSnapshotFiles;

  /** Whether the scan reports its rows grouped by partition, and its tasks' layout if so. */
  private final ScanPartitioning partitioning;

  /** Whether Spark planned this scan's tasks: only then has it driver metrics to report. */
  private boolean plannedAsBatch;

  /** A stream's last micro-batch's driver metrics, once Spark made this scan a stream. */
  private StreamBatchMetrics streamMetrics;

  DeltaXScan(
      SparkSession spark,
      TransactionLog log,
      Snapshot snapshot,
      SnapshotLoad load,
      Supplier<ScanInputs> inputs,
      ScanColumns columns,
      ReadConf conf,
      FileStreams streams,
      PlannedFiles files,
      boolean readsSnapshotFiles) {
    this.spark = spark;
    this.log = log;
    this.snapshot = snapshot;
    this.load = load;
    this.inputsSource = inputs;
    this.columns = columns;
    this.conf = conf;
    this.streams = streams;
    this.files = files;
    this.readsSnapshotFiles = readsSnapshotFiles;
    this.partitioning =
        ScanPartitioning.of(
            spark,
            conf,
            snapshot,
            columns.readPartitionSchema(),
            readsSnapshotFiles && files.plansEveryFilteredFile());
  }

  @Override
  public StructType readSchema() {
    return columns.readSchema();
  }

  @Override
  public String description() {
    return String.format(
        "deltax %s @ version %d, %d of %d files, %s",
        snapshot.tableRoot(),
        snapshot.version(),
        selectedFiles().size(),
        inputs().candidates().size(),
        files);
  }

  /** The columns Spark may filter at run time: see {@link RuntimeFilterColumns}. */
  @Override
  public NamedReference[] filterAttributes() {
    return RuntimeFilterColumns.of(
        readSchema(), columns.metadataType() == null ? null : MetadataColumns.METADATA);
  }

  /**
   * Takes the filters Spark derives from the other side of a join before it plans the tasks again:
   * the files they rule out are dropped from {@link #planInputPartitions}.
   */
  @Override
  public void filter(Filter[] filters) {
    files.addRuntimeFilters(filters);
  }

  @Override
  public CustomMetric[] supportedCustomMetrics() {
    return ScanMetrics.batchScan();
  }

  /**
   * The planning counts of a batch, and what loading its snapshot took. Spark asks a stream's scan
   * too, once per micro-batch: that scan plans nothing itself and must not list the snapshot's
   * files to answer; it reports the micro-batch its stream planned last.
   */
  @Override
  public synchronized CustomTaskMetric[] reportDriverMetrics() {
    if (plannedAsBatch) {
      return SnapshotLoadMetrics.with(files.counts().driverMetrics(), load);
    }
    return streamMetrics == null ? new CustomTaskMetric[0] : streamMetrics.last();
  }

  /**
   * Two scans are equal where they read the same files the same way: the same snapshot, columns,
   * pushed and runtime filters, partitioning (as Iceberg's {@code SparkBatchQueryScan}), so that
   * Spark reuses one exchange or subquery for both. A stream's micro-batch scan is equal only to
   * itself.
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
        && partitioning.keyed() == o.partitioning.keyed()
        && snapshot.tableRoot().equals(o.snapshot.tableRoot())
        && snapshot.version() == o.snapshot.version()
        && columns.requiredSchema().equals(o.columns.requiredSchema())
        && files.selectsAs(o.files);
  }

  @Override
  public int hashCode() {
    return Objects.hash(snapshot.tableRoot(), snapshot.version(), columns.requiredSchema());
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
    StructType requiredSchema = columns.requiredSchema();
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
    StreamBatchMetrics batchMetrics = new StreamBatchMetrics();
    synchronized (this) {
      streamMetrics = batchMetrics;
    }
    return streams.files(
        new FileStreams.FileStreamScan(
            log, snapshot, streamed, conf, checkpointLocation, batchMetrics));
  }

  private synchronized ScanInputs inputs() {
    if (inputs == null) {
      inputs = inputsSource.get();
    }
    return inputs;
  }

  /**
   * The files the scan plans: those the pushed, then the runtime, filters keep, then those an
   * operator Spark computes needs and a pushed limit needs ({@link PlannedFiles}).
   */
  List<AddFile> selectedFiles() {
    return files.select(inputs().candidates());
  }

  /** The partition columns as keys where {@link ScanPartitioning} allows, else none. */
  @Override
  public Partitioning outputPartitioning() {
    return partitioning.report(selectedFiles());
  }

  /** The tasks: see {@link ScanPartitioning#tasks} for a scan that reports keys. */
  @Override
  public InputPartition[] planInputPartitions() {
    List<AddFile> selected;
    synchronized (this) {
      selected = selectedFiles();
      plannedAsBatch = true;
    }
    return partitioning.tasks(
        snapshot,
        selected,
        () ->
            ScanSplits.of(
                spark,
                snapshot,
                selected,
                inputs().metadataPlan(),
                columns.readPartitionSchema(),
                conf.sessionZone(),
                partitioning.keyed()));
  }

  /**
   * Whether the scan reads columnar batches, told from its reader factory, which answers alike for
   * every split: Spark would otherwise plan the splits of every file to ask each one, before a
   * runtime filter has pruned them.
   */
  @Override
  public ColumnarSupportMode columnarSupportMode() {
    return readerFactory().columnar()
        ? ColumnarSupportMode.SUPPORTED
        : ColumnarSupportMode.UNSUPPORTED;
  }

  @Override
  public PartitionReaderFactory createReaderFactory() {
    return readerFactory();
  }

  private synchronized DeltaXReaderFactory readerFactory() {
    int planned = selectedFiles().isEmpty() ? 0 : 1;
    if (readerFactories[planned] == null) {
      readerFactories[planned] =
          DeltaXReaderFactory.forScan(spark, snapshot, columns, inputs(), conf, planned == 1);
    }
    return readerFactories[planned];
  }

  /** What the optimizer plans joins with: see {@link ScanStatistics}. */
  @Override
  public Statistics estimateStatistics() {
    return ScanStatistics.of(
        selectedFiles(),
        Schemas.concat(columns.readDataSchema(), columns.readPartitionSchema()),
        snapshot,
        conf.sessionZone(),
        Boolean.parseBoolean(spark.conf().get("spark.sql.cbo.enabled", "false")));
  }
}
