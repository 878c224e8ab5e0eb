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
package io.deltax.rowtracking;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;

/**
 * Which commit wrote the data of the rows a row tracking backfill numbered: the map behind {@code
 * _metadata.row_data_version}. A backfill gives every pre-existing row the backfill's own version
 * as its row commit version (field report, fact 5); row IDs survive copies, so a row whose commit
 * version is a backfill version finds its data version by its row ID here.
 *
 * <p>The map is a sorted list of runs: run {@code i} covers the row IDs {@code [start[i], start[i +
 * 1])}, the last one up to {@code endRowId}, and gives their data version, or {@link #UNKNOWN}
 * where the log no longer tells. An unknown version, like a row ID outside every run, falls back to
 * the row commit version: a pipeline may see such a row again, but never misses one.
 */
public final class RowDataVersions implements Serializable {
  /** The user-controlled domain the map is stored in (PROTOCOL.md, "Domain Metadata"). */
  public static final String DOMAIN = "io.deltax.rowDataVersions";

  public static final long UNKNOWN = -1;

  /** A map with no backfill: every row's data version is its row commit version. */
  public static final RowDataVersions NONE =
      new RowDataVersions(new long[0], new long[0], new long[0], 0);

  private final long[] backfillVersions;
  private final long[] starts;
  private final long[] versions;
  private final long endRowId;

  RowDataVersions(long[] backfillVersions, long[] starts, long[] versions, long endRowId) {
    this.backfillVersions = backfillVersions;
    this.starts = starts;
    this.versions = versions;
    this.endRowId = endRowId;
  }

  /** Whether {@code version} is the version of a row tracking backfill commit. */
  public boolean isBackfillVersion(long version) {
    return Arrays.binarySearch(backfillVersions, version) >= 0;
  }

  public long[] backfillVersions() {
    return backfillVersions.clone();
  }

  public boolean hasBackfills() {
    return backfillVersions.length > 0;
  }

  /**
   * Looks up many row IDs in a row: the rows of a batch come in row ID order within a file, so the
   * run of the last lookup usually holds the next one too. One per reader thread.
   */
  public final class Cursor {
    private int run = -1;
    private long runStart = 1;
    private long runEnd = 0;

    /** The data version of a row whose row commit version is a backfill's. */
    public long backfilledRowVersion(long rowId, long rowCommitVersion) {
      if (rowId < runStart || rowId >= runEnd) {
        run = runOf(rowId);
        if (run < 0) {
          runStart = 1;
          runEnd = 0;
          return rowCommitVersion;
        }
        runStart = starts[run];
        runEnd = run + 1 < starts.length ? starts[run + 1] : endRowId;
      }
      return versions[run] == UNKNOWN ? rowCommitVersion : versions[run];
    }
  }

  public int runCount() {
    return starts.length;
  }

  /** Whether some row IDs in the map have no known data version (they fall back). */
  public boolean hasUnknownVersions() {
    for (long v : versions) {
      if (v == UNKNOWN) {
        return true;
      }
    }
    return false;
  }

  /**
   * This map and {@code other} together: the backfills of both, and for each row ID the version
   * either knows (the newer where both do), so a map stored before log clean-up keeps what only it
   * still knows.
   */
  public RowDataVersions mergedWith(RowDataVersions other) {
    Builder builder = new Builder();
    for (RowDataVersions map : List.of(this, other)) {
      for (int i = 0; i < map.starts.length; i++) {
        if (map.versions[i] != UNKNOWN) {
          long end = i + 1 < map.starts.length ? map.starts[i + 1] : map.endRowId;
          builder.add(map.starts[i], end - map.starts[i], map.versions[i]);
        }
      }
    }
    long[] backfills =
        java.util.stream.LongStream.concat(
                Arrays.stream(backfillVersions), Arrays.stream(other.backfillVersions))
            .distinct()
            .toArray();
    return builder.build(backfills);
  }

  /** The version in which the row's current data was written. */
  public long dataVersion(long rowId, long rowCommitVersion) {
    if (backfillVersions.length == 0 || !isBackfillVersion(rowCommitVersion)) {
      return rowCommitVersion;
    }
    int run = runOf(rowId);
    return run < 0 || versions[run] == UNKNOWN ? rowCommitVersion : versions[run];
  }

  /**
   * The newest data version of the row IDs {@code [from, to)} whose row commit version is {@code
   * fallback}: for skipping files.
   */
  public long maxDataVersion(long from, long to, long fallback) {
    if (from >= to) {
      return Long.MIN_VALUE;
    }
    if (from < (starts.length == 0 ? 0 : starts[0]) || to > endRowId) {
      return fallback; // some row IDs are outside the map
    }
    long max = Long.MIN_VALUE;
    for (int run = runOf(from); run < starts.length && starts[run] < to; run++) {
      max = Math.max(max, versions[run] == UNKNOWN ? fallback : versions[run]);
    }
    return max;
  }

  /** The run holding {@code rowId}, or -1. */
  private int runOf(long rowId) {
    if (rowId >= endRowId) {
      return -1;
    }
    int i = Arrays.binarySearch(starts, rowId);
    return i >= 0 ? i : -i - 2;
  }

  /**
   * This map in at most {@code maxRuns} runs. Neighbouring runs merge into the newer version (an
   * unknown one counts as newest), so a merged run may make rows look newer, never older; the
   * merges that make the fewest rows look the fewest versions newer go first.
   */
  public RowDataVersions bounded(int maxRuns) {
    int n = starts.length;
    if (n <= Math.max(1, maxRuns)) {
      return this;
    }
    return new RunMerges(backfillVersions, starts, versions, endRowId).bounded(maxRuns);
  }

  public String toJson() {
    return RowDataVersionsJson.toJson(backfillVersions, starts, versions, endRowId);
  }

  /**
   * @throws IllegalArgumentException when {@code json} is not a map this version of deltax reads
   */
  public static RowDataVersions fromJson(String json) {
    return RowDataVersionsJson.fromJson(json);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof RowDataVersions other
        && endRowId == other.endRowId
        && Arrays.equals(backfillVersions, other.backfillVersions)
        && Arrays.equals(starts, other.starts)
        && Arrays.equals(versions, other.versions);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(starts) * 31 + Long.hashCode(endRowId);
  }

  @Override
  public String toString() {
    return "RowDataVersions(backfills "
        + Arrays.toString(backfillVersions)
        + ", "
        + starts.length
        + " runs up to row ID "
        + endRowId
        + ")";
  }

  /** Collects row ID ranges with their data versions, in any order. */
  public static final class Builder {
    private record Range(long start, long count, long version) {}

    private final List<Range> ranges = new ArrayList<>();

    /** The {@code count} row IDs from {@code start} hold data of {@code version} (or UNKNOWN). */
    public Builder add(long start, long count, long version) {
      if (count > 0) {
        ranges.add(new Range(start, count, version));
      }
      return this;
    }

    /**
     * The runs, sorted, with gaps between ranges left unknown, overlaps resolved to the newer
     * version, and neighbours of one version joined.
     */
    public RowDataVersions build(long[] backfillVersions) {
      long[] backfills = backfillVersions.clone();
      Arrays.sort(backfills);
      ranges.sort(Comparator.comparingLong(Range::start));
      List<long[]> runs = new ArrayList<>();
      long end = ranges.isEmpty() ? 0 : ranges.get(0).start();
      boolean disjoint = true;
      for (Range r : ranges) {
        disjoint &= r.start() >= end;
        end = Math.max(end, r.start() + r.count());
      }
      if (disjoint) {
        // What backfills give: ranges that never share a row ID.
        long at = ranges.isEmpty() ? 0 : ranges.get(0).start();
        for (Range r : ranges) {
          if (r.start() > at) {
            append(runs, at, UNKNOWN);
          }
          append(runs, r.start(), r.version());
          at = r.start() + r.count();
        }
      } else {
        sweep(runs);
      }
      long[] starts = new long[runs.size()];
      long[] versions = new long[runs.size()];
      for (int i = 0; i < starts.length; i++) {
        starts[i] = runs.get(i)[0];
        versions[i] = runs.get(i)[1];
      }
      return new RowDataVersions(backfills, starts, versions, end);
    }

    /** Overlapping ranges: each stretch between two range ends takes the newest version over it. */
    private void sweep(List<long[]> runs) {
      java.util.TreeSet<Long> bounds = new java.util.TreeSet<>();
      for (Range r : ranges) {
        bounds.add(r.start());
        bounds.add(r.start() + r.count());
      }
      // Versions of the ranges over the current stretch, unknown ranked newest, with counts.
      java.util.TreeMap<Long, Integer> over = new java.util.TreeMap<>();
      PriorityQueue<Range> byEnd =
          new PriorityQueue<>(Comparator.comparingLong(r -> r.start() + r.count()));
      int next = 0;
      Long from = null;
      for (long bound : bounds) {
        if (from != null) {
          append(runs, from, over.isEmpty() ? UNKNOWN : unrank(over.lastKey()));
        }
        while (!byEnd.isEmpty() && byEnd.peek().start() + byEnd.peek().count() <= bound) {
          over.computeIfPresent(rank(byEnd.poll().version()), (k, n) -> n == 1 ? null : n - 1);
        }
        while (next < ranges.size() && ranges.get(next).start() == bound) {
          Range r = ranges.get(next++);
          byEnd.add(r);
          over.merge(rank(r.version()), 1, Integer::sum);
        }
        from = bound;
      }
    }

    private static long rank(long version) {
      return version == UNKNOWN ? Long.MAX_VALUE : version;
    }

    private static long unrank(long rank) {
      return rank == Long.MAX_VALUE ? UNKNOWN : rank;
    }

    private static void append(List<long[]> runs, long start, long version) {
      if (!runs.isEmpty() && runs.get(runs.size() - 1)[1] == version) {
        return;
      }
      runs.add(new long[] {start, version});
    }
  }
}
