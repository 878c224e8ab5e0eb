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
import io.deltax.protocol.TableProperties;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.apache.hadoop.fs.FileStatus;

/**
 * The newest commits of a table with their {@code commitInfo}, newest first, dated as delta-spark's
 * {@code DESCRIBE HISTORY} dates them ({@code DeltaHistoryManager.getHistory}): the versions from
 * the latest back to the oldest commit the log still lists, or the newest {@code limit} of them.
 * Only those commit files are read, each from its first line where {@code commitInfo} is first (as
 * writers put it), so the cost grows with the versions asked for, not with the table.
 *
 * <p>Timestamps: where the latest metadata enables in-commit timestamps, a commit from the version
 * that enabled them on has its {@code inCommitTimestamp} (PROTOCOL.md, "In-Commit Timestamps"); the
 * commits before it, and every commit of a table without them, have their files' modification
 * times, made increasing over the versions listed (a time no later than the one before counts as a
 * millisecond after it), as delta-spark makes them. A commit after the enablement without an
 * in-commit timestamp breaks the protocol; it has its file's time, as deltax's time travel dates
 * it, where delta-spark fails.
 */
public final class CommitHistory {
  /**
   * One commit of the history.
   *
   * @param timestamp milliseconds since the epoch
   * @param info the commit's {@code commitInfo}, or null where it has none
   */
  public record Entry(long version, long timestamp, CommitInfo info) {}

  private CommitHistory() {}

  /**
   * The history as of {@code latest}, the listing's latest version.
   *
   * @param limit the number of versions back from the latest, where given (at least 1)
   */
  static List<Entry> newestFirst(
      LogListing listing,
      LogFiles files,
      long latest,
      TableProperties properties,
      OptionalInt limit) {
    long from = limit.isPresent() ? Math.max(latest - limit.getAsInt() + 1, 0) : 0;
    List<FileStatus> commits = listing.commits(from, latest);
    List<Optional<CommitInfo>> infos = files.commitInfos(commits);
    long ictFrom =
        properties.inCommitTimestampsEnabled()
            ? properties.inCommitTimestampEnablementVersion()
            : Long.MAX_VALUE;
    // Made increasing over the versions listed; the commits before the enablement come first, so
    // theirs are what delta-spark shows.
    long[] fileTimes = CommitTimeline.increasingFileTimes(commits);
    List<Entry> entries = new ArrayList<>(commits.size());
    for (int i = 0; i < commits.size(); i++) {
      FileStatus commit = commits.get(i);
      long version = LogFileName.parse(commit.getPath().getName()).version();
      CommitInfo info = infos.get(i).orElse(null);
      long timestamp;
      if (version >= ictFrom) {
        timestamp =
            info != null && info.inCommitTimestamp() != null
                ? info.inCommitTimestamp()
                : commit.getModificationTime();
      } else {
        timestamp = fileTimes[i];
      }
      entries.add(new Entry(version, timestamp, info));
    }
    Collections.reverse(entries);
    return entries;
  }
}
