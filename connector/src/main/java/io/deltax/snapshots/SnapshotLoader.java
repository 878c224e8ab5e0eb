package io.deltax.snapshots;

import io.deltax.conf.DeltaXConf;
import io.deltax.conf.TimeTravel;
import io.deltax.log.Snapshot;
import io.deltax.log.TransactionLog;

/**
 * How reads, procedures and the CLI get a table's snapshot: from the JVM's {@link SnapshotCache}
 * with the session's freshness and bound, or, with {@value DeltaXConf#SNAPSHOT_CACHE_ENABLED}
 * {@code false}, from a listing of the log made for this load alone.
 */
public final class SnapshotLoader {
  private SnapshotLoader() {}

  /** The snapshot a read asks for: the latest, or {@code versionAsOf} / {@code timestampAsOf}. */
  public static LoadedSnapshot load(DeltaXConf conf) {
    String path = conf.path();
    TimeTravel travel = conf.timeTravel();
    if (!conf.snapshotCacheEnabled()) {
      TransactionLog log = TransactionLog.open(path, conf.hadoopConf());
      Snapshot snapshot = travel.version() != null ? log.snapshotAt(travel.version())
          : travel.timestampMillis() != null
              ? log.snapshotAsOf(travel.timestampMillis(), travel.timestamp())
              : log.latestSnapshot();
      return new LoadedSnapshot(log, snapshot);
    }
    SnapshotCache cache = SnapshotCache.shared();
    if (travel.version() != null) {
      return cache.atVersion(path, conf.hadoopConf(), conf.snapshotStaleness(),
          conf.snapshotCacheMaxFiles(), travel.version());
    }
    if (travel.timestampMillis() != null) {
      return cache.asOf(path, conf.hadoopConf(), conf.snapshotStaleness(),
          conf.snapshotCacheMaxFiles(), travel.timestampMillis(), travel.timestamp());
    }
    return cache.latest(path, conf.hadoopConf(), conf.snapshotStaleness(), conf.snapshotCacheMaxFiles());
  }

  /** The latest snapshot of the table at {@code path}, for procedures and tools that only read. */
  public static LoadedSnapshot latest(String path, DeltaXConf conf) {
    if (!conf.snapshotCacheEnabled()) {
      TransactionLog log = TransactionLog.open(path, conf.hadoopConf());
      return new LoadedSnapshot(log, log.latestSnapshot());
    }
    return SnapshotCache.shared().latest(path, conf.hadoopConf(), conf.snapshotStaleness(),
        conf.snapshotCacheMaxFiles());
  }
}
