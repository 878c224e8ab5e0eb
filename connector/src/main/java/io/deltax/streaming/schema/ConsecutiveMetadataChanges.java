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

import io.deltax.actions.Action;
import io.deltax.actions.AddCDCFile;
import io.deltax.actions.AddFile;
import io.deltax.actions.Metadata;
import io.deltax.actions.Protocol;
import io.deltax.actions.RemoveFile;
import io.deltax.log.LogFileName;
import io.deltax.log.LogListing;
import io.deltax.log.TransactionLog;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.fs.FileStatus;

/**
 * The run of commits, from a logged entry's version on, that change only the metadata or the
 * protocol, merged into one entry, as delta-spark's {@code getMergedConsecutiveMetadataChanges}:
 * the run goes on while each commit holds a {@code metaData} or {@code protocol} action and no file
 * action ({@code add}, {@code remove} or {@code cdc}, whatever its {@code dataChange}). Such
 * commits add no row, so a stream that stopped at the first of them may read on with the last one's
 * schema and be unblocked once.
 */
final class ConsecutiveMetadataChanges {
  private ConsecutiveMetadataChanges() {}

  /** What one commit holds, as the run asks. */
  private record Commit(Metadata metadata, Protocol protocol, boolean files) {
    static Commit read(TransactionLog log, FileStatus file) {
      List<Action> actions = new ArrayList<>();
      log.readCommit(file, actions::add);
      Metadata metadata = null;
      Protocol protocol = null;
      boolean files = false;
      for (Action action : actions) {
        if (action instanceof Metadata m) {
          metadata = m;
        } else if (action instanceof Protocol p) {
          protocol = p;
        } else if (action instanceof AddFile
            || action instanceof RemoveFile
            || action instanceof AddCDCFile) {
          files = true;
        }
      }
      return new Commit(metadata, protocol, files);
    }

    boolean metadataOnly() {
      return !files && (metadata != null || protocol != null);
    }
  }

  /**
   * {@code current} moved on to the last commit of the run that starts at its own version, with the
   * run's last metadata and last protocol, pointing back at entry {@code previousSeqNum}; empty
   * where the run ends there (its own commit added files, or the next one does). The run stops at a
   * version the log no longer holds. (As delta-spark 4.4; delta-spark 4.3 takes both from the run's
   * last commit alone, else the entry's, so a run that ends with a protocol-only commit loses the
   * schema changes before it.)
   */
  static Optional<PersistedMetadata> merged(
      TransactionLog log, PersistedMetadata current, long previousSeqNum) {
    LogListing listing = log.listing();
    long from = current.deltaCommitVersion();
    long next = from;
    Metadata metadata = null;
    Protocol protocol = null;
    for (FileStatus file : listing.commits(from, listing.latestVersion())) {
      if (LogFileName.parse(file.getPath().getName()).version() != next) {
        break;
      }
      Commit commit = Commit.read(log, file);
      if (!commit.metadataOnly()) {
        break;
      }
      metadata = commit.metadata() != null ? commit.metadata() : metadata;
      protocol = commit.protocol() != null ? commit.protocol() : protocol;
      next++;
    }
    long last = next - 1;
    if (last <= from) {
      return Optional.empty();
    }
    return Optional.of(current.mergedAt(last, metadata, protocol, previousSeqNum));
  }
}
