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
package io.deltax.catalog;

import io.deltax.changes.ChangeFeedTable;
import io.deltax.changes.plan.ChangeBounds;
import io.deltax.changes.plan.ChangeRange;
import io.deltax.changes.plan.ChangeRangePlanner;
import io.deltax.conf.ChangeFeedRequest;
import io.deltax.conf.ReadConf;
import io.deltax.conf.ReadOptions;
import io.deltax.conf.SchemaTrackingRequest;
import io.deltax.conf.SessionSettings;
import io.deltax.log.Snapshot;
import io.deltax.log.TransactionLog;
import io.deltax.names.MetastoreTable;
import io.deltax.read.DeltaXTable;
import io.deltax.snapshots.LoadedSnapshot;
import io.deltax.snapshots.SnapshotSource;
import io.deltax.streaming.DeltaXStreams;
import io.deltax.streaming.schema.SchemaTracking;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.connector.catalog.Table;
import org.apache.spark.sql.connector.catalog.TableProvider;
import org.apache.spark.sql.connector.expressions.Transform;
import org.apache.spark.sql.sources.DataSourceRegister;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/**
 * {@code spark.read.format("deltax")}: where a load starts. Parses the options once into a {@link
 * ReadConf}, gets the requested snapshot (latest, {@code versionAsOf} or {@code timestampAsOf})
 * from the table's {@link SnapshotSource} and exposes it as a Spark table; with {@code
 * readChangeFeed = true}, the changes of a range of versions ({@link ChangeFeedTable}).
 */
public final class DeltaXDataSource implements TableProvider, DataSourceRegister {
  /** Spark asks for the schema, then the table: the snapshot is loaded once for both. */
  private Table loaded;

  private Map<String, String> loadedFor;

  @Override
  public String shortName() {
    return "deltax";
  }

  @Override
  public StructType inferSchema(CaseInsensitiveStringMap options) {
    return table(options.asCaseSensitiveMap()).schema();
  }

  @Override
  public Transform[] inferPartitioning(CaseInsensitiveStringMap options) {
    return table(options.asCaseSensitiveMap()).partitioning();
  }

  @Override
  public Table getTable(
      StructType schema, Transform[] partitioning, Map<String, String> properties) {
    return table(properties);
  }

  private synchronized Table table(Map<String, String> properties) {
    if (loaded == null || !properties.equals(loadedFor)) {
      ReadConf conf = ReadConf.of(SessionSettings.of(SparkSession.active()), properties);
      loaded = load(conf);
      loadedFor = new HashMap<>(properties);
    }
    return loaded;
  }

  /** The table {@code conf} asks for: a snapshot, or a change feed. */
  public static Table load(ReadConf conf) {
    return conf.readChangeFeed() ? loadChanges(conf) : loadSnapshot(conf);
  }

  /**
   * The table the metastore entry {@code entry} names, loaded as {@code conf} asks: a snapshot
   * tells the entry's type to {@code DESCRIBE TABLE EXTENDED}.
   */
  static Table load(ReadConf conf, MetastoreTable entry) {
    Table table = load(conf);
    return table instanceof DeltaXTable t ? t.inCatalog(entry) : table;
  }

  /**
   * The changes of the table at {@code path} over {@code range}, which the caller parsed (Spark
   * 4.2's {@code CHANGES} clause): {@code tableOptions} are its metastore entry's, {@code options}
   * the user's (a stream's limits, Hadoop settings), which win.
   */
  static ChangeFeedTable loadChanges(
      String path,
      Map<String, String> tableOptions,
      Map<String, String> options,
      ChangeFeedRequest range) {
    Map<String, String> merged = new HashMap<>(tableOptions);
    merged.putAll(options);
    merged.put(ReadOptions.PATH.key(), path);
    return loadChanges(
        ReadConf.ofChanges(SessionSettings.of(SparkSession.active()), merged, range));
  }

  /**
   * Loads the snapshot with the load's one Hadoop configuration (read options included), after
   * every option was checked: a malformed option is refused before {@code _delta_log} is listed.
   * The snapshot comes from the JVM's snapshot cache unless the session turned it off.
   */
  static DeltaXTable loadSnapshot(ReadConf conf) {
    LoadedSnapshot loaded =
        SnapshotSource.of(conf.path(), conf.hadoopConf(), conf.snapshots()).load(conf.timeTravel());
    return new DeltaXTable(
        loaded.log(),
        trackedSchema(conf, loaded.log(), loaded.snapshot()),
        loaded.load(),
        conf,
        DeltaXStreams.INSTANCE);
  }

  /**
   * {@code snapshot} read with the metadata a stream's schema log holds last, where the stream has
   * one ({@code schemaTrackingLocation}): a restarted stream reads with the schema it logged, as
   * delta-spark's source does, not the table's latest.
   */
  private static Snapshot trackedSchema(ReadConf conf, TransactionLog log, Snapshot snapshot) {
    SchemaTrackingRequest tracking = conf.schemaTracking();
    if (tracking == null) {
      return snapshot;
    }
    return SchemaTracking.latestEntry(
            snapshot.tableRoot().toString(),
            log,
            snapshot.metadata().id(),
            tracking,
            conf.hadoopConf())
        .map(
            entry ->
                snapshot.withReadMetadata(
                    entry.metadata(snapshot.metadata()), entry.protocol(snapshot.protocol())))
        .orElse(snapshot);
  }

  /**
   * {@code bounds} whose end and schema snapshots read with the metadata a change feed stream's
   * schema log holds last, as {@link #trackedSchema(ReadConf, TransactionLog, Snapshot)}: its
   * columns are the logged schema's, as delta-spark's change data feed stream's.
   */
  private static ChangeBounds trackedSchema(
      ReadConf conf, TransactionLog log, ChangeBounds bounds) {
    if (conf.schemaTracking() == null) {
      return bounds;
    }
    Snapshot end = trackedSchema(conf, log, bounds.endSnapshot());
    Snapshot schema =
        bounds.schemaSnapshot() == bounds.endSnapshot()
            ? end
            : trackedSchema(conf, log, bounds.schemaSnapshot());
    return new ChangeBounds(bounds.start(), bounds.end(), end, schema);
  }

  /**
   * {@code readChangeFeed = true}: the changes of a range of versions, planned from the log (no
   * data file is read until the scan runs). Options are checked before the log is listed; the range
   * is resolved here, checked against the log's history and its commits read on first use ({@link
   * ChangeFeedTable#range}).
   */
  public static ChangeFeedTable loadChanges(ReadConf conf) {
    ChangeFeedRequest request = conf.changeFeed();
    // The latest snapshot from the snapshot cache: a range that ends there is not replayed again.
    LoadedSnapshot loaded =
        SnapshotSource.of(conf.path(), conf.hadoopConf(), conf.snapshots()).latest();
    TransactionLog log = loaded.log();
    Snapshot latest = loaded.snapshot();
    if (!request.hasStart()) {
      // Only a stream reads this (the snapshot as inserts first); a batch scan asks for a start.
      ChangeBounds empty =
          trackedSchema(
              conf, log, new ChangeBounds(latest.version() + 1, latest.version(), latest));
      return new ChangeFeedTable(
          log,
          loaded.load(),
          empty,
          b -> new ChangeRange(b.start(), b.end(), b.endSnapshot(), List.of()),
          request.mode(),
          conf,
          DeltaXStreams.INSTANCE);
    }
    // The commits are read only when a batch scan plans its tasks: a stream plans its own.
    ChangeRangePlanner planner =
        new ChangeRangePlanner(
            log, log::readCommit, v -> v == latest.version() ? latest : log.snapshotAt(v), true);
    // Whether the log still holds the range is asked when a batch scan reads it (a stream reads
    // from its checkpoint's offset, wherever clean-up left the start it was given).
    ChangeBounds bounds = trackedSchema(conf, log, planner.resolve(request));
    return new ChangeFeedTable(
        log, loaded.load(), bounds, planner::range, request.mode(), conf, DeltaXStreams.INSTANCE);
  }
}
