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
import io.deltax.protocol.TableFeatures;
import io.deltax.protocol.TypeWidening;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.fs.FileStatus;

/**
 * Advances a snapshot read earlier to the latest version of a new listing, by reading only the
 * commits after it and applying them in memory ({@link Snapshot#withCommits}).
 */
final class SnapshotAdvance {
  private final LogListing listing;
  private final LogFiles files;
  private final CommitTimestamps timestamps;

  SnapshotAdvance(LogListing listing, LogFiles files) {
    this.listing = listing;
    this.files = files;
    this.timestamps = new CommitTimestamps(listing.tableRoot(), files);
  }

  /** As {@link TransactionLog#latestSnapshotAfter} describes it. */
  Optional<Snapshot> latestAfter(Snapshot cached) {
    String tableRoot = listing.tableRoot().toString();
    long from = cached.version();
    long latest = listing.latestVersion();
    if (!cached.tableRoot().equals(listing.tableRoot())
        || latest < from
        || !listing.stillHolds(cached.segment().lastFile())) {
      return Optional.empty();
    }
    if (latest == from) {
      return Optional.of(cached);
    }
    List<FileStatus> newCommits = new ArrayList<>();
    for (long v = from + 1; v <= latest; v++) {
      Optional<FileStatus> commit = listing.commit(v);
      if (commit.isEmpty()) {
        return Optional.empty();
      }
      newCommits.add(commit.get());
    }
    List<LogFiles.CommitActions> commits = files.readCommitsNewestFirst(newCommits);
    Metadata metadata = newest(commits, Metadata.class).orElse(cached.metadata());
    if (!metadata.id().equals(cached.metadata().id())) {
      return Optional.empty();
    }
    newest(commits, Protocol.class)
        .ifPresent(protocol -> TableFeatures.checkReadable(tableRoot, latest, protocol));
    if (metadata != cached.metadata()) {
      TypeWidening.checkTypeChanges(tableRoot, latest, metadata);
    }
    SnapshotReconstruction.checkNotCoordinated(tableRoot, latest, metadata);
    FileStatus newest = newCommits.get(newCommits.size() - 1);
    long timestamp =
        timestamps.of(metadata, latest, commits, Optional.of(newest), newest.getModificationTime());
    return Optional.of(cached.withCommits(commits, newCommits, timestamp));
  }

  private static <T extends Action> Optional<T> newest(
      List<LogFiles.CommitActions> newestFirst, Class<T> kind) {
    for (LogFiles.CommitActions commit : newestFirst) {
      for (Action action : commit.actions()) {
        if (kind.isInstance(action)) {
          return Optional.of(kind.cast(action));
        }
      }
    }
    return Optional.empty();
  }
}
