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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

class RowDataVersionsTest {
  private static final long BACKFILL = 9;

  private static RowDataVersions map() {
    // Rows 0-9 written in version 1, 10-19 in 3, 30-39 unknown, 40-49 in 2; 20-29 not in the map.
    return new RowDataVersions.Builder()
        .add(40, 10, 2)
        .add(0, 10, 1)
        .add(10, 10, 3)
        .add(30, 10, RowDataVersions.UNKNOWN)
        .build(new long[] {BACKFILL, 12});
  }

  @Test
  void rowsOfBackfillVersionsTakeTheirDataVersion() {
    RowDataVersions m = map();
    assertEquals(1, m.dataVersion(0, BACKFILL));
    assertEquals(1, m.dataVersion(9, BACKFILL));
    assertEquals(3, m.dataVersion(10, 12));
    assertEquals(BACKFILL, m.dataVersion(25, BACKFILL), "a gap falls back");
    assertEquals(BACKFILL, m.dataVersion(35, BACKFILL), "unknown falls back");
    assertEquals(2, m.dataVersion(49, BACKFILL));
    assertEquals(BACKFILL, m.dataVersion(50, BACKFILL), "past the end falls back");
    assertEquals(10, m.dataVersion(5, 10), "not a backfill version: unchanged");
  }

  @Test
  void maxDataVersionOfARange() {
    RowDataVersions m = map();
    assertEquals(1, m.maxDataVersion(0, 10, BACKFILL));
    assertEquals(3, m.maxDataVersion(5, 15, BACKFILL));
    assertEquals(BACKFILL, m.maxDataVersion(15, 25, BACKFILL));
    assertEquals(2, m.maxDataVersion(40, 50, BACKFILL));
    assertEquals(BACKFILL, m.maxDataVersion(45, 51, BACKFILL));
  }

  @Test
  void jsonRoundTrip() {
    RowDataVersions m = map();
    assertEquals(m, RowDataVersions.fromJson(m.toJson()));
    assertThrows(IllegalArgumentException.class, () -> RowDataVersions.fromJson("{\"format\":2}"));
    assertThrows(IllegalArgumentException.class, () -> RowDataVersions.fromJson("not json"));
  }

  @Test
  void boundedMapsOnlyEverMakeRowsLookNewer() {
    Random random = new Random(7);
    RowDataVersions.Builder builder = new RowDataVersions.Builder();
    long start = 0;
    long version = 0;
    for (int i = 0; i < 500; i++) {
      long rows = 1 + random.nextInt(20);
      version += random.nextInt(3);
      builder.add(start, rows, random.nextInt(50) == 0 ? RowDataVersions.UNKNOWN : version);
      start += rows;
    }
    RowDataVersions exact = builder.build(new long[] {1000});
    RowDataVersions bounded = exact.bounded(20);
    assertTrue(bounded.runCount() <= 20, "runs: " + bounded.runCount());
    for (long id = 0; id < start; id++) {
      long before = exact.dataVersion(id, 1000);
      long after = bounded.dataVersion(id, 1000);
      assertTrue(after >= before, "row " + id + ": " + before + " became " + after);
    }
    assertEquals(exact, exact.bounded(10_000));
  }

  @Test
  void overlappingRangesTakeTheNewerVersionRowByRow() {
    RowDataVersions m =
        new RowDataVersions.Builder()
            .add(0, 10, 5)
            .add(5, 10, 3)
            .add(6, 2, 9)
            .build(new long[] {BACKFILL});
    long[] expected = {5, 5, 5, 5, 5, 5, 9, 9, 5, 5, 3, 3, 3, 3, 3};
    for (int id = 0; id < expected.length; id++) {
      assertEquals(expected[id], m.dataVersion(id, BACKFILL), "row " + id);
    }
    assertEquals(BACKFILL, m.dataVersion(15, BACKFILL));
  }

  @Test
  void mergedMapsKeepWhatEitherKnows() {
    RowDataVersions stored =
        new RowDataVersions.Builder()
            .add(0, 10, 1)
            .add(10, 10, RowDataVersions.UNKNOWN)
            .build(new long[] {BACKFILL});
    RowDataVersions derived =
        new RowDataVersions.Builder()
            .add(0, 10, RowDataVersions.UNKNOWN)
            .add(10, 10, 2)
            .add(20, 5, 4)
            .build(new long[] {12});
    RowDataVersions merged = stored.mergedWith(derived);
    assertEquals(1, merged.dataVersion(3, BACKFILL));
    assertEquals(2, merged.dataVersion(15, 12));
    assertEquals(4, merged.dataVersion(24, BACKFILL));
    assertEquals(
        java.util.List.of(BACKFILL, 12L),
        java.util.Arrays.stream(merged.backfillVersions()).boxed().toList());
    assertTrue(stored.hasUnknownVersions());
    assertTrue(!merged.hasUnknownVersions());
  }

  @Test
  void malformedStoredMapsAreRefused() {
    for (String json :
        java.util.List.of(
            "{\"format\":1,\"backfillVersions\":[9],\"runs\":[[0]],\"endRowId\":5}",
            "{\"format\":1,\"backfillVersions\":[9],\"runs\":[[0,\"x\"]],\"endRowId\":5}",
            "{\"format\":1,\"backfillVersions\":[9],\"runs\":[[6,1]],\"endRowId\":5}")) {
      assertThrows(IllegalArgumentException.class, () -> RowDataVersions.fromJson(json), json);
    }
  }

  @Test
  void vectorFillAgreesWithRowByRowLookups() {
    RowDataVersions m = map();
    RowDataVersions.Cursor cursor = m.new Cursor();
    Random random = new Random(3);
    int n = 400;
    long[] ids = new long[n];
    long[] commits = new long[n];
    for (int i = 0; i < n; i++) {
      ids[i] = i < 200 ? i / 4 : random.nextInt(60); // in order, then anywhere
      commits[i] = random.nextInt(4) == 0 ? 10 : (random.nextBoolean() ? BACKFILL : 12);
    }
    long[] out = new long[n];
    RowIdVectors.fillRowDataVersions(out, n, ids, commits, m, cursor);
    for (int i = 0; i < n; i++) {
      assertEquals(m.dataVersion(ids[i], commits[i]), out[i], "row " + i);
    }
    RowIdVectors.fillRowDataVersions(
        out, n, ids, commits, RowDataVersions.NONE, RowDataVersions.NONE.new Cursor());
    assertEquals(java.util.Arrays.toString(commits), java.util.Arrays.toString(out));
  }
}
