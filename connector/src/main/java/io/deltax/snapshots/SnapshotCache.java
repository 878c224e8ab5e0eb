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

import io.deltax.caching.BoundedLru;
import io.deltax.conf.TimeTravel;
import io.deltax.errors.DeltaXThrowable;
import io.deltax.log.Snapshot;
import io.deltax.log.TransactionLog;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/**
 * The JVM's cache of table snapshots, as delta-spark's {@code DeltaLog} cache: one entry per table,
 * keyed by its qualified root, holding the latest snapshot listed and a few older versions time
 * travel asked for ({@link CachedTable}).
 *
 * <p>Freshness: a load lists {@code _delta_log} again unless the entry's listing started after the
 * load began, less the staleness the caller accepts (0 by default: every load sees the newest
 * commit, as delta-spark does). Loads of one table wait for each other's listing, so many threads
 * querying at once list once. After a listing the entry advances by reading only the new commits
 * ({@link TransactionLog#latestSnapshotAfter}); the snapshot is loaded in full when that cannot be
 * trusted: the log cleaned up past the cached version, a table deleted and recreated at the same
 * path, a new table id.
 *
 * <p>Bound: the active files the entries hold in memory, over all tables (a snapshot's file list is
 * loaded when a scan first asks for it and counted from then on). Past it, the least recently used
 * entries go first.
 */
public final class SnapshotCache {
  private static final SnapshotCache SHARED = new SnapshotCache(System::nanoTime);

  private final LongSupplier nanoClock;

  /** Weighed by the files they hold now: bounded by {@link #keep}, which weighs them again. */
  private final BoundedLru<String, Slot> slots =
      new BoundedLru<>(Long.MAX_VALUE, (key, slot) -> slot.loadedFiles());

  private final AtomicLong fullLoads = new AtomicLong();
  private final AtomicLong incrementalLoads = new AtomicLong();
  private final AtomicLong unchanged = new AtomicLong();
  private final AtomicLong servedWithoutListing = new AtomicLong();

  /** How the loads were answered since the cache was made or {@link #clear}ed. */
  public record Stats(
      long fullLoads, long incrementalLoads, long unchanged, long servedWithoutListing) {}

  /**
   * @param nanoClock the time, as {@link System#nanoTime()}: tests give their own
   */
  public SnapshotCache(LongSupplier nanoClock) {
    this.nanoClock = nanoClock;
  }

  /** The one cache of this JVM, which every load with the cache enabled shares. */
  public static SnapshotCache shared() {
    return SHARED;
  }

  /**
   * The snapshot {@code travel} asks for of {@code table}: the latest at most the source's
   * staleness old; a version, or the version current at a time, served by the latest or a kept
   * older one where it is that version, else read from the latest listing and kept. The latest
   * snapshot is never evicted for an older one.
   */
  Loaded load(SnapshotSource table, TimeTravel travel) {
    long startedAt = nanoClock.getAsLong();
    String key = table.key();
    Slot slot = slot(key);
    Refreshed refreshed;
    try {
      refreshed = refresh(key, slot, table, startedAt - table.staleness().toNanos());
    } catch (Exception latestUnreadable) {
      if (!(latestUnreadable instanceof DeltaXThrowable) || travel instanceof TimeTravel.Latest) {
        throw latestUnreadable;
      }
      // The latest version may be unreadable (a reader feature added since, a damaged last
      // commit) where the one asked for is not: that one alone, as without the cache, which
      // throws again if the table itself is the problem.
      TransactionLog log = table.open();
      LoadedSnapshot loaded = new LoadedSnapshot(log, SnapshotSource.snapshotIn(log, travel));
      return new Loaded(loaded, log.logFilesRead());
    }
    CachedTable cached = refreshed.table();
    // Time travel reads through the entry's listing, which other loads may read through too.
    long readBefore = cached.log().logFilesRead();
    LoadedSnapshot loaded;
    if (travel instanceof TimeTravel.AtVersion v) {
      loaded = slot.version(cached, v.version());
    } else if (travel instanceof TimeTravel.AsOf t) {
      loaded =
          slot.version(
              cached, cached.log().versionAsOf(t.timestampMillis(), t.shown(), cached.latest()));
    } else {
      loaded = cached.loaded();
    }
    keep(key, slot, table.maxCachedFiles());
    long timeTravelReads = cached.log().logFilesRead() - readBefore;
    return new Loaded(loaded, refreshed.logFilesRead() + timeTravelReads);
  }

  /** A load's snapshot, and the log files the load read ({@link SnapshotLoad}). */
  record Loaded(LoadedSnapshot loaded, long logFilesRead) {}

  /** A refreshed entry, and the log files its refresh read: none where it did not list. */
  private record Refreshed(CachedTable table, long logFilesRead) {}

  /** Forgets every table and the counts of {@link #stats()}. */
  public void clear() {
    slots.clear();
    fullLoads.set(0);
    incrementalLoads.set(0);
    unchanged.set(0);
    servedWithoutListing.set(0);
  }

  public Stats stats() {
    return new Stats(
        fullLoads.get(), incrementalLoads.get(), unchanged.get(), servedWithoutListing.get());
  }

  /** The tables cached, least recently used first. */
  public List<String> tables() {
    return slots.keys();
  }

  /** The active files the cached snapshots hold in memory. */
  public long loadedFiles() {
    return slots.values().stream().mapToLong(Slot::loadedFiles).sum();
  }

  /** The slot's entry refreshed; a table that fails to load is forgotten, then the error thrown. */
  private Refreshed refresh(String key, Slot slot, SnapshotSource table, long listedSince) {
    try {
      return slot.refresh(table, listedSince);
    } catch (Throwable e) { // a deltax AnalysisException too, which Java counts as checked
      slots.remove(key, slot);
      throw e;
    }
  }

  private Slot slot(String key) {
    return slots.computeIfAbsent(key, k -> new Slot());
  }

  /**
   * Keeps {@code slot} under {@code key} (unless another took its place meanwhile), then evicts the
   * least recently used tables while the files held exceed {@code maxFiles}: the one just used too
   * when it alone holds more.
   */
  private void keep(String key, Slot slot, long maxFiles) {
    synchronized (slots) {
      if (slots.get(key) == null) { // the get marks it used
        slots.put(key, slot);
      }
      slots.trim(maxFiles);
    }
  }

  /** One table's entry; loads of the table take turns on it, so they list once where they can. */
  private final class Slot {
    private volatile CachedTable current;

    long loadedFiles() {
      CachedTable table = current;
      return table == null ? 0 : table.loadedFiles();
    }

    /**
     * The entry, listed again unless its listing started at or after {@code listedSince}; a load
     * that fails (the table is gone, its log unreadable) forgets the entry before it throws.
     */
    synchronized Refreshed refresh(SnapshotSource table, long listedSince) {
      CachedTable cached = current;
      if (cached != null && cached.listedAtNanos() - listedSince >= 0) {
        servedWithoutListing.incrementAndGet();
        return new Refreshed(cached, 0);
      }
      long listedAt = nanoClock.getAsLong();
      current = null;
      TransactionLog log = cached == null ? table.open() : table.relist(cached.log());
      Optional<Snapshot> advanced =
          cached == null ? Optional.empty() : log.latestSnapshotAfter(cached.latest());
      CachedTable refreshed;
      if (advanced.isPresent()) {
        (advanced.get() == cached.latest() ? unchanged : incrementalLoads).incrementAndGet();
        refreshed = cached.refreshed(log, advanced.get(), listedAt);
      } else {
        fullLoads.incrementAndGet();
        Snapshot latest = log.latestSnapshot();
        refreshed =
            cached == null
                ? new CachedTable(log, latest, listedAt, Map.of())
                : cached.refreshed(log, latest, listedAt);
      }
      current = refreshed;
      // A new listing: every read through it so far is this refresh's.
      return new Refreshed(refreshed, log.logFilesRead());
    }

    /**
     * The snapshot at {@code version} of {@code table} (this slot's entry, just refreshed): kept
     * ones are served where they are still in the log; others are read from the entry's listing and
     * kept, unless the entry changed meanwhile.
     */
    LoadedSnapshot version(CachedTable table, long version) {
      Optional<Snapshot> kept = table.version(version);
      if (kept.isPresent()
          && (version == table.latest().version()
              || version >= table.log().listing().earliestRecreatableVersion())) {
        return new LoadedSnapshot(table.log(), kept.get());
      }
      Snapshot read = table.log().snapshotAt(version);
      synchronized (this) {
        if (current == table) {
          current = table.withOlder(read);
        }
      }
      return new LoadedSnapshot(table.log(), read);
    }
  }
}
