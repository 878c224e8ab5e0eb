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
package io.deltax.log;

import io.deltax.actions.Action;
import io.deltax.actions.Metadata;
import io.deltax.actions.Protocol;
import io.deltax.errors.DeltaXErrorCondition;
import io.deltax.errors.DeltaXErrors;
import io.deltax.errors.DeltaXRuntimeException;
import io.deltax.errors.DeltaXThrowable;
import io.deltax.protocol.TableFeatures;
import io.deltax.protocol.TableProperties;
import io.deltax.protocol.TypeWidening;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import org.apache.hadoop.fs.FileSystem;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Rebuilds a table's snapshot at a version from one listing: the segment's commits, newest first,
 * then its checkpoint. A checkpoint that cannot be read is passed over for the previous one, or for
 * the commits from version 0 ({@link #withoutCheckpoint}).
 */
final class SnapshotReconstruction {
  /** The facade's logger: a passed-over checkpoint is logged under the name users configure. */
  private static final Logger LOG = LoggerFactory.getLogger(TransactionLog.class);

  private final LogListing listing;
  private final FileSystem fs;
  private final LogFiles files;
  private final CheckpointReader checkpoints;
  private final CommitTimestamps timestamps;

  /** What {@code _last_checkpoint} says: read when a rebuild first needs a checkpoint. */
  private Optional<LastCheckpointHint> lastCheckpoint;

  /**
   * @param lastCheckpoint the hint an earlier listing read, or null to read it when needed
   */
  SnapshotReconstruction(
      LogListing listing,
      FileSystem fs,
      LogFiles files,
      Optional<LastCheckpointHint> lastCheckpoint) {
    this.listing = listing;
    this.fs = fs;
    this.files = files;
    this.checkpoints = new CheckpointReader(files, LogFileName.logDir(listing.tableRoot()));
    this.timestamps = new CommitTimestamps(listing.tableRoot(), files);
    this.lastCheckpoint = lastCheckpoint;
  }

  private synchronized Optional<LastCheckpointHint> lastCheckpoint() {
    if (lastCheckpoint == null) {
      // The hint only picks among checkpoints of one version (LogListing.segment), so without such
      // a choice it is not read: one request fewer per load (PROTOCOL.md, "Last Checkpoint File").
      lastCheckpoint =
          listing.newestCheckpoint() < 0 || !listing.hasCheckpointChoice()
              ? Optional.empty()
              : LastCheckpointHint.read(fs, LogFileName.logDir(listing.tableRoot()));
    }
    return lastCheckpoint;
  }

  /** The hint as read so far: null where no rebuild needed it. */
  synchronized Optional<LastCheckpointHint> lastCheckpointIfRead() {
    return lastCheckpoint;
  }

  /**
   * The snapshot at {@code version}, as {@link TransactionLog#snapshotAt} describes it.
   *
   * @param checked whether to refuse a protocol deltax cannot read and a coordinated latest version
   */
  Snapshot snapshotAt(long version, boolean checked) {
    return snapshotAt(version, Set.of(), checked);
  }

  private Snapshot snapshotAt(long version, Set<Checkpoint> unreadable, boolean checked) {
    String tableRoot = listing.tableRoot().toString();
    LogSegment segment = listing.segment(version, lastCheckpoint(), unreadable);
    List<LogFiles.CommitActions> commits = files.readCommitsNewestFirst(segment.commits());
    Protocol[] protocol = new Protocol[1];
    Metadata[] metadata = new Metadata[1];
    Consumer<Action> newest =
        action -> {
          if (action instanceof Protocol p && protocol[0] == null) {
            protocol[0] = p;
          } else if (action instanceof Metadata m && metadata[0] == null) {
            metadata[0] = m;
          }
        };
    commits.forEach(c -> c.actions().forEach(newest));
    if ((protocol[0] == null || metadata[0] == null) && segment.checkpoint().isPresent()) {
      try {
        checkpoints.readProtocolAndMetadata(segment.checkpoint().get(), newest);
      } catch (DeltaXRuntimeException e) {
        return withoutCheckpoint(version, unreadable, segment.checkpoint().get(), e, checked);
      }
    }
    if (protocol[0] == null || metadata[0] == null) {
      throw DeltaXErrors.missingProtocolOrMetadata(tableRoot, version);
    }
    if (checked) {
      TableFeatures.checkReadable(tableRoot, version, protocol[0]);
      TypeWidening.checkTypeChanges(tableRoot, version, metadata[0]);
      if (version == listing.latestVersion()) {
        checkNotCoordinated(tableRoot, version, metadata[0]);
      }
    }
    // The version's own commit file where it is still listed, also when a checkpoint of that
    // version rebuilds it: the commit's time, not the checkpoint's (as an advanced snapshot tells).
    long timestamp =
        timestamps.of(
            metadata[0], version, commits, listing.commit(version), segment.lastModificationTime());
    return new Snapshot(
        segment,
        timestamp,
        protocol[0],
        metadata[0],
        () -> {
          LogReplay replay = new LogReplay(new FilePathResolver(listing.tableRoot()));
          for (LogFiles.CommitActions commit : commits) {
            commit.actions().forEach(action -> replay.applyCommitAction(action, commit.version()));
          }
          if (segment.checkpoint().isPresent()) {
            try {
              checkpoints.read(segment.checkpoint().get(), replay::applyCheckpointAction);
            } catch (DeltaXRuntimeException e) {
              return withoutCheckpoint(version, unreadable, segment.checkpoint().get(), e, checked)
                  .replay();
            }
          }
          return new Snapshot.Replayed(segment, replay);
        });
  }

  /**
   * Refuses to take {@code version}, the newest the log lists, as the table's latest where a commit
   * coordinator manages its commits: the coordinator may have ratified newer commits that are only
   * in {@code _delta_log/_commits} (files there may also be attempts it refused), and deltax does
   * not ask it which. Older versions are complete in the log and read as any other (those of a
   * coordinated period too, once coordination was turned off: every commit is copied into the log
   * then).
   */
  static void checkNotCoordinated(String tableRoot, long version, Metadata metadata) {
    TableProperties.of(tableRoot, metadata)
        .commitCoordinator()
        .ifPresent(
            coordinator -> {
              throw DeltaXErrors.commitCoordinatorManaged(tableRoot, version, coordinator);
            });
  }

  /**
   * The snapshot at {@code version} rebuilt without {@code damaged}, which could not be read;
   * {@code failure} is the error, named when nothing older can serve instead.
   */
  private Snapshot withoutCheckpoint(
      long version,
      Set<Checkpoint> unreadable,
      Checkpoint damaged,
      DeltaXRuntimeException failure,
      boolean checked) {
    if (failure.condition() != DeltaXErrorCondition.DELTAX_CORRUPT_LOG || storeFailed(failure)) {
      throw failure;
    }
    Set<Checkpoint> skipped = new HashSet<>(unreadable);
    skipped.add(damaged);
    LogSegment older;
    try {
      older = listing.segment(version, lastCheckpoint(), skipped);
    } catch (Exception nothingOlder) {
      if (!(nothingOlder instanceof DeltaXThrowable)) {
        throw nothingOlder;
      }
      RuntimeException error =
          DeltaXErrors.unreadableCheckpoint(
              listing.tableRoot().toString(),
              version,
              damaged.files().get(0).getPath().toString(),
              failure,
              nothingOlder);
      error.addSuppressed(nothingOlder);
      throw error;
    }
    LOG.warn(
        "Cannot read checkpoint {} of table {}; rebuilding version {} from {} instead: {}",
        damaged.files().get(0).getPath(),
        listing.tableRoot(),
        version,
        older
            .checkpoint()
            .map(c -> c.files().get(0).getPath().getName())
            .orElse("the commits from version 0"),
        failure.getMessage());
    return snapshotAt(version, skipped, checked);
  }

  /**
   * Whether reading failed because the store did not answer (a time-out, a refused connection, an
   * interrupt, a denied access) rather than because the file is damaged: the checkpoint may be
   * sound, so the error is the user's to see, not a reason to replay older commits.
   */
  private static boolean storeFailed(Throwable failure) {
    for (Throwable t = failure; t != null; t = t.getCause()) {
      if (t instanceof java.net.SocketException
          || t instanceof java.net.SocketTimeoutException
          || t instanceof java.net.UnknownHostException
          || t instanceof java.io.InterruptedIOException
          || t instanceof java.nio.file.AccessDeniedException
          || t instanceof org.apache.hadoop.security.AccessControlException) {
        return true;
      }
    }
    return false;
  }
}
