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
package io.deltax.changes.derive;

import io.deltax.changes.plan.ChangeFile;
import io.deltax.changes.plan.CommitChanges;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The share of one commit's files that one task reads: a commit that rewrote many files is read by
 * several tasks at once, each matching its own files' rows ({@link CommitChangeDeriver}). The files
 * are dealt out by size, largest first, each to the slice with the fewest bytes so far; every task
 * computes the same deal from the same commit, so only the slice's number is shipped.
 *
 * @param index this slice, from 0
 * @param count how many slices the commit was cut into, 1 or more
 */
public record CommitSlice(CommitChanges commit, int index, int count) implements Serializable {

  /** The whole commit, read by one task. */
  public static CommitSlice whole(CommitChanges commit) {
    return new CommitSlice(commit, 0, 1);
  }

  /**
   * {@code commit} cut into slices of about {@code sliceBytes} of files to read each, at most
   * {@code maxSlices} (the cluster's parallelism: more would only queue).
   */
  public static List<CommitSlice> of(CommitChanges commit, long sliceBytes, int maxSlices) {
    List<ChangeFile> files = files(commit);
    long bytes = 0;
    for (ChangeFile f : files) {
      bytes += f.size();
    }
    long wanted = Math.max(1, (bytes + sliceBytes - 1) / sliceBytes);
    int count = (int) Math.max(1, Math.min(Math.min(wanted, maxSlices), files.size()));
    List<CommitSlice> slices = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      slices.add(new CommitSlice(commit, i, count));
    }
    return slices;
  }

  /** Every file of the commit to read: the removed ones, the added ones, the change data files. */
  static List<ChangeFile> files(CommitChanges commit) {
    List<ChangeFile> files = new ArrayList<>(commit.removed());
    files.addAll(commit.added());
    files.addAll(commit.changeData());
    return files;
  }

  /**
   * Which slice reads each file, by its place in {@link #files}: the removed files, then the added
   * ones, then the change data files, each in their order.
   */
  int[] deal() {
    List<ChangeFile> files = files(commit);
    int[] slice = new int[files.size()];
    if (count == 1) {
      return slice;
    }
    List<Integer> bySize = new ArrayList<>(files.size());
    for (int i = 0; i < files.size(); i++) {
      bySize.add(i);
    }
    bySize.sort(
        Comparator.<Integer>comparingLong(i -> -files.get(i).size()).thenComparingInt(i -> i));
    long[] load = new long[count];
    for (int i : bySize) {
      int least = 0;
      for (int s = 1; s < count; s++) {
        if (load[s] < load[least]) {
          least = s;
        }
      }
      slice[i] = least;
      load[least] += files.get(i).size();
    }
    return slice;
  }
}
