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

import io.deltax.log.Snapshot;
import io.deltax.log.TransactionLog;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * What {@link SnapshotCache} holds for one table: the latest snapshot it listed, the listing it
 * came from and when that listing started, and a few older versions that time travel asked for.
 * Immutable: a refresh makes a new one.
 *
 * @param listedAtNanos when the listing started ({@code System.nanoTime()} or the cache's clock): a
 *     load that began before it may take this snapshot as the latest
 * @param older versions read by time travel, by version; the same table's (same id)
 */
record CachedTable(
    TransactionLog log, Snapshot latest, long listedAtNanos, Map<Long, Snapshot> older) {
  /** Time-travel snapshots kept per table besides the latest; the oldest asked for goes first. */
  static final int OLDER_VERSIONS = 4;

  CachedTable {
    older = Collections.unmodifiableMap(new LinkedHashMap<>(older));
  }

  LoadedSnapshot loaded() {
    return new LoadedSnapshot(log, latest);
  }

  /**
   * The table listed again: the older versions stay when it is still the same table, and where the
   * new listing still holds the last log file each was read from. A log rolled back (a directory
   * restored from a backup, a commit deleted by hand) and written on again must not serve a version
   * from the history it lost.
   */
  CachedTable refreshed(TransactionLog newLog, Snapshot newLatest, long listedAt) {
    if (!newLatest.metadata().id().equals(latest.metadata().id())) {
      return new CachedTable(newLog, newLatest, listedAt, Map.of());
    }
    LinkedHashMap<Long, Snapshot> kept = new LinkedHashMap<>();
    older.forEach(
        (version, snapshot) -> {
          if (version < newLatest.version()
              && newLog.listing().stillHolds(snapshot.segment().lastFile())) {
            kept.put(version, snapshot);
          }
        });
    return new CachedTable(newLog, newLatest, listedAt, kept);
  }

  Optional<Snapshot> version(long version) {
    return version == latest.version()
        ? Optional.of(latest)
        : Optional.ofNullable(older.get(version));
  }

  /**
   * This table with {@code snapshot} (an older version) kept, the first kept of them dropped past
   * the bound.
   */
  CachedTable withOlder(Snapshot snapshot) {
    LinkedHashMap<Long, Snapshot> kept = new LinkedHashMap<>(older);
    kept.remove(snapshot.version());
    kept.put(snapshot.version(), snapshot);
    while (kept.size() > OLDER_VERSIONS) {
      kept.remove(kept.keySet().iterator().next());
    }
    return new CachedTable(log, latest, listedAtNanos, kept);
  }

  /** Active files held in memory by every snapshot kept: what counts against the cache's bound. */
  long loadedFiles() {
    long files = latest.loadedFileCount();
    for (Snapshot s : older.values()) {
      files += s.loadedFileCount();
    }
    return files;
  }
}
