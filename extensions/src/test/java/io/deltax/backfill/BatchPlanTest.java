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
package io.deltax.backfill;

import static io.deltax.errors.DeltaXErrorCondition.DELTAX_INVALID_ARGUMENT;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.deltax.errors.DeltaXIllegalArgumentException;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Batches of at most N files, and runs of at most max_commits of them (delta-spark: 22,000). */
class BatchPlanTest {
  private static final BatchPlan DEFAULT = new BatchPlan(22_000, 0);

  @Test
  void batchesOfAtMostTheBatchSize() {
    assertEquals(List.of(21_999), DEFAULT.batchSizes(21_999));
    assertEquals(List.of(22_000), DEFAULT.batchSizes(22_000));
    assertEquals(List.of(22_000, 1), DEFAULT.batchSizes(22_001));
    assertEquals(List.of(22_000, 22_000, 6_000), DEFAULT.batchSizes(50_000));
    assertEquals(3, DEFAULT.totalBatches(50_000));
    assertEquals(List.of(), DEFAULT.batchSizes(0));
    assertEquals(0, DEFAULT.totalBatches(0));
  }

  @Test
  void maxCommitsStopsTheRunAndTheNextRunResumesWithTheRest() {
    BatchPlan twoPerRun = new BatchPlan(22_000, 2);
    assertEquals(3, twoPerRun.totalBatches(50_000));
    assertEquals(2, twoPerRun.batchesThisRun(50_000));
    assertEquals(44_000, twoPerRun.filesThisRun(50_000));
    assertEquals(List.of(22_000, 22_000), twoPerRun.batchSizes(50_000));
    assertTrue(twoPerRun.mayCommitAfter(1));
    assertTrue(!twoPerRun.mayCommitAfter(2));
    // The next run plans again from the files still pending.
    long left = 50_000 - twoPerRun.filesThisRun(50_000);
    assertEquals(List.of(6_000), twoPerRun.batchSizes(left));
    assertEquals(0, twoPerRun.filesThisRun(left - 6_000));
  }

  @Test
  void theLargestBatchSizeDoesNotOverflow() {
    BatchPlan largest = new BatchPlan(Integer.MAX_VALUE, 3);
    assertEquals(1, largest.totalBatches(3));
    assertEquals(List.of(3), largest.batchSizes(3));
    assertEquals(3, largest.filesThisRun(3));
    assertEquals(2, new BatchPlan(1 << 30, 0).totalBatches((1L << 30) + 1));
  }

  @Test
  void argumentsOutsideTheirRangeAreRefusedByName() {
    DeltaXIllegalArgumentException zero =
        assertThrows(DeltaXIllegalArgumentException.class, () -> new BatchPlan(0, 0));
    assertEquals(DELTAX_INVALID_ARGUMENT, zero.condition());
    assertTrue(
        zero.getMessage()
            .contains("batch_size 0 is below the range of 1 to 2147483647 files per commit"),
        zero.getMessage());
    DeltaXIllegalArgumentException negative =
        assertThrows(DeltaXIllegalArgumentException.class, () -> new BatchPlan(5, -1));
    assertTrue(
        negative
            .getMessage()
            .contains("max_commits -1 is below the range of 0 (no limit) to 2147483647"),
        negative.getMessage());
  }
}
