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
import io.deltax.read.files.Schemas;
import io.deltax.read.metadata.MetadataColumns;
import io.deltax.read.metadata.MetadataReadPlan;
import io.deltax.read.pushdown.AggregatePushdown;
import io.deltax.read.pushdown.FilesForExtremes;
import io.deltax.read.pushdown.FilesForLimit;
import io.deltax.read.pushdown.FilesForTopN;
import io.deltax.read.pushdown.NeededFiles;
import io.deltax.read.skipping.DataSkipping;
import io.deltax.read.skipping.MaterializedRowIdRange;
import io.deltax.read.skipping.SnapshotColumnBounds;
import io.deltax.rowtracking.RowDataVersionFinder;
import io.deltax.rowtracking.RowDataVersions;
import io.deltax.rowtracking.RowTrackingConfig;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.function.Supplier;
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
import org.apache.spark.sql.types.StructField;
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

  private RowDataVersions rowDataVersions;

  /** The files to scan: the snapshot's active files, or a stream's micro-batch. */
  private final List<AddFile> files;

  private final FileStreams streams;

  /**
   * A stream's micro-batch as a batch scan: the given files, read with {@code snapshot}'s schema
   * and row tracking configuration, with the same splits, Parquet reader, deletion vectors and
   * {@code _metadata} assembly as {@code spark.read}.
   *
   * @param requiredSchema the columns the stream's scan was asked for, {@code _metadata} included
   * @return the scan, whose {@code readSchema} has the partition columns after the data columns
   */
  public static Scan streamBatch(
      SparkSession spark,
      TransactionLog log,
      Snapshot snapshot,
      List<AddFile> files,
      StructType requiredSchema,
      ReadConf conf) {
    DeltaXScanBuilder builder =
        new DeltaXScanBuilder(spark, log, snapshot, conf, files, FileStreams.NONE);
    builder.pruneColumns(requiredSchema);
    return builder.build();
  }

  DeltaXScanBuilder(
      SparkSession spark,
      TransactionLog log,
      Snapshot snapshot,
      ReadConf conf,
      FileStreams streams) {
    this(spark, log, snapshot, conf, null, streams);
  }

  /**
   * @param files the files to read instead of the snapshot's active files, or null
   */
  private DeltaXScanBuilder(
      SparkSession spark,
      TransactionLog log,
      Snapshot snapshot,
      ReadConf conf,
      List<AddFile> files,
      FileStreams streams) {
    this.spark = spark;
    this.streams = streams;
    this.log = log;
    this.snapshot = snapshot;
    this.conf = conf;
    this.files = files;
    this.partitionColumns = Schemas.lowerCase(snapshot.metadata().partitionColumns());
    this.requiredSchema = ColumnMapping.logicalSchema(snapshot.schema());
    this.aggregates =
        new AggregatePushdown(
            snapshot.schema(),
            partitionColumns,
            new PartitionValues(conf.sessionZone()),
            SnapshotColumnBounds.of(snapshot));
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
    this.skipping = skipping(this.filters);
    return skipping.postScanFilters().toArray(new Filter[0]);
  }

  /** Every filter deltax uses: to prune partitions, skip files or skip Parquet row groups. */
  @Override
  public Filter[] pushedFilters() {
    return skipping == null ? new Filter[0] : skipping.usableFilters().toArray(new Filter[0]);
  }

  /**
   * Built once per scan: the row data version map and footers are read only for filters naming
   * them; the files' statistics are parsed once per snapshot, for every scan of it.
   */
  private DataSkipping skipping(List<Filter> filters) {
    RowTrackingConfig rowTracking = RowTrackingConfig.of(snapshot);
    MaterializedRowIdRange materializedRowIds = null;
    if (rowTracking.enabled() && rowTracking.materializedRowIdColumn().isPresent()) {
      FilePathResolver paths = snapshot.paths();
      materializedRowIds =
          new MaterializedRowIdRange(
              conf.hadoopConf(),
              rowTracking.materializedRowIdColumn().get(),
              f -> paths.resolve(f.path()));
    }
    return new DataSkipping(
        snapshot.schema(),
        partitionColumns,
        filters,
        new PartitionValues(conf.sessionZone()),
        materializedRowIds,
        () -> rowTracking.enabled() ? rowDataVersions() : null,
        SnapshotColumnBounds.of(snapshot));
  }

  /** The table's row data version map, found (and for a derived one, read) on first need. */
  private RowDataVersions rowDataVersions() {
    if (rowDataVersions == null) {
      rowDataVersions = RowDataVersionFinder.forSnapshot(log, snapshot);
    }
    return rowDataVersions;
  }

  /**
   * Answers {@code COUNT}, {@code MIN} and {@code MAX}, grouped by partition columns or not, from
   * the log where its statistics answer exactly ({@link AggregatePushdown}). Spark offers
   * aggregates once no filter is left for it to evaluate: the files are those the exact partition
   * filters keep. Refused, a {@code MIN} or {@code MAX} still plans only the files that can hold it
   * ({@link FilesForExtremes}).
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
  private NeededFiles neededFiles(Optional<NeededFiles> files) {
    boolean noFilterLeft = skipping == null || skipping.postScanFilters().isEmpty();
    return this.files == null && noFilterLeft ? files.orElse(NeededFiles.ALL) : NeededFiles.ALL;
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
    StructType logicalSchema = ColumnMapping.logicalSchema(snapshot.schema());
    StructType dataSchema = Schemas.select(logicalSchema, partitionColumns, false);
    // The hidden _metadata column, unless the table has a data column of that name.
    StructField metadata =
        hasColumn(snapshot.schema(), MetadataColumns.METADATA)
            ? null
            : fieldNamed(requiredSchema, MetadataColumns.METADATA);
    StructType requiredColumns =
        Schemas.select(
            requiredSchema, metadata == null ? Set.of() : Set.of(MetadataColumns.METADATA), false);
    StructType readDataSchema = Schemas.select(requiredColumns, partitionColumns, false);
    // Partition columns keep the table's order, whatever order Spark asked for them in.
    StructType readPartitionSchema =
        Schemas.select(
            ColumnMapping.logicalSchema(snapshot.partitionSchema()),
            Schemas.lowerCase(Arrays.asList(requiredColumns.fieldNames())),
            true);
    StructType metadataType = metadata == null ? null : (StructType) metadata.dataType();
    // The file list and the plan it calls for, on first use (a stream's scan never asks).
    Supplier<DeltaXScan.Inputs> inputs =
        () -> {
          List<AddFile> candidates = files == null ? snapshot.activeFiles() : files;
          boolean deletionVectors =
              files == null
                  ? snapshot.hasDeletionVectors()
                  : files.stream().anyMatch(f -> f.deletionVector() != null);
          if (metadata == null && !deletionVectors) {
            return new DeltaXScan.Inputs(candidates, files == null, null, null);
          }
          RowTrackingConfig rowTracking = RowTrackingConfig.of(snapshot);
          RowDataVersions versions =
              MetadataReadPlan.requestsRowDataVersion(metadataType) ? rowDataVersions() : null;
          return new DeltaXScan.Inputs(
              candidates,
              files == null,
              new MetadataReadPlan(
                  metadataType,
                  rowTracking,
                  readDataSchema.size(),
                  readPartitionSchema.size(),
                  deletionVectors,
                  versions,
                  false),
              new MetadataReadPlan(
                  metadataType,
                  rowTracking,
                  readDataSchema.size(),
                  readPartitionSchema.size(),
                  deletionVectors,
                  versions,
                  true));
        };
    return new DeltaXScan(
        spark,
        log,
        snapshot,
        inputs,
        metadataType,
        requiredSchema,
        physical(dataSchema),
        readDataSchema,
        physical(readDataSchema),
        readPartitionSchema,
        dataFilters(),
        skipping == null ? skipping(List.of()) : skipping,
        conf,
        streams,
        this::skipping,
        limit,
        files == null,
        needed);
  }

  /** The columns as the data files hold them (column mapping's physical names or field IDs). */
  private StructType physical(StructType logical) {
    return (StructType)
        ColumnMapping.inDataFiles(logical, snapshot.schema(), snapshot.properties());
  }

  private static boolean hasColumn(StructType schema, String name) {
    return fieldNamed(schema, name) != null;
  }

  private static StructField fieldNamed(StructType schema, String name) {
    for (StructField f : schema.fields()) {
      if (f.name().equalsIgnoreCase(name)) {
        return f;
      }
    }
    return null;
  }

  /**
   * Filters that name only data columns: these may also skip Parquet row groups. Filters on
   * partition columns or on {@code _metadata} name nothing in the files.
   */
  private List<Filter> dataFilters() {
    List<Filter> result = new ArrayList<>();
    if (ColumnMapping.isActive(snapshot.properties())) {
      // The filters name logical columns, the files physical ones; Spark's Parquet filters match
      // a file's columns by name, which in id mode may be others (see ColumnMapping).
      return result;
    }
    for (Filter f : filters) {
      if (Arrays.stream(f.references())
          .map(DeltaXScanBuilder::topLevelName)
          .noneMatch(c -> partitionColumns.contains(c) || c.equals(MetadataColumns.METADATA))) {
        result.add(f);
      }
    }
    return result;
  }

  /**
   * The top-level column a pushed filter's attribute names, lower case: Spark writes it as SQL
   * does, {@code `event-date`} quoted, {@code s.x} for a nested field. A partition column's filter
   * must not reach Parquet's row-group filters, which read a column the file lacks as nulls.
   */
  private static String topLevelName(String attribute) {
    return DataSkipping.columnPath(attribute).get(0).toLowerCase(Locale.ROOT);
  }
}
