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
package io.deltax.read.skipping;

import io.deltax.actions.AddFile;
import io.deltax.log.Snapshot;
import java.util.HashSet;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.Supplier;

/**
 * The statistics of a snapshot's files as scans parsed them, kept with the snapshot ({@link
 * Snapshot#derived}): a cached snapshot's files are parsed once, not once per query.
 *
 * <p>A scan of the snapshot's own file list keeps, per column its filters name, each file's {@link
 * ColumnBounds} by the file's position in that list (the list is fixed for the snapshot): the next
 * scan reads them from an array, without a look-up by path or a conversion from JSON. A query
 * naming another column parses each file once more, for the columns it names.
 *
 * <p>A snapshot advanced by new commits under the same metadata takes the bounds kept by position
 * over for the files the commits left alone ({@link Snapshot.PerFile}): a query after a commit
 * parses the new files only.
 *
 * <p>Other scans (a stream's batch of files) keep each file's parsed statistics by path, with only
 * the columns some query's filters named; a query naming another column parses that file again for
 * the union, once.
 */
public final class SnapshotColumnBounds implements Snapshot.PerFile {
  /** By the file's path as the log gives it; checked against the file's own {@code stats}. */
  private final Map<String, Entry> byPath = new ConcurrentHashMap<>();

  /**
   * By physical column name: the bounds of the file at each position of the snapshot's file list.
   */
  private final Map<String, AtomicReferenceArray<ColumnBounds>> byPosition =
      new ConcurrentHashMap<>();

  /**
   * By physical partition column name: the bounds of each partition of the snapshot's file list, by
   * the list's index of its values ({@code CompactFileList#partitionIndex}).
   */
  private final Map<String, AtomicReferenceArray<ColumnBounds>> byPartition =
      new ConcurrentHashMap<>();

  private final AtomicLong parses = new AtomicLong();

  /**
   * @param columns the physical names asked for (a set shared by the entries of one query)
   */
  private record Entry(String json, Set<String> columns, FilteredColumnStats stats) {}

  /** The parsed statistics kept with {@code snapshot}. */
  public static SnapshotColumnBounds of(Snapshot snapshot) {
    return snapshot.derived(SnapshotColumnBounds.class, SnapshotColumnBounds::new);
  }

  /**
   * For a scan of files that belong to no snapshot (tests): parses once per file like a snapshot's.
   */
  public SnapshotColumnBounds() {}

  /** The statistics of {@code file} with at least {@code columns} parsed. */
  FilteredColumnStats of(AddFile file, Set<String> columns) {
    String json = file.stats();
    if (json == null) {
      return FilteredColumnStats.NONE;
    }
    Entry kept = byPath.get(file.path());
    // Another file under the same path (re-added, a deletion vector since) brings its own stats.
    boolean same = kept != null && Objects.equals(kept.json(), json);
    if (same && kept.columns().containsAll(columns)) {
      return kept.stats();
    }
    Set<String> wanted = columns;
    if (same) {
      wanted = new HashSet<>(kept.columns());
      wanted.addAll(columns);
      wanted = Set.copyOf(wanted);
    }
    FilteredColumnStats parsed = FilteredColumnStats.parse(json, wanted);
    parses.incrementAndGet();
    byPath.put(file.path(), new Entry(json, wanted, parsed));
    return parsed;
  }

  /**
   * The statistics {@code json} (null: none) for {@code columns}, parsed now and not kept by path.
   */
  FilteredColumnStats parse(String json, Set<String> columns) {
    if (json == null) {
      return FilteredColumnStats.NONE;
    }
    parses.incrementAndGet();
    return FilteredColumnStats.parse(json, columns);
  }

  /**
   * The bounds of {@code column} kept for the file at {@code position} of the snapshot's file list
   * ({@code fileCount} files), or null if none are kept yet.
   */
  ColumnBounds bounds(String column, int position, int fileCount) {
    AtomicReferenceArray<ColumnBounds> kept = byPosition.get(column);
    return kept == null || kept.length() != fileCount ? null : kept.get(position);
  }

  /** Keeps {@code bounds} of {@code column} for the file at {@code position}. */
  void keep(String column, int position, int fileCount, ColumnBounds bounds) {
    AtomicReferenceArray<ColumnBounds> kept =
        byPosition.computeIfAbsent(column, c -> new AtomicReferenceArray<>(fileCount));
    if (kept.length() == fileCount) {
      kept.set(position, bounds);
    }
  }

  /**
   * The bounds of partition column {@code column} in partition {@code partition} of the snapshot's
   * file list ({@code partitionCount} partitions), parsed by {@code parse} once and then kept: a
   * query with a partition filter judges every partition of the table.
   */
  ColumnBounds partitionBounds(
      String column, int partition, int partitionCount, Supplier<ColumnBounds> parse) {
    AtomicReferenceArray<ColumnBounds> kept =
        byPartition.computeIfAbsent(column, c -> new AtomicReferenceArray<>(partitionCount));
    if (kept.length() != partitionCount) {
      return parse.get();
    }
    ColumnBounds bounds = kept.get(partition);
    if (bounds == null) {
      bounds = parse.get();
      kept.set(partition, bounds);
    }
    return bounds;
  }

  /**
   * Takes over the bounds {@code older} keeps by position, for the files this snapshot's list holds
   * too; by path, a stream's files are parsed again.
   */
  @Override
  public void takeOver(Object older, int[] olderPositions) {
    ((SnapshotColumnBounds) older)
        .byPosition.forEach(
            (column, olderBounds) -> {
              AtomicReferenceArray<ColumnBounds> bounds =
                  new AtomicReferenceArray<>(olderPositions.length);
              for (int i = 0; i < olderPositions.length; i++) {
                int at = olderPositions[i];
                if (at >= 0 && at < olderBounds.length()) {
                  bounds.set(i, olderBounds.get(at));
                }
              }
              byPosition.putIfAbsent(column, bounds);
            });
  }

  /** How many times a file's statistics were parsed: what a second query must not add to. */
  public long parses() {
    return parses.get();
  }
}
