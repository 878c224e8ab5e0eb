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

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.deltax.changes.plan.ChangeFile;
import io.deltax.changes.plan.CommitChanges;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import org.junit.jupiter.api.Test;

class CommitSliceTest {
  private static ChangeFile file(String name, long size) {
    return new ChangeFile(name, new HashMap<>(), size, 0L, null, 0L, 1L);
  }

  /**
   * A commit that removed files of {@code removed} sizes and added files of {@code added} sizes.
   */
  private static CommitChanges commit(long[] removed, long[] added) {
    List<ChangeFile> r = new ArrayList<>();
    for (int i = 0; i < removed.length; i++) {
      r.add(file("r" + i, removed[i]));
    }
    List<ChangeFile> a = new ArrayList<>();
    for (int i = 0; i < added.length; i++) {
      a.add(file("a" + i, added[i]));
    }
    return new CommitChanges(7, 0, true, r, a);
  }

  @Test
  void aCommitIsCutBySizeUpToTheParallelismAndTheNumberOfFiles() {
    CommitChanges c = commit(new long[] {100, 100}, new long[] {100, 100});
    assertEquals(1, CommitSlice.of(c, 400, 8).size(), "400 bytes fit one slice of 400");
    assertEquals(2, CommitSlice.of(c, 200, 8).size());
    assertEquals(3, CommitSlice.of(c, 150, 8).size(), "400 / 150, rounded up");
    assertEquals(2, CommitSlice.of(c, 1, 2).size(), "no more slices than cores");
    assertEquals(4, CommitSlice.of(c, 1, 16).size(), "no more slices than files");
    assertEquals(1, CommitSlice.of(commit(new long[0], new long[0]), 1, 4).size());
  }

  @Test
  void everyFileIsReadByExactlyOneSliceAndTheBytesAreSpreadEvenly() {
    long[] removed = {900, 10, 300, 300, 5, 600};
    long[] added = {800, 20, 50, 450, 1, 1, 700};
    CommitChanges c = commit(removed, added);
    List<CommitSlice> slices = CommitSlice.of(c, 1, 3);
    assertEquals(3, slices.size());
    int[] deal = slices.get(0).deal();
    long[] bytes = new long[3];
    for (int i = 0; i < deal.length; i++) {
      assertTrue(deal[i] >= 0 && deal[i] < 3);
      bytes[deal[i]] += i < removed.length ? removed[i] : added[i - removed.length];
    }
    for (CommitSlice s : slices) {
      assertArrayEquals(deal, s.deal(), "every task deals the same way");
    }
    long total = bytes[0] + bytes[1] + bytes[2];
    for (long b : bytes) {
      // Largest first to the lightest slice: no slice exceeds its share by more than one file.
      assertTrue(b <= total / 3 + 900, "bytes per slice " + java.util.Arrays.toString(bytes));
      assertTrue(b > 0);
    }
    assertArrayEquals(
        new int[deal.length], CommitSlice.whole(c).deal(), "one slice reads everything");
  }

  /** A commit read from its change data files is cut and dealt by their sizes the same way. */
  @Test
  void changeDataFilesAreDealtToo() {
    List<ChangeFile> recorded = List.of(file("c0", 300), file("c1", 100), file("c2", 200));
    CommitChanges c = new CommitChanges(7, 0, false, List.of(), List.of(), recorded);
    assertEquals(1, CommitSlice.of(c, 600, 8).size());
    List<CommitSlice> slices = CommitSlice.of(c, 300, 8);
    assertEquals(2, slices.size());
    assertArrayEquals(
        new int[] {0, 1, 1}, slices.get(1).deal(), "300 to one slice, 200 and 100 to the other");
  }
}
