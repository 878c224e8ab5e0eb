package io.deltax.streaming;

import io.deltax.actions.CommitInfo;
import io.deltax.conf.StreamRequest;
import io.deltax.log.LogFileName;
import io.deltax.log.Snapshot;
import io.deltax.log.TransactionLog;
import java.util.List;
import org.apache.hadoop.fs.FileStatus;

/** Where a new stream (no checkpoint yet) starts, from its options and the latest snapshot. */
final class StartingVersion {
  private StartingVersion() {}

  /**
   * Without a start: the latest snapshot, then the commits after it. {@code startingVersion}: the
   * commits from that version ({@code latest}: after the latest). {@code startingTimestamp}: the
   * commits from the first version committed at or after that time.
   */
  static DeltaXSourceOffset initialOffset(StreamRequest request, TransactionLog log, Snapshot latest) {
    String tableId = latest.metadata().id();
    if (request.startsWithSnapshot()) {
      return new DeltaXSourceOffset(tableId, latest.version(), DeltaXSourceOffset.BASE_INDEX, true);
    }
    if (request.startAtLatest()) {
      return DeltaXSourceOffset.before(tableId, latest.version() + 1);
    }
    if (request.startingVersion() != null) {
      return DeltaXSourceOffset.before(tableId, request.startingVersion());
    }
    return DeltaXSourceOffset.before(tableId,
        firstAtOrAfter(log, latest, request.startingTimestampMillis(), request.startingTimestamp()));
  }

  /** As delta-spark: a time after the last commit starts after it; one before the first, at it. */
  private static long firstAtOrAfter(TransactionLog log, Snapshot latest, long millis, String asWritten) {
    if (millis > latest.timestamp()) {
      return latest.version() + 1;
    }
    List<FileStatus> commits = log.listing().commits();
    if (!commits.isEmpty() && millis <= timestamp(log, commits.get(0))) {
      return LogFileName.parse(commits.get(0).getPath().getName()).version();
    }
    Snapshot atOrBefore = log.snapshotAsOf(millis, asWritten, latest);
    return atOrBefore.timestamp() >= millis ? atOrBefore.version() : atOrBefore.version() + 1;
  }

  private static long timestamp(TransactionLog log, FileStatus commit) {
    return log.commitInfo(commit).map(CommitInfo::inCommitTimestamp)
        .orElse(commit.getModificationTime());
  }
}
