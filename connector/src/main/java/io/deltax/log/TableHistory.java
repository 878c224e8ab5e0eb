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

import io.deltax.actions.CommitInfo;
import io.deltax.actions.Metadata;
import io.deltax.actions.Protocol;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Predicate;
import org.apache.hadoop.fs.FileStatus;

/**
 * What the log can still tell of how a table came to be as it is: the commits it still holds, and
 * where version 0 is gone, a baseline: the protocol and metadata of the oldest version the log can
 * rebuild (its checkpoint). A question such as "since when is row tracking enabled?" is answered by
 * a change the commits show; a state the table had already at the baseline, or at the first commit
 * after a gap, is older than the history and its start unknown.
 *
 * @param commits every commit still in the log, oldest first
 * @param baseline empty when the log still holds version 0, before which the table had nothing
 */
public record TableHistory(List<CommitSummary> commits, Optional<Baseline> baseline) {

  /** The table as the oldest version the log can rebuild has it. */
  public record Baseline(long version, Protocol protocol, Metadata metadata) {}

  /** Reads every commit still in the log (file actions skipped), and the baseline if needed. */
  public static TableHistory of(TransactionLog log) {
    List<CommitSummary> commits = log.history();
    if (!commits.isEmpty() && commits.get(0).version() == 0) {
      return new TableHistory(commits, Optional.empty());
    }
    // Only the checkpoint's protocol and metaData columns are read for it.
    TransactionLog.ProtocolAndMetadata oldest =
        log.protocolAndMetadataAt(log.listing().earliestRecreatableVersion());
    return new TableHistory(
        commits, Optional.of(new Baseline(oldest.version(), oldest.protocol(), oldest.metadata())));
  }

  /**
   * Every commit {@code listing} holds, oldest first, with its operation and any protocol or
   * metadata change: what {@link TransactionLog#history} returns.
   */
  static List<CommitSummary> commits(LogListing listing, LogFiles files) {
    List<CommitSummary> history = new ArrayList<>();
    for (FileStatus commit : listing.commits()) {
      long version = LogFileName.parse(commit.getPath().getName()).version();
      Object[] found = new Object[3];
      files.readCommitWithoutFileActions(
          commit,
          action -> {
            if (action instanceof CommitInfo info && found[0] == null) {
              found[0] = info;
            } else if (action instanceof Metadata m) {
              found[1] = m;
            } else if (action instanceof Protocol p) {
              found[2] = p;
            }
          });
      CommitInfo info = (CommitInfo) found[0];
      long timestamp =
          info != null && info.inCommitTimestamp() != null
              ? info.inCommitTimestamp()
              : commit.getModificationTime();
      history.add(
          new CommitSummary(
              version,
              timestamp,
              info == null ? null : info.operation(),
              (Metadata) found[1],
              (Protocol) found[2]));
    }
    return history;
  }

  /** Whether the log still holds every commit from version 0. */
  public boolean complete() {
    return baseline.isEmpty();
  }

  /** The newest version whose protocol made {@code holds} true, where the log shows the change. */
  public Optional<Long> protocolTurnedOn(Predicate<Protocol> holds) {
    return turnedOn(CommitSummary::protocol, baseline.map(Baseline::protocol), holds);
  }

  /** The newest version whose metadata made {@code holds} true, where the log shows the change. */
  public Optional<Long> metadataTurnedOn(Predicate<Metadata> holds) {
    return turnedOn(CommitSummary::metadata, baseline.map(Baseline::metadata), holds);
  }

  /**
   * Walks the commits oldest first, knowing whether {@code holds} is true from version 0 on (where
   * nothing held before), from the baseline on, or from a commit that replaced the action. Across a
   * gap in the commits nothing is known, so a change seen before one is forgotten.
   */
  private <T> Optional<Long> turnedOn(
      Function<CommitSummary, T> action, Optional<T> atBaseline, Predicate<T> holds) {
    Boolean known = null;
    Optional<Long> turnedOn = Optional.empty();
    long expected = -1;
    for (CommitSummary commit : commits) {
      long version = commit.version();
      if (version == 0) {
        known = false;
      } else if (version != expected) {
        known = null;
        turnedOn = Optional.empty();
      }
      if (known == null && baseline.isPresent() && baseline.get().version() == version - 1) {
        known = holds.test(atBaseline.get());
      }
      T value = action.apply(commit);
      if (value != null) {
        boolean now = holds.test(value);
        if (now && Boolean.FALSE.equals(known)) {
          turnedOn = Optional.of(version);
        }
        known = now;
      }
      expected = version + 1;
    }
    return turnedOn;
  }
}
