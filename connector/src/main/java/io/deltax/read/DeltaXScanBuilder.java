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
import io.deltax.read.files.DataFileFooter;
import io.deltax.read.files.Schemas;
import io.deltax.read.pushdown.AggregateFromFooters;
import io.deltax.read.pushdown.AggregatePushdown;
import io.deltax.read.pushdown.FilesForExtremes;
import io.deltax.read.pushdown.FilesForLimit;
import io.deltax.read.pushdown.FilesForTopN;
import io.deltax.read.pushdown.NeededFiles;
import io.deltax.read.runtime.PlannedFiles;
import io.deltax.read.skipping.DataSkipping;
import io.deltax.read.skipping.SnapshotColumnBounds;
import io.deltax.read.skipping.TableSkipping;
import io.deltax.snapshots.SnapshotLoad;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.connector.expressions.SortOrder;
import org.apache.spark.sql.connector.expressions.aggregate.Aggregation;
import org.apache.spark.sql.connector.read.Scan;
import org.apache.spark.sql.connector.read.ScanBuilder;
import org.apache.spark.sql.connector.read.SupportsPushDownAggregates;
import org.apache.spark.sql.connector.read.SupportsPushDownFilters;
import org.apache.spark.sql.connector.read.SupportsPushDownLimit;
import org.apache.spark.sql.connector.read.SupportsPushDownRequiredColumns;
import org.apache.spark.sql.connector.read.SupportsPushDownTopN;
import org.apache.spark.sql.sources.Filter;
import org.apache.spark.sql.types.StructType;

/**
 * Takes the columns and filters Spark pushes down. Filters are used to prune partitions, skip files
 * by their statistics and skip Parquet row groups. Those on partition columns alone that deltax
 * evaluates exactly are complete (as in Iceberg's {@code SparkScanBuilder} and Delta's {@code
 * DeltaV2ScanBuilder}); every other one is handed back for Spark to evaluate after the scan.
 */
public final class DeltaXScanBuilder
    implements ScanBuilder,
        SupportsPushDownRequiredColumns,
        SupportsPushDownFilters,
        SupportsPushDownAggregates,
        SupportsPushDownLimit,
        SupportsPushDownTopN {
  private final SparkSession spark;
  private final TransactionLog log;
  private final Snapshot snapshot;

  /** What loading the snapshot took: the scan reports it. */
  private final SnapshotLoad load;

  /** The load's options and its one Hadoop configuration. */
  private final ReadConf conf;

  private final Set<String> partitionColumns;
  private StructType requiredSchema;
  private List<Filter> filters = List.of();

  /** Null until Spark pushes filters; then built once for the scan. */
  private DataSkipping skipping;

  /** Aggregates answered from the log. */
  private final AggregatePushdown aggregates;

  /** A pushed {@code LIMIT}: the scan plans only the files it needs ({@link FilesForLimit}). */
  private OptionalInt limit = OptionalInt.empty();

  /** The files an aggregate or a sort with a limit that Spark still computes needs. */
  private NeededFiles needed = NeededFiles.ALL;

  /** What the skipping of pushed and runtime filters needs of the table; kept by the scan. */
  private final TableSkipping table;

  /** The files to scan: the snapshot's active files, or a stream's micro-batch. */
  private final List<AddFile> files;

  private final FileStreams streams;

  /**
   * A stream's micro-batch as a batch scan: the given files, read with {@code snapshot}'s schema
   * and row tracking configuration, with the same splits, Parquet reader, deletion vectors and
   * {@code _metadata} assembly as {@code spark.read}.
   *
   * @param load the stream's load of the latest snapshot for this micro-batch, which its driver
   *     metrics report
   * @param requiredSchema the columns the stream's scan was asked for, {@code _metadata} included
   * @return the scan, whose {@code readSchema} has the partition columns after the data columns
   */
  public static Scan streamBatch(
      SparkSession spark,
      TransactionLog log,
      Snapshot snapshot,
      SnapshotLoad load,
      List<AddFile> files,
      StructType requiredSchema,
      ReadConf conf) {
    DeltaXScanBuilder builder =
        new DeltaXScanBuilder(spark, log, snapshot, load, conf, files, FileStreams.NONE);
    builder.pruneColumns(requiredSchema);
    return builder.build();
  }

  DeltaXScanBuilder(
      SparkSession spark,
      TransactionLog log,
      Snapshot snapshot,
      SnapshotLoad load,
      ReadConf conf,
      FileStreams streams) {
    this(spark, log, snapshot, load, conf, null, streams);
  }

  /**
   * @param files the files to read instead of the snapshot's active files, or null
   */
  private DeltaXScanBuilder(
      SparkSession spark,
      TransactionLog log,
      Snapshot snapshot,
      SnapshotLoad load,
      ReadConf conf,
      List<AddFile> files,
      FileStreams streams) {
    this.spark = spark;
    this.load = load;
    this.streams = streams;
    this.log = log;
    this.snapshot = snapshot;
    this.conf = conf;
    this.files = files;
    this.partitionColumns = Schemas.lowerCase(snapshot.metadata().partitionColumns());
    this.requiredSchema = ColumnMapping.logicalSchema(snapshot.schema());
    this.table = new TableSkipping(log, snapshot, conf, partitionColumns);
    this.aggregates =
        new AggregatePushdown(
            snapshot.schema(),
            partitionColumns,
            new PartitionValues(conf.sessionZone()),
            SnapshotColumnBounds.of(snapshot),
            footers(snapshot, conf));
  }

  /** Answers from the data files' Parquet footers, read with the load's Hadoop configuration. */
  private static AggregateFromFooters footers(Snapshot snapshot, ReadConf conf) {
    FilePathResolver paths = snapshot.paths();
    StructType dataFileSchema =
        (StructType)
            ColumnMapping.inDataFiles(
                ColumnMapping.logicalSchema(snapshot.schema()),
                snapshot.schema(),
                snapshot.properties());
    return new AggregateFromFooters(
        snapshot.schema(),
        dataFileSchema,
        f ->
            DataFileFooter.read(
                paths.resolve(f.path()), f.size(), f.modificationTime(), conf.hadoopConf()));
  }

  @Override
  public void pruneColumns(StructType requiredSchema) {
    this.requiredSchema = requiredSchema;
  }

  /**
   * Keeps the filters for skipping and hands back those Spark must evaluate again: all but the
   * partition filters deltax evaluates exactly.
   */
  @Override
  public Filter[] pushFilters(Filter[] filters) {
    this.filters = List.of(filters);
    this.skipping = table.of(this.filters);
    return skipping.postScanFilters().toArray(new Filter[0]);
  }

  /** Every filter deltax uses: to prune partitions, skip files or skip Parquet row groups. */
  @Override
  public Filter[] pushedFilters() {
    return skipping == null ? new Filter[0] : skipping.usableFilters().toArray(new Filter[0]);
  }

  /**
   * Answers {@code COUNT}, {@code MIN} and {@code MAX}, grouped by partition columns or not, from
   * the log where its statistics answer exactly, or from a few files' Parquet footers ({@link
   * AggregatePushdown}). Spark offers aggregates once no filter is left for it to evaluate: the
   * files are those the exact partition filters keep. Refused, a {@code MIN} or {@code MAX} still
   * plans only the files that can hold it ({@link FilesForExtremes}).
   */
  @Override
  public boolean pushAggregation(Aggregation aggregation) {
    if (aggregates.answers(aggregation, this::filesForAggregates)) {
      return true;
    }
    needed =
        neededFiles(
            FilesForExtremes.of(
                aggregation,
                snapshot.schema(),
                partitionColumns,
                new PartitionValues(conf.sessionZone()),
                SnapshotColumnBounds.of(snapshot)));
    return false;
  }

  /**
   * Plans only the files that can hold the first rows of an order on one column ({@link
   * FilesForTopN}); Spark still sorts and limits the rows read.
   */
  @Override
  public boolean pushTopN(SortOrder[] orders, int limit) {
    if (aggregates.scan() != null) {
      return false;
    }
    needed =
        neededFiles(
            FilesForTopN.of(
                orders,
                limit,
                snapshot.schema(),
                partitionColumns,
                SnapshotColumnBounds.of(snapshot)));
    return needed != NeededFiles.ALL;
  }

  @Override
  public boolean isPartiallyPushed() {
    return true;
  }

  /** {@code files} where Spark offered an operator with no filter left for it, else every file. */
  private NeededFiles neededFiles(Optional<? extends NeededFiles> files) {
    boolean noFilterLeft = skipping == null || skipping.postScanFilters().isEmpty();
    return this.files == null && noFilterLeft
        ? files.map(NeededFiles.class::cast).orElse(NeededFiles.ALL)
        : NeededFiles.ALL;
  }

  @Override
  public boolean supportCompletePushDown(Aggregation aggregation) {
    return aggregates.answers(aggregation, this::filesForAggregates);
  }

  /** The snapshot's files the filters keep, or null where a filter is left for Spark. */
  private List<AddFile> filesForAggregates() {
    if (files != null) {
      return null;
    }
    if (skipping == null) {
      return snapshot.activeFiles();
    }
    return skipping.postScanFilters().isEmpty()
        ? skipping.select(snapshot.activeFiles(), true)
        : null;
  }

  /**
   * Takes a {@code LIMIT} Spark offers once no filter is left for it to evaluate; Spark still
   * applies it to the rows. A stream's batch and an answered aggregate take none.
   */
  @Override
  public boolean pushLimit(int limit) {
    if (files != null || aggregates.scan() != null) {
      return false;
    }
    if (skipping != null && !skipping.postScanFilters().isEmpty()) {
      return false;
    }
    this.limit = OptionalInt.of(limit);
    return true;
  }

  @Override
  public Scan build() {
    if (aggregates.scan() != null) {
      return aggregates.scan();
    }
    ScanColumns columns = ScanColumns.of(snapshot, requiredSchema, partitionColumns, filters);
    String scanOf = snapshot.tableRoot() + " @ " + snapshot.version();
    return new DeltaXScan(
        spark,
        log,
        snapshot,
        load,
        ScanInputs.onFirstUse(snapshot, files, columns, table),
        columns,
        conf,
        streams,
        new PlannedFiles(
            scanOf,
            skipping == null ? table.of(List.of()) : skipping,
            table,
            limit,
            needed,
            files == null),
        files == null);
  }
}
