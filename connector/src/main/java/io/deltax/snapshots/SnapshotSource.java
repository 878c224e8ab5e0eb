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
package io.deltax.snapshots;

import io.deltax.conf.SnapshotSettings;
import io.deltax.conf.TimeTravel;
import io.deltax.log.Snapshot;
import io.deltax.log.TransactionLog;
import java.time.Duration;
import org.apache.hadoop.conf.Configuration;

/**
 * Where the snapshots of one table come from: its root, the load's Hadoop configuration, and the
 * snapshot cache with the session's freshness and bound; or, with {@code
 * spark.deltax.snapshot.cache.enabled} {@code false}, a listing of the log made for each load
 * alone. Reads, streams, procedures and the CLI make one and ask it for versions.
 */
public final class SnapshotSource {
  private final String path;
  private final Configuration hadoopConf;
  private final SnapshotCache cache;
  private final Duration staleness;
  private final long maxCachedFiles;

  private SnapshotSource(
      String path,
      Configuration hadoopConf,
      SnapshotCache cache,
      Duration staleness,
      long maxCachedFiles) {
    this.path = path;
    this.hadoopConf = hadoopConf;
    this.cache = cache;
    this.staleness = staleness;
    this.maxCachedFiles = maxCachedFiles;
  }

  /** The table at {@code path}, from the JVM's shared cache unless {@code settings} turn it off. */
  public static SnapshotSource of(
      String path, Configuration hadoopConf, SnapshotSettings settings) {
    return new SnapshotSource(
        path,
        hadoopConf,
        settings.cacheEnabled() ? SnapshotCache.shared() : null,
        settings.staleness(),
        settings.cacheMaxFiles());
  }

  /** The table at {@code path}, from {@code cache} (tests give their own). */
  public static SnapshotSource cachedIn(
      SnapshotCache cache,
      String path,
      Configuration hadoopConf,
      Duration staleness,
      long maxCachedFiles) {
    return new SnapshotSource(path, hadoopConf, cache, staleness, maxCachedFiles);
  }

  /** The latest snapshot. */
  public LoadedSnapshot latest() {
    return load(TimeTravel.LATEST);
  }

  /** The snapshot {@code travel} asks for, with what loading it took. */
  public LoadedSnapshot load(TimeTravel travel) {
    long startedAt = System.nanoTime();
    long logFilesRead;
    LoadedSnapshot loaded;
    if (cache != null) {
      SnapshotCache.Loaded cached = cache.load(this, travel);
      loaded = cached.loaded();
      logFilesRead = cached.logFilesRead();
    } else {
      TransactionLog log = open();
      loaded = new LoadedSnapshot(log, snapshotIn(log, travel));
      logFilesRead = log.logFilesRead();
    }
    return loaded.withLoad(new SnapshotLoad(System.nanoTime() - startedAt, logFilesRead));
  }

  /** The table's log, listed now. */
  TransactionLog open() {
    return TransactionLog.open(path, hadoopConf);
  }

  /** The table's log listed again, where {@code log} was listed before. */
  TransactionLog relist(TransactionLog log) {
    return log.relist(path, hadoopConf);
  }

  /** The snapshot {@code travel} asks for, read from the listing {@code log}. */
  static Snapshot snapshotIn(TransactionLog log, TimeTravel travel) {
    if (travel instanceof TimeTravel.AtVersion v) {
      return log.snapshotAt(v.version());
    }
    if (travel instanceof TimeTravel.AsOf t) {
      return log.snapshotAsOf(t.timestampMillis(), t.shown());
    }
    return log.latestSnapshot();
  }

  /** The key of the table in the cache: its qualified root. */
  String key() {
    return TransactionLog.qualifiedRoot(path, hadoopConf).toString();
  }

  Duration staleness() {
    return staleness;
  }

  long maxCachedFiles() {
    return maxCachedFiles;
  }
}
