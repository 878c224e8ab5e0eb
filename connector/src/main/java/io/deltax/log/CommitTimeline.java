package io.deltax.log;

import io.deltax.errors.DeltaXErrors;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import org.apache.hadoop.fs.FileStatus;

/**
 * The commit timestamps of the versions a table can still be read at, for {@code timestampAsOf}.
 * Like delta-spark: file modification times made strictly increasing (a commit whose time is not
 * after its predecessor's counts as one millisecond later), and from the version that enabled
 * in-commit timestamps on, the {@code inCommitTimestamp} of each commit.
 */
final class CommitTimeline {
  private final String table;
  private final Function<FileStatus, Optional<Long>> inCommitTimestamp;
  private final List<FileStatus> commits = new ArrayList<>();
  private final long[] fileTimes;
  private final long ictStartIndex;
  private final Long[] ictCache;

  /**
   * @param inCommitTimestamp reads one commit's in-commit timestamp, asked only for the commits a
   *     search visits from the version that enabled them on
   */
  CommitTimeline(LogListing listing, Snapshot latest,
      Function<FileStatus, Optional<Long>> inCommitTimestamp) {
    this.table = listing.tableRoot().toString();
    this.inCommitTimestamp = inCommitTimestamp;
    long earliest = listing.earliestRecreatableVersion();
    for (FileStatus commit : listing.commits()) {
      long version = LogFileName.parse(commit.getPath().getName()).version();
      if (version >= earliest && version <= latest.version()) {
        commits.add(commit);
      }
    }
    fileTimes = new long[commits.size()];
    long previous = Long.MIN_VALUE;
    for (int i = 0; i < commits.size(); i++) {
      long time = commits.get(i).getModificationTime();
      fileTimes[i] = time > previous ? time : previous + 1;
      previous = fileTimes[i];
    }
    long ictVersion = latest.properties().inCommitTimestampsEnabled()
        ? latest.properties().inCommitTimestampEnablementVersion() : Long.MAX_VALUE;
    long start = commits.size();
    for (int i = 0; i < commits.size(); i++) {
      if (version(i) >= ictVersion) {
        start = i;
        break;
      }
    }
    ictStartIndex = start;
    ictCache = new Long[commits.size()];
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
    int last = commits.size() - 1;
    if (millis < timestamp(0)) {
      throw DeltaXErrors.timestampBeforeFirstCommit(table, requested, describe(0));
    }
    if (millis > timestamp(last)) {
      throw DeltaXErrors.timestampAfterLastCommit(table, requested, describe(last));
    }
    // Timestamps increase with the version: binary search for the last one <= millis.
    int lo = 0;
    int hi = last;
    while (lo < hi) {
      int mid = (lo + hi + 1) >>> 1;
      if (timestamp(mid) <= millis) {
        lo = mid;
      } else {
        hi = mid - 1;
      }
    }
    return version(lo);
  }

  private String describe(int index) {
    return "version " + version(index) + " at " + Instant.ofEpochMilli(timestamp(index));
  }
}
