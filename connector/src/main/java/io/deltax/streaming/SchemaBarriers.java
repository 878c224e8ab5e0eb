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

import io.deltax.actions.Metadata;
import io.deltax.actions.Protocol;
import io.deltax.log.Snapshot;
import io.deltax.log.TransactionLog;
import io.deltax.streaming.schema.SchemaTracking;

/**
 * Where a stream with a schema log ({@code schemaTrackingLocation}) ends its micro-batches, as
 * delta-spark's source does ({@code DeltaSourceMetadataEvolutionSupport}): a commit whose metadata
 * or protocol differs from those the stream reads with is a barrier. The batch before it ends at
 * the barrier's offset ({@link DeltaXSourceOffset#METADATA_CHANGE_INDEX}); the next, empty, ends
 * right after it; when Spark commits the barrier (every row before it is in the sink), the new
 * metadata is logged and the query stops. Until it is restarted, the stream offers nothing more.
 * Without a schema log, inactive: the stream checks schemas as {@link StreamSchema} says.
 */
final class SchemaBarriers {
  /** No schema log. */
  static final SchemaBarriers NONE = new SchemaBarriers(null, null);

  private final SchemaTracking tracking;

  /** The snapshot the stream reads with: its metadata is the schema log's where it holds one. */
  private final Snapshot read;

  private boolean started;

  SchemaBarriers(SchemaTracking tracking, Snapshot read) {
    this.tracking = tracking;
    this.read = read;
  }

  /** Whether the stream keeps a schema log. */
  boolean active() {
    return tracking != null;
  }

  /**
   * On the stream's first offset: an empty log gets its first entry, the metadata of the version at
   * {@code from}, where the stream starts reading; the query stops where that is not the metadata
   * the stream reads with.
   */
  synchronized void start(TransactionLog log, Snapshot latest, DeltaXSourceOffset from) {
    if (tracking == null || started) {
      return;
    }
    started = true;
    if (!tracking.tracking()) {
      long version = Math.min(from.version(), latest.version());
      Snapshot at = version == latest.version() ? latest : log.snapshotAt(version);
      tracking.initialize(version, at.metadata(), at.protocol(), read.metadata(), read.protocol());
    }
  }

  /** Whether {@code commit} is a barrier: a metadata or protocol the stream does not read with. */
  boolean stopsAt(CommitFiles commit) {
    return tracking != null
        && tracking.tracking()
        && (commit.metadata() != null || commit.protocol() != null)
        && tracking.changes(
            commit.metadata(),
            commit.protocol(),
            commit.version(),
            read.metadata(),
            read.protocol());
  }

  /**
   * The offset after {@code from} where {@code from} is at a barrier not yet read past: the second
   * barrier offset after the first, then {@code from} itself until a restart. Null otherwise.
   */
  DeltaXSourceOffset held(DeltaXSourceOffset from, CommitFiles commit) {
    if (tracking == null || !from.atMetadataChange()) {
      return null;
    }
    if (from.index() == DeltaXSourceOffset.METADATA_CHANGE_INDEX) {
      return from.postMetadataChange();
    }
    return stopsAt(commit) ? from : null;
  }

  /**
   * Spark committed a batch that ends at {@code end}: at a barrier, its metadata is logged and the
   * query stops (the rows before it are in the sink).
   */
  void committed(DeltaXSourceOffset end, CommitFiles commit) {
    if (tracking != null && end.atMetadataChange() && stopsAt(commit)) {
      Metadata metadata = commit.metadata() != null ? commit.metadata() : read.metadata();
      Protocol protocol = commit.protocol() != null ? commit.protocol() : read.protocol();
      tracking.evolve(end.version(), metadata, protocol);
    }
  }
}
