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
package io.deltax.conf;

import static io.deltax.errors.DeltaXErrorCondition.DELTAX_INVALID_ARGUMENT;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.deltax.errors.DeltaXIllegalArgumentException;
import java.math.BigDecimal;
import org.junit.jupiter.api.Test;

/** One message per bad value, naming the setting, the value and the range; nothing truncated. */
class WholeNumberRangeTest {
  private static final WholeNumberRange FILES = WholeNumberRange.FILES_PER_COMMIT;

  private static String refusal(Runnable parse) {
    DeltaXIllegalArgumentException e =
        assertThrows(DeltaXIllegalArgumentException.class, parse::run);
    assertEquals(DELTAX_INVALID_ARGUMENT, e.condition());
    return e.getMessage();
  }

  @Test
  void wholeNumbersInRangePass() {
    assertEquals(5000, FILES.parse("--batch-size", "5000"));
    assertEquals(5000, FILES.parse("--batch-size", " 5000 "));
    assertEquals(2, FILES.check("batch_size", new BigDecimal("2.0")));
    assertEquals(Integer.MAX_VALUE, FILES.check("batch_size", (long) Integer.MAX_VALUE));
    assertEquals(0, WholeNumberRange.MAX_COMMITS.parse("--max-commits", "0"));
  }

  @Test
  void fractionsAreRefusedNotTruncated() {
    assertEquals(
        "[DELTAX_INVALID_ARGUMENT] batch_size takes a whole number from 1 to 2147483647 "
            + "files per commit, not 2.5. Nothing was written. SQLSTATE: 22023",
        refusal(() -> FILES.check("batch_size", new BigDecimal("2.5"))));
    assertEquals(
        "[DELTAX_INVALID_ARGUMENT] batch_size takes a whole number from 1 to 2147483647 "
            + "files per commit, not 2.5. Nothing was written. SQLSTATE: 22023",
        refusal(() -> FILES.check("batch_size", 2.5d)));
    assertEquals(
        "[DELTAX_INVALID_ARGUMENT] batch_size takes a whole number from 1 to 2147483647 "
            + "files per commit, not NaN. Nothing was written. SQLSTATE: 22023",
        refusal(() -> FILES.check("batch_size", Double.NaN)));
  }

  @Test
  void numbersOutsideTheRangeSaySo() {
    assertEquals(
        "[DELTAX_INVALID_ARGUMENT] --batch-size 1000000000000 exceeds the range of 1 to "
            + "2147483647 files per commit. Nothing was written. SQLSTATE: 22023",
        refusal(() -> FILES.parse("--batch-size", "1000000000000")));
    assertEquals(
        "[DELTAX_INVALID_ARGUMENT] batch_size 10000000000 exceeds the range of 1 to "
            + "2147483647 files per commit. Nothing was written. SQLSTATE: 22023",
        refusal(() -> FILES.check("batch_size", 10_000_000_000L)));
    assertEquals(
        "[DELTAX_INVALID_ARGUMENT] --batch-size 0 is below the range of 1 to 2147483647 "
            + "files per commit. Nothing was written. SQLSTATE: 22023",
        refusal(() -> FILES.parse("--batch-size", "0")));
    assertEquals(
        "[DELTAX_INVALID_ARGUMENT] spark.deltax.rowDataVersions.maxRuns -3 is below the range "
            + "of 1 to 2147483647 runs. Nothing was written. SQLSTATE: 22023",
        refusal(
            () -> WholeNumberRange.MAX_RUNS.parse("spark.deltax.rowDataVersions.maxRuns", "-3")));
  }

  @Test
  void wordsAreNotNumbers() {
    assertEquals(
        "[DELTAX_INVALID_ARGUMENT] --batch-size takes a whole number from 1 to 2147483647 "
            + "files per commit, not 'many'. Nothing was written. SQLSTATE: 22023",
        refusal(() -> FILES.parse("--batch-size", "many")));
  }
}
