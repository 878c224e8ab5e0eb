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
package io.deltax.streaming;

import io.deltax.conf.ReadConf;
import io.deltax.conf.StreamRequest;
import io.deltax.errors.StreamErrors;
import io.deltax.log.Snapshot;
import io.deltax.log.TransactionLog;
import io.deltax.snapshots.LoadedSnapshot;
import io.deltax.snapshots.SnapshotSource;
import io.deltax.streaming.schema.SchemaTracking;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.connector.read.PartitionReaderFactory;
import org.apache.spark.sql.connector.read.streaming.MicroBatchStream;
import org.apache.spark.sql.connector.read.streaming.Offset;
import org.apache.spark.sql.connector.read.streaming.ReadLimit;
import org.apache.spark.sql.connector.read.streaming.ReportsSourceMetrics;
import org.apache.spark.sql.connector.read.streaming.SupportsAdmissionControl;
import org.apache.spark.sql.connector.read.streaming.SupportsTriggerAvailableNow;

/**
 * What both of deltax's streams do alike: load the latest snapshot of the stream's table (and
 * refuse another table at the path), read their own offsets back, cap a {@code
 * Trigger.AvailableNow} run at the version it started with, and read each micro-batch with the
 * batch scan it planned.
 */
abstract class LogMicroBatchStream
    implements MicroBatchStream,
        SupportsAdmissionControl,
        SupportsTriggerAvailableNow,
        ReportsSourceMetrics {
  final ReadConf conf;

  /** Where the stream's table's snapshots come from. */
  private final SnapshotSource source;

  /** The table's root, as errors name it. */
  final String table;

  final String tableId;
  final StreamRequest request;
  final MissingCommits missing;

  /**
   * The most commits {@code metrics} reads to count what is outstanding; read here, so that a bad
   * value fails the query's start, not its metrics (which never fail a query).
   */
  final int metricsMaxCommits;

  /** {@code Trigger.AvailableNow}: the last version this run reads; null otherwise. */
  private Long availableNowLastVersion;

  LogMicroBatchStream(ReadConf conf, String table, String tableId) {
    this.conf = conf;
    this.source = SnapshotSource.of(conf.path(), conf.hadoopConf(), conf.snapshots());
    this.table = table;
    this.tableId = tableId;
    this.request = conf.stream();
    this.missing = new MissingCommits(table, request.failOnDataLoss());
    this.metricsMaxCommits = conf.streamMetricsMaxCommits();
  }

  /**
   * Where a batch must end before a metadata change: none without {@code schemaTrackingLocation};
   * with it, the stream's schema log, read with {@code readSnapshot}'s metadata; {@code tableLog}
   * is the load's, whose listing its merged entry was read from.
   */
  SchemaBarriers schemaBarriers(
      String checkpointLocation, TransactionLog tableLog, Snapshot readSnapshot) {
    if (request.schemaTracking() == null) {
      return SchemaBarriers.NONE;
    }
    return new SchemaBarriers(
        SchemaTracking.open(
            table,
            tableLog,
            tableId,
            request.schemaTracking(),
            checkpointLocation,
            conf.hadoopConf(),
            key -> SparkSession.active().conf().get(key, null),
            readSnapshot.metadata()),
        readSnapshot);
  }

  /** The latest snapshot (the JVM's snapshot cache lists the log once per call), of this table. */
  LoadedSnapshot latest() {
    LoadedSnapshot loaded = source.latest();
    String found = loaded.snapshot().metadata().id();
    if (!tableId.equals(found)) {
      throw StreamErrors.streamTableChanged(table, tableId, found);
    }
    return loaded;
  }

  /** The last version this trigger may read: the latest, or where an AvailableNow run stops. */
  long lastVersion(LoadedSnapshot loaded) {
    long last = loaded.snapshot().version();
    return availableNowLastVersion == null ? last : Math.min(last, availableNowLastVersion);
  }

  /** {@code offset} as this stream's, of this table; {@code null} is the initial offset. */
  DeltaXSourceOffset own(Offset offset) {
    if (offset == null) {
      return (DeltaXSourceOffset) initialOffset();
    }
    DeltaXSourceOffset o =
        offset instanceof DeltaXSourceOffset d
            ? d
            : DeltaXSourceOffset.fromJson(table, offset.json());
    if (!o.tableId().equals(tableId)) {
      throw StreamErrors.streamTableChanged(table, o.tableId(), tableId);
    }
    return o;
  }

  /**
   * Where the micro-batch ending at {@code to} starts. Spark runs again a first batch that an
   * earlier run planned (its end is in the offset log) but did not commit, starting it at {@link
   * #initialOffset} of this run: a snapshot that may be newer than the one that end was planned on.
   * The snapshot is then the end's, as delta-spark takes it ({@code
   * DeltaSource.extractStartingState}): the end's own version where the end lies inside a snapshot,
   * else the version before the end's, so that every file up to the end is read once.
   */
  DeltaXSourceOffset batchStart(DeltaXSourceOffset from, DeltaXSourceOffset to) {
    if (!from.isInitialSnapshot() || from.index() != DeltaXSourceOffset.BASE_INDEX) {
      return from;
    }
    long snapshot = to.isInitialSnapshot() ? to.version() : to.version() - 1;
    return snapshot == from.version()
        ? from
        : new DeltaXSourceOffset(tableId, snapshot, DeltaXSourceOffset.BASE_INDEX, true);
  }

  @Override
  public final Offset deserializeOffset(String json) {
    return DeltaXSourceOffset.fromJson(table, json);
  }

  @Override
  public final Offset latestOffset() {
    throw new UnsupportedOperationException("latestOffset(Offset, ReadLimit) is the one to call");
  }

  @Override
  public ReadLimit getDefaultReadLimit() {
    return ReadLimits.defaultLimit(request);
  }

  @Override
  public final void prepareForTriggerAvailableNow() {
    availableNowLastVersion = latest().snapshot().version();
  }

  @Override
  public final PartitionReaderFactory createReaderFactory() {
    return StreamReaderFactory.INSTANCE;
  }

  /** Nothing to release: the log is read, never held; a stream with a schema log overrides. */
  @Override
  public void commit(Offset end) {}

  @Override
  public final void stop() {}
}
