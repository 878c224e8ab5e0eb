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

import io.deltax.errors.DeltaXErrors;
import io.deltax.protocol.TableProperties;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import org.apache.hadoop.fs.FileStatus;

/**
 * The commit timestamps of a table's versions: those it can still be read at, for {@code
 * timestampAsOf}, or every listed commit, for a {@code startingTimestamp}. Like delta-spark: file
 * modification times made strictly increasing (a commit whose time is not after its predecessor's
 * counts as one millisecond later), and from the version that enabled in-commit timestamps on, the
 * {@code inCommitTimestamp} of each commit.
 */
final class CommitTimeline {
  private final String table;
  private final Function<FileStatus, Optional<Long>> inCommitTimestamp;
  private final List<FileStatus> commits = new ArrayList<>();
  private final long[] fileTimes;

  /** The index of the first commit with an in-commit timestamp; the size when none has one. */
  private final int ictStartIndex;

  private final Long[] ictCache;

  /**
   * @param inCommitTimestamp reads one commit's in-commit timestamp, asked only for the commits a
   *     search visits from the version that enabled them on
   * @param recreatableOnly whether only the versions the log can still rebuild count (time travel),
   *     else every listed commit (where a change feed or stream starts: delta-spark's {@code
   *     DeltaSource.getStartingVersionFromTimestamp} does not require one)
   */
  CommitTimeline(
      LogListing listing,
      long latestVersion,
      TableProperties latestProperties,
      Function<FileStatus, Optional<Long>> inCommitTimestamp,
      boolean recreatableOnly) {
    this.table = listing.tableRoot().toString();
    this.inCommitTimestamp = inCommitTimestamp;
    long earliest = recreatableOnly ? listing.earliestRecreatableVersion() : Long.MIN_VALUE;
    for (FileStatus commit : listing.commits()) {
      long version = LogFileName.parse(commit.getPath().getName()).version();
      if (version >= earliest && version <= latestVersion) {
        commits.add(commit);
      }
    }
    fileTimes = increasingFileTimes(commits);
    long ictVersion =
        latestProperties.inCommitTimestampsEnabled()
            ? latestProperties.inCommitTimestampEnablementVersion()
            : Long.MAX_VALUE;
    int start = commits.size();
    for (int i = 0; i < commits.size(); i++) {
      if (version(i) >= ictVersion) {
        start = i;
        break;
      }
    }
    ictStartIndex = start;
    ictCache = new Long[commits.size()];
  }

  /**
   * The commits' file modification times made strictly increasing, as delta-spark makes them: a
   * commit whose time is not after its predecessor's counts as one millisecond later.
   *
   * @param commits oldest first
   */
  static long[] increasingFileTimes(List<FileStatus> commits) {
    long[] times = new long[commits.size()];
    long previous = Long.MIN_VALUE;
    for (int i = 0; i < commits.size(); i++) {
      long time = commits.get(i).getModificationTime();
      times[i] = time > previous ? time : previous + 1;
      previous = times[i];
    }
    return times;
  }

  private long version(int index) {
    return LogFileName.parse(commits.get(index).getPath().getName()).version();
  }

  private long timestamp(int index) {
    if (index < ictStartIndex) {
      return fileTimes[index];
    }
    if (ictCache[index] == null) {
      ictCache[index] = inCommitTimestamp.apply(commits.get(index)).orElse(fileTimes[index]);
    }
    return ictCache[index];
  }

  /** The newest version whose commit timestamp is at or before {@code millis}. */
  long versionAt(long millis, String requested) {
    if (commits.isEmpty()) {
      throw DeltaXErrors.timestampBeforeFirstCommit(table, requested, "none");
    }
    int[] searched = searched(millis);
    int first = searched[0];
    int last = searched[1];
    if (millis < timestamp(first)) {
      throw DeltaXErrors.timestampBeforeFirstCommit(table, requested, describe(first));
    }
    if (millis > timestamp(last)) {
      if (last == commits.size() - 1) {
        throw DeltaXErrors.timestampAfterLastCommit(table, requested, describe(last));
      }
      return version(last); // before the enablement commit's time: the last version before it
    }
    return version(lastAtOrBefore(millis, first, last));
  }

  /**
   * The first version committed at or after {@code millis}, as delta-spark's {@code
   * startingTimestamp} ({@code DeltaStreamUtils.getStartingVersionFromCommitAtTimestamp}), compared
   * with the same timestamps the search uses: a {@code _commit_timestamp} a change feed gave starts
   * at its commit. The first version for a time before it; a time after the last commit is an
   * error, as in delta-spark (by default) for a batch read and a stream alike.
   */
  long firstVersionAtOrAfter(long millis, String requested) {
    if (commits.isEmpty()) {
      throw DeltaXErrors.timestampBeforeFirstCommit(table, requested, "none");
    }
    int[] searched = searched(millis);
    int first = searched[0];
    int last = searched[1];
    if (millis > timestamp(last)) {
      if (last == commits.size() - 1) {
        throw DeltaXErrors.timestampAfterLastCommit(table, requested, describe(last));
      }
      return version(last + 1); // the enablement commit, whose time is after millis
    }
    if (millis <= timestamp(first)) {
      return version(first);
    }
    int atOrBefore = lastAtOrBefore(millis, first, last);
    return version(timestamp(atOrBefore) == millis ? atOrBefore : atOrBefore + 1);
  }

  /**
   * The indexes (first, last) of the commits a search for {@code millis} looks at. PROTOCOL.md,
   * "Recommendations for Readers of Tables with In-Commit Timestamps": a time at or after the
   * enablement commit's timestamp is searched among the commits from it on, by their in-commit
   * timestamps; an earlier time among those before it, by their file times. The two timelines need
   * not be ordered with each other: the older file times may be later than every in-commit
   * timestamp (a table copied since), so one search over both could land anywhere.
   */
  private int[] searched(long millis) {
    int last = commits.size() - 1;
    if (ictStartIndex <= 0 || ictStartIndex > last) {
      return new int[] {0, last};
    }
    return millis >= timestamp(ictStartIndex)
        ? new int[] {ictStartIndex, last}
        : new int[] {0, ictStartIndex - 1};
  }

  /**
   * The index of the last commit in {@code first..last} whose timestamp is at or before {@code
   * millis}, {@code first} or later.
   */
  private int lastAtOrBefore(long millis, int first, int last) {
    // Timestamps increase with the version within either timeline: the last one <= millis.
    int lo = first;
    int hi = last;
    while (lo < hi) {
      int mid = (lo + hi + 1) >>> 1;
      if (timestamp(mid) <= millis) {
        lo = mid;
      } else {
        hi = mid - 1;
      }
    }
    return lo;
  }

  private String describe(int index) {
    return "version " + version(index) + " at " + Instant.ofEpochMilli(timestamp(index));
  }
}
