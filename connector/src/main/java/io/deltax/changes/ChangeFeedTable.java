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
import io.deltax.changes.plan.ChangeBounds;
import io.deltax.changes.plan.ChangeRange;
import io.deltax.columnmapping.ColumnMapping;
import io.deltax.conf.ChangeFeedRequest.ChangeMode;
import io.deltax.conf.ReadConf;
import io.deltax.errors.DeltaXErrorCondition;
import io.deltax.errors.DeltaXThrowable;
import io.deltax.log.TransactionLog;
import io.deltax.read.files.Schemas;
import io.deltax.read.metadata.MetadataColumns;
import io.deltax.rowtracking.RowTrackingConfig;
import io.deltax.snapshots.SnapshotLoad;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.connector.catalog.MetadataColumn;
import org.apache.spark.sql.connector.catalog.SupportsMetadataColumns;
import org.apache.spark.sql.connector.catalog.SupportsRead;
import org.apache.spark.sql.connector.catalog.TableCapability;
import org.apache.spark.sql.connector.expressions.Transform;
import org.apache.spark.sql.connector.read.ScanBuilder;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/**
 * A table's changes over a range of versions ({@code readChangeFeed = true}), as Spark sees them:
 * the columns of the range's schema ({@link ChangeBounds#schemaSnapshot}: the latest, as
 * delta-spark's, for a table without column mapping), then {@code _change_type}, {@code
 * _commit_version} and {@code _commit_timestamp}, as delta-spark's change data feed. Where row
 * tracking is enabled at the end, {@code _metadata.row_id} and {@code _metadata.row_commit_version}
 * are selectable (null for the rows of commits before row tracking).
 */
public final class ChangeFeedTable implements SupportsRead, SupportsMetadataColumns {

  private final TransactionLog log;
  private final ChangeBounds bounds;

  /** Reads the range's commits: the expensive part, which a stream never needs. */
  private final Function<ChangeBounds, ChangeRange> planner;

  private ChangeRange range;
  private final ChangeMode mode;
  private final ReadConf conf;

  /** The streams a {@code readStream} of these changes starts. */
  private final ChangeStreams streams;

  private final StructType schema;

  /** What loading the latest snapshot took: a batch scan reports it. */
  private final SnapshotLoad load;

  /**
   * @param planner reads the commits of the bounds it is given ({@code bounds} on the first call of
   *     {@link #range}, fewer for {@link #availableRange}): the table's name, schema and a stream's
   *     start need none of them
   */
  public ChangeFeedTable(
      TransactionLog log,
      SnapshotLoad load,
      ChangeBounds bounds,
      Function<ChangeBounds, ChangeRange> planner,
      ChangeMode mode,
      ReadConf conf,
      ChangeStreams streams) {
    this.streams = streams;
    this.log = log;
    this.load = load;
    this.bounds = bounds;
    this.planner = planner;
    this.mode = mode;
    this.conf = conf;
    this.schema =
        ChangeFeedColumns.appendTo(
            ColumnMapping.logicalSchema(bounds.schemaSnapshot().schema()),
            bounds.endSnapshot().tableRoot().toString());
  }

  /** The range's versions and end snapshot, checked against the log when the table was loaded. */
  public ChangeBounds bounds() {
    return bounds;
  }

  /**
   * The range as planned: its commits, and whether each is matched by row ID. Read on the first
   * call (by a batch scan's planning), then kept; errors that need the commits' contents are raised
   * here.
   */
  public synchronized ChangeRange range() {
    if (range == null) {
      range = planner.apply(bounds);
    }
    return range;
  }

  /**
   * The range from where the log can still rebuild the table, where log clean-up removed its start
   * (else {@link #range}): the commits a stream restarted from its checkpoint's offset can still
   * read. A batch scan reads {@link #range}, which refuses such a start by name.
   */
  public ChangeRange availableRange() {
    long earliest = log.listing().earliestRecreatableVersion();
    if (bounds.start() > earliest) {
      return range();
    }
    if (bounds.start() == earliest) {
      try {
        return range();
      } catch (Exception e) {
        // Where that commit changed the protocol or metadata, the state before it is gone.
        if (!(e instanceof DeltaXThrowable dx
            && dx.condition() == DeltaXErrorCondition.DELTAX_CHANGE_RANGE_NOT_AVAILABLE)) {
          throw e;
        }
      }
    }
    // From the version after the oldest rebuildable one, whose state before it the log still holds.
    ChangeBounds available =
        new ChangeBounds(
            Math.min(earliest + 1, bounds.end() + 1),
            bounds.end(),
            bounds.endSnapshot(),
            bounds.schemaSnapshot());
    return available.start() > available.end()
        ? new ChangeRange(available.start(), available.end(), bounds.endSnapshot(), List.of())
        : planner.apply(available);
  }

  @Override
  public String name() {
    return "deltax.`"
        + bounds.endSnapshot().tableRoot()
        + "` changes, "
        + bounds.versions()
        + " ("
        + mode.name().toLowerCase(java.util.Locale.ROOT)
        + ")";
  }

  @Override
  public StructType schema() {
    return schema;
  }

  @Override
  public Transform[] partitioning() {
    return new Transform[0];
  }

  @Override
  public Map<String, String> properties() {
    return bounds.endSnapshot().metadata().configuration();
  }

  @Override
  public MetadataColumn[] metadataColumns() {
    return RowTrackingConfig.of(bounds.endSnapshot()).enabled()
        ? new MetadataColumn[] {MetadataColumns.column(ChangeFeedColumns.METADATA_TYPE)}
        : new MetadataColumn[0];
  }

  @Override
  public Set<TableCapability> capabilities() {
    return Set.of(TableCapability.BATCH_READ, TableCapability.MICRO_BATCH_READ);
  }

  @Override
  public ScanBuilder newScanBuilder(CaseInsensitiveStringMap options) {
    Schemas.requireColumns(bounds.schemaSnapshot());
    return new ChangeFeedScanBuilder(
        SparkSession.active(), log, load, bounds, this::range, mode, conf, schema(), streams);
  }
}
