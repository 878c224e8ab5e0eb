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

import static io.deltax.rowtracking.RowDataVersions.UNKNOWN;

import io.deltax.rowtracking.RowDataVersions.Builder;
import java.util.Comparator;
import java.util.PriorityQueue;

/**
 * The merges of neighbouring runs that bring a {@link RowDataVersions} map down to a number of runs
 * ({@link RowDataVersions#bounded}), cheapest first.
 */
final class RunMerges {
  private final long[] backfillVersions;
  private final long[] starts;
  private final long[] versions;
  private final long endRowId;

  RunMerges(long[] backfillVersions, long[] starts, long[] versions, long endRowId) {
    this.backfillVersions = backfillVersions;
    this.starts = starts;
    this.versions = versions;
    this.endRowId = endRowId;
  }

  /** The map in {@code maxRuns} runs, merged from more. */
  RowDataVersions bounded(int maxRuns) {
    int n = starts.length;
    long[] rows = new long[n];
    long[] version = versions.clone();
    int[] next = new int[n];
    int[] prev = new int[n];
    int[] stamp = new int[n];
    boolean[] merged = new boolean[n];
    for (int i = 0; i < n; i++) {
      rows[i] = (i + 1 < n ? starts[i + 1] : endRowId) - starts[i];
      next[i] = i + 1 < n ? i + 1 : -1;
      prev[i] = i - 1;
    }
    record Merge(double cost, int left, int right, int leftStamp, int rightStamp) {}
    PriorityQueue<Merge> queue = new PriorityQueue<>(Comparator.comparingDouble(Merge::cost));
    java.util.function.IntConsumer offer =
        left -> {
          int right = left < 0 ? -1 : next[left];
          if (left >= 0 && right >= 0) {
            queue.add(
                new Merge(
                    mergeCost(rows[left], version[left], rows[right], version[right]),
                    left,
                    right,
                    stamp[left],
                    stamp[right]));
          }
        };
    for (int i = 0; i + 1 < n; i++) {
      offer.accept(i);
    }
    int runs = n;
    while (runs > maxRuns) {
      Merge m = queue.poll();
      if (merged[m.left()]
          || merged[m.right()]
          || stamp[m.left()] != m.leftStamp()
          || stamp[m.right()] != m.rightStamp()) {
        continue;
      }
      int l = m.left();
      int r = m.right();
      version[l] = newer(version[l], version[r]);
      rows[l] += rows[r];
      merged[r] = true;
      next[l] = next[r];
      if (next[r] >= 0) {
        prev[next[r]] = l;
      }
      stamp[l]++;
      runs--;
      offer.accept(prev[l]);
      offer.accept(l);
    }
    Builder builder = new Builder();
    for (int i = 0; i < n; i++) {
      if (!merged[i]) {
        builder.add(starts[i], rows[i], version[i]);
      }
    }
    return builder.build(backfillVersions);
  }

  /** Rows made to look newer, weighted by how much newer; an unknown version weighs most. */
  private static double mergeCost(
      long leftRows, long leftVersion, long rightRows, long rightVersion) {
    long to = newer(leftVersion, rightVersion);
    return shift(leftRows, leftVersion, to) + shift(rightRows, rightVersion, to);
  }

  private static double shift(long rows, long from, long to) {
    if (from == to) {
      return 0;
    }
    return to == UNKNOWN ? rows * 1e12 : (double) rows * (to - from);
  }

  private static long newer(long a, long b) {
    return a == UNKNOWN || b == UNKNOWN ? UNKNOWN : Math.max(a, b);
  }
}
