package io.deltax.conf;

import java.time.Duration;

/**
 * How a load gets its snapshot: from the JVM's snapshot cache, at most {@code staleness} old,
 * the cache bounded to {@code cacheMaxFiles} active files; or, not {@code cacheEnabled}, from a
 * listing of the log made for this load alone.
 */
public record SnapshotSettings(boolean cacheEnabled, Duration staleness, long cacheMaxFiles) {
  /** The defaults: cached, listed on every load, bounded by the default number of files. */
  public static final SnapshotSettings DEFAULT = new SnapshotSettings(
      SessionSettings.SNAPSHOT_CACHE_ENABLED.defaultValue(),
      SessionSettings.SNAPSHOT_STALENESS.defaultValue(),
      SessionSettings.SNAPSHOT_CACHE_MAX_FILES.defaultValue());
}
