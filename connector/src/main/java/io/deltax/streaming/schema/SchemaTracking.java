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
package io.deltax.streaming.schema;

import io.deltax.actions.Metadata;
import io.deltax.actions.Protocol;
import io.deltax.columnmapping.ColumnMapping;
import io.deltax.conf.SchemaTrackingRequest;
import io.deltax.errors.StreamErrors;
import io.deltax.log.TransactionLog;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.types.StructType;

/**
 * What a stream with {@code schemaTrackingLocation} asks of its schema log, as delta-spark's source
 * does ({@code DeltaSourceMetadataEvolutionSupport}, {@code DeltaSourceMetadataTrackingLog}): where
 * the log is (under the query's checkpoint location), the entry the stream started with, whether a
 * version's metadata differs from the one the stream reads with, and, at such a version, the new
 * entry written before the query stops. When it starts, a stream whose last logged change renamed,
 * dropped or widened columns reads on only where {@link UnblockSettings} unblock it.
 */
public final class SchemaTracking {
  private final String table;
  private final SchemaLog log;
  private final String sourceMetadataPath;

  /** The latest entry when the stream started, or empty before the first one. */
  private Optional<SchemaLog.Entry> atStart;

  /** The latest entry, this run's own write included. */
  private Optional<SchemaLog.Entry> latest;

  private SchemaTracking(String table, SchemaLog log, String sourceMetadataPath) {
    this.table = table;
    this.log = log;
    this.sourceMetadataPath = sourceMetadataPath;
    this.atStart = log.latest();
    this.latest = atStart;
  }

  /**
   * The entry the stream reads with, for the schema the load gives it; empty before the log's
   * first. A log of another table is refused. Where the commits from the latest entry's version on
   * change only the metadata, that is the entry for the last of them, pointing back at the entry
   * before the run ({@link ConsecutiveMetadataChanges}), unless the request turns merging off, as
   * delta-spark's source reads it when the stream is loaded; the commits are those {@code
   * tableLog}, the load's, lists. Nothing is written here: a load is also a batch read's, and only
   * the stream logs the merged entry ({@link #open}).
   */
  public static Optional<PersistedMetadata> latestEntry(
      String table,
      TransactionLog tableLog,
      String tableId,
      SchemaTrackingRequest request,
      Configuration hadoopConf) {
    SchemaLog log = log(table, tableId, request, hadoopConf);
    Optional<SchemaLog.Entry> latest = log.latest();
    if (latest.isEmpty()) {
      return Optional.empty();
    }
    SchemaLog.Entry current = latest.get();
    checkTable(table, tableId, log, current.metadata());
    return Optional.of(merged(tableLog, current, request).orElse(current.metadata()));
  }

  private static Optional<PersistedMetadata> merged(
      TransactionLog tableLog, SchemaLog.Entry current, SchemaTrackingRequest request) {
    if (!request.mergeConsecutiveChanges()) {
      return Optional.empty();
    }
    return ConsecutiveMetadataChanges.merged(
        tableLog, current.metadata(), SchemaLog.previousSeqNum(current));
  }

  /**
   * The schema log of the stream whose source checkpoint directory is {@code sourceMetadataPath}
   * ({@code <checkpointLocation>/sources/<n>}). The log must be under the query's checkpoint
   * location, as delta-spark's analysis requires. The merged entry the load read with ({@link
   * #latestEntry}) is logged first; where the table moved on since the load, so that the merged
   * entry is no longer {@code readMetadata}, nothing is merged, and the stream stops at the change
   * as it reaches it. Where the last two entries differ by a rename, a drop or a widening, the
   * stream starts only where unblocked. {@code tableLog} is the load's, whose listing it merges.
   */
  public static SchemaTracking open(
      String table,
      TransactionLog tableLog,
      String tableId,
      SchemaTrackingRequest request,
      String sourceMetadataPath,
      Configuration hadoopConf,
      Function<String, String> sqlConf,
      Metadata readMetadata) {
    SchemaLog log = log(table, tableId, request, hadoopConf);
    checkUnderCheckpoint(table, request.location(), log.dir(), sourceMetadataPath, hadoopConf);
    SchemaTracking tracking = new SchemaTracking(table, log, sourceMetadataPath);
    if (tracking.atStart.isPresent()) {
      SchemaLog.Entry current = tracking.atStart.get();
      checkTable(table, tableId, log, current.metadata());
      Optional<PersistedMetadata> merged = merged(tableLog, current, request);
      if (merged.isPresent() && readsWith(merged.get(), readMetadata)) {
        current = new SchemaLog.Entry(current.seqNum() + 1, merged.get());
        log.write(current.seqNum(), current.metadata());
        tracking.atStart = Optional.of(current);
        tracking.latest = tracking.atStart;
      }
      Optional<PersistedMetadata> previous = log.previous(current);
      if (previous.isPresent()) {
        UnblockSettings unblock =
            new UnblockSettings(request, sqlConf, sourceMetadataPath.hashCode());
        checkUnblocked(table, previous.get(), current.metadata(), unblock);
      }
    }
    return tracking;
  }

  /** Whether {@code entry} holds the schema, partition columns and properties of {@code read}. */
  private static boolean readsWith(PersistedMetadata entry, Metadata read) {
    Metadata logged = entry.metadata(read);
    return logged.schema().equals(read.schema())
        && logged.partitionColumns().equals(read.partitionColumns())
        && logged.configuration().equals(read.configuration());
  }

  private static SchemaLog log(
      String table, String tableId, SchemaTrackingRequest request, Configuration hadoopConf) {
    return new SchemaLog(
        table,
        SchemaLog.directory(request.location(), tableId, request.sourceTrackingId()),
        hadoopConf);
  }

  private static void checkTable(
      String table, String tableId, SchemaLog log, PersistedMetadata entry) {
    if (!tableId.equals(entry.tableId())) {
      throw StreamErrors.schemaLogOfOtherTable(
          table, log.dir().toString(), entry.tableId(), tableId);
    }
  }

  /** As delta-spark's {@code assertSchemaTrackingLocationUnderCheckpoint}. */
  private static void checkUnderCheckpoint(
      String table, String location, Path logDir, String sourceMetadataPath, Configuration conf) {
    Path checkpoint = new Path(sourceMetadataPath).getParent().getParent();
    try {
      FileSystem fs = checkpoint.getFileSystem(conf);
      Path qualifiedCheckpoint = fs.makeQualified(checkpoint);
      boolean under;
      try {
        under =
            !qualifiedCheckpoint.toUri().relativize(fs.makeQualified(logDir).toUri()).isAbsolute();
      } catch (IllegalArgumentException otherFileSystem) {
        under = false;
      }
      if (!under) {
        throw StreamErrors.schemaLocationNotUnderCheckpoint(
            table, location, qualifiedCheckpoint.toString());
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void checkUnblocked(
      String table,
      PersistedMetadata previous,
      PersistedMetadata current,
      UnblockSettings unblock) {
    SchemaChange change = SchemaChange.between(previous.dataSchema(), current.dataSchema());
    long version = current.deltaCommitVersion();
    if (change.incompatible() != null) {
      throw StreamErrors.streamSchemaChanged(
          table,
          version,
          ColumnMapping.logicalSchema(previous.dataSchema()).toDDL(),
          ColumnMapping.logicalSchema(current.dataSchema()).toDDL());
    }
    if (change.nonAdditive() && !unblock.unblocks(change, version)) {
      throw StreamErrors.streamSchemaChangeBlocked(
          table,
          change.name(),
          previous.deltaCommitVersion(),
          version,
          change.columns(),
          String.join(", ", change.sqlConfs()),
          unblock.checkpointHash(),
          String.join(", ", change.readerOptions()));
    }
  }

  /** Whether the log holds an entry: then the stream cuts its batches at metadata changes. */
  public synchronized boolean tracking() {
    return latest.isPresent();
  }

  /**
   * The first entry, for the metadata of {@code version} where the stream starts reading; the query
   * stops where it differs from the one the stream reads with ({@code readMetadata}), as
   * delta-spark's {@code initializeMetadataTrackingAndExitStream}.
   */
  public synchronized void initialize(
      long version,
      Metadata metadata,
      Protocol protocol,
      Metadata readMetadata,
      Protocol readProtocol) {
    PersistedMetadata entry = PersistedMetadata.of(version, metadata, protocol, sourceMetadataPath);
    log.write(0, entry);
    latest = Optional.of(new SchemaLog.Entry(0, entry));
    if (changes(metadata, protocol, version, readMetadata, readProtocol)) {
      throw evolved(entry, metadata);
    }
  }

  /**
   * Whether {@code metadata} or {@code protocol} (either may be null: the commit has none), of
   * {@code version}, differ from those the stream reads with, as delta-spark's {@code
   * hasMetadataOrProtocolChangeComparedToStreamMetadata}: the schema, the partition columns or a
   * {@code delta.} property. A version the entry the stream started with is of, or an older one,
   * changes nothing.
   */
  public synchronized boolean changes(
      Metadata metadata,
      Protocol protocol,
      long version,
      Metadata readMetadata,
      Protocol readProtocol) {
    if (atStart.isPresent() && atStart.get().metadata().deltaCommitVersion() >= version) {
      return false;
    }
    if (protocol != null && !protocol.equals(readProtocol)) {
      return true;
    }
    if (metadata == null) {
      return false;
    }
    StructType schema = metadata.schema();
    return !schema.equals(readMetadata.schema())
        || !metadata.partitionColumns().equals(readMetadata.partitionColumns())
        || !deltaProperties(metadata).equals(deltaProperties(readMetadata));
  }

  private static Map<String, String> deltaProperties(Metadata metadata) {
    Map<String, String> out = new HashMap<>();
    metadata
        .configuration()
        .forEach(
            (k, v) -> {
              if (k.startsWith("delta.")) {
                out.put(k, v);
              }
            });
    return out;
  }

  /**
   * Logs the metadata of {@code version}, which the stream reached after reading every row before
   * it, and stops the query: a restart reads on with it (delta-spark's {@code
   * updateMetadataTrackingLogAndFailTheStreamIfNeeded}).
   */
  public synchronized void evolve(long version, Metadata metadata, Protocol protocol) {
    PersistedMetadata entry = PersistedMetadata.of(version, metadata, protocol, sourceMetadataPath);
    long next = latest.map(e -> e.seqNum() + 1).orElse(0L);
    if (latest.isEmpty() || !latest.get().metadata().equals(entry)) {
      log.write(next, entry);
      latest = Optional.of(new SchemaLog.Entry(next, entry));
    }
    throw evolved(entry, metadata);
  }

  private RuntimeException evolved(PersistedMetadata entry, Metadata metadata) {
    return StreamErrors.streamMetadataEvolved(
        table,
        entry.deltaCommitVersion(),
        log.dir().toString(),
        ColumnMapping.logicalSchema(metadata.schema()).toDDL());
  }
}
