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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class AddedRowIdsTest {
  /**
   * Row IDs added as a rewrite adds them (runs of copied ones, some written between), around the
   * 2^32 boundary too, asked in ascending order, in random order and again from the start: every
   * answer equals a plain map's.
   */
  @Test
  void answersAsAMapOfEveryRowIdWould() {
    Random random = new Random(42);
    Map<Long, Boolean> expected = new HashMap<>();
    AddedRowIds ids = new AddedRowIds();
    for (long start : new long[] {0, 70_000, (1L << 32) - 300}) {
      for (long id = start; id < start + 20_000; id++) {
        int r = random.nextInt(100);
        if (r < 10) {
          continue; // deleted: in no added row
        }
        boolean written = r < 20;
        ids.add(id, written);
        expected.put(id, written);
      }
    }
    ids.closeRun();
    AddedRowIds.CopiedCursor cursor = ids.copiedCursor();
    for (long start : new long[] {0, 70_000, (1L << 32) - 300}) {
      for (long id = start - 5; id < start + 20_005; id++) {
        assertAnswers(expected, ids, cursor, id);
      }
    }
    for (int i = 0; i < 50_000; i++) {
      long id =
          random.nextBoolean()
              ? random.nextInt(100_000)
              : (1L << 32) - 400 + random.nextInt(21_000);
      assertAnswers(expected, ids, cursor, id);
    }
    assertTrue(cursor.copied(1) == Boolean.FALSE.equals(expected.get(1L)), "back to the start");
  }

  @Test
  void aRunMayTurnFromCopiedToWrittenWithoutAGap() {
    AddedRowIds ids = new AddedRowIds();
    ids.add(5, false);
    ids.add(6, false);
    ids.add(7, true);
    ids.add(8, false);
    ids.closeRun();
    AddedRowIds.CopiedCursor cursor = ids.copiedCursor();
    assertFalse(cursor.copied(4));
    assertTrue(cursor.copied(5));
    assertTrue(cursor.copied(6));
    assertFalse(cursor.copied(7));
    assertTrue(ids.written(7));
    assertTrue(cursor.copied(8));
    assertFalse(cursor.copied(9));
    assertEquals(false, ids.written(8));
  }

  private static void assertAnswers(
      Map<Long, Boolean> expected, AddedRowIds ids, AddedRowIds.CopiedCursor cursor, long id) {
    Boolean written = expected.get(id);
    boolean copied = Boolean.FALSE.equals(written);
    assertEquals(Boolean.TRUE.equals(written), ids.written(id), "written " + id);
    assertEquals(copied, ids.copied(id), "copied " + id);
    assertEquals(copied, cursor.copied(id), "copied, by the cursor, " + id);
  }
}
