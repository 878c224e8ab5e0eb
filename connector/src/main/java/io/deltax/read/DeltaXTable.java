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

import io.deltax.columnmapping.ColumnMapping;
import io.deltax.conf.ReadConf;
import io.deltax.describe.CatalogProperties;
import io.deltax.errors.DeltaXErrors;
import io.deltax.log.Snapshot;
import io.deltax.log.TransactionLog;
import io.deltax.names.MetastoreTable;
import io.deltax.read.files.Schemas;
import io.deltax.read.metadata.MetadataColumns;
import io.deltax.snapshots.SnapshotLoad;
import java.util.Map;
import java.util.Set;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.connector.catalog.MetadataColumn;
import org.apache.spark.sql.connector.catalog.SupportsMetadataColumns;
import org.apache.spark.sql.connector.catalog.SupportsRead;
import org.apache.spark.sql.connector.catalog.SupportsWrite;
import org.apache.spark.sql.connector.catalog.TableCapability;
import org.apache.spark.sql.connector.expressions.Expressions;
import org.apache.spark.sql.connector.expressions.Transform;
import org.apache.spark.sql.connector.read.ScanBuilder;
import org.apache.spark.sql.connector.write.LogicalWriteInfo;
import org.apache.spark.sql.connector.write.WriteBuilder;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/**
 * A Delta table at one snapshot, as Spark sees it: its logical schema, its partitioning and its
 * properties. deltax writes no data: a write asks for a writer, which is refused.
 */
public final class DeltaXTable implements SupportsRead, SupportsWrite, SupportsMetadataColumns {
  /**
   * The log the snapshot was read from, as listed then: history questions ask it, not a new
   * listing.
   */
  private final TransactionLog log;

  private final Snapshot snapshot;

  /** The load's options and its one Hadoop configuration, which the log was opened with. */
  private final ReadConf conf;

  /** The streams a {@code readStream} of this table starts. */
  private final FileStreams streams;

  /**
   * Whether no catalog manages the table's files: a path, or a metastore entry of type {@code
   * EXTERNAL}. {@code DESCRIBE TABLE EXTENDED} prints {@code Type EXTERNAL} or {@code MANAGED}.
   */
  private final boolean external;

  /** What loading the snapshot took: its scans report it. */
  private final SnapshotLoad load;

  private Map<String, String> properties;

  public DeltaXTable(
      TransactionLog log,
      Snapshot snapshot,
      SnapshotLoad load,
      ReadConf conf,
      FileStreams streams) {
    this(log, snapshot, load, conf, streams, true);
  }

  private DeltaXTable(
      TransactionLog log,
      Snapshot snapshot,
      SnapshotLoad load,
      ReadConf conf,
      FileStreams streams,
      boolean external) {
    this.load = load;
    this.streams = streams;
    this.log = log;
    this.snapshot = snapshot;
    this.conf = conf;
    this.external = external;
  }

  /**
   * This table as the metastore entry {@code entry} names it: {@code DESCRIBE TABLE EXTENDED} tells
   * the entry's type ({@code MANAGED}, {@code EXTERNAL}) rather than a path's {@code EXTERNAL}.
   */
  public DeltaXTable inCatalog(MetastoreTable entry) {
    return new DeltaXTable(log, snapshot, load, conf, streams, !entry.isManaged());
  }

  public Snapshot snapshot() {
    return snapshot;
  }

  /**
   * The table and the version read, in delta-spark's path syntax for a version ({@code @v12}): what
   * {@code DESCRIBE TABLE EXTENDED} prints as its {@code Name}.
   */
  @Override
  public String name() {
    return "deltax.`" + snapshot.tableRoot() + "`@v" + snapshot.version();
  }

  /** The logical schema, without column mapping's field metadata, as delta-spark shows it. */
  @Override
  public StructType schema() {
    return ColumnMapping.logicalSchema(snapshot.schema());
  }

  @Override
  public Transform[] partitioning() {
    return snapshot.metadata().partitionColumns().stream()
        .map(DeltaXTable::quoted)
        .map(Expressions::identity)
        .toArray(Transform[]::new);
  }

  /**
   * A column name as Spark's transforms parse it: quoted, so that a name such as {@code event-date}
   * or {@code a.b} is one column.
   */
  private static String quoted(String column) {
    return "`" + column.replace("`", "``") + "`";
  }

  /**
   * What {@code DESCRIBE TABLE EXTENDED} and {@code SHOW TBLPROPERTIES} print ({@link
   * CatalogProperties}): the table's properties as delta-spark gives them, its provider, location,
   * comment, and {@code external} unless a metastore manages the table. Computed once: a clustered
   * table's columns come from its file list's domains.
   */
  @Override
  public Map<String, String> properties() {
    if (properties == null) {
      properties = CatalogProperties.of(snapshot, external);
    }
    return properties;
  }

  /** The hidden {@code _metadata} column, with the fields delta-spark shows for this table. */
  @Override
  public MetadataColumn[] metadataColumns() {
    return new MetadataColumn[] {MetadataColumns.column(MetadataColumns.structOf(snapshot))};
  }

  /** Refused: deltax writes no data; delta-spark writes Delta tables. */
  @Override
  public WriteBuilder newWriteBuilder(LogicalWriteInfo info) {
    throw DeltaXErrors.deltaTableWriteRefused(name());
  }

  @Override
  public Set<TableCapability> capabilities() {
    // The write capabilities only let Spark ask for a writer, which names delta-spark: deltax
    // writes no data, and Spark's own refusal ("does not support append") would not say so.
    return Set.of(
        TableCapability.BATCH_READ,
        TableCapability.MICRO_BATCH_READ,
        TableCapability.BATCH_WRITE,
        TableCapability.TRUNCATE,
        TableCapability.OVERWRITE_BY_FILTER,
        TableCapability.OVERWRITE_DYNAMIC);
  }

  /**
   * A scan with the load's settings and {@code scanOptions}: where a catalog loaded this table, the
   * options given with {@code .option(...)} arrive only here (stream limits, a stream's start,
   * Hadoop settings for the data files).
   */
  @Override
  public ScanBuilder newScanBuilder(CaseInsensitiveStringMap scanOptions) {
    Schemas.requireColumns(snapshot);
    return new DeltaXScanBuilder(
        SparkSession.active(),
        log,
        snapshot,
        load,
        conf.withScanOptions(scanOptions.asCaseSensitiveMap()),
        streams);
  }
}
