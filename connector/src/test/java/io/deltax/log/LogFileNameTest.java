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
package io.deltax.log;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

class LogFileNameTest {
  @Test
  void recognizesEveryKindOfLogFile() {
    assertEquals(
        new LogFileName(12, LogFileName.Kind.COMMIT, 1, 1),
        LogFileName.parse("00000000000000000012.json"));
    assertEquals(
        new LogFileName(10, LogFileName.Kind.CLASSIC_CHECKPOINT, 1, 1),
        LogFileName.parse("00000000000000000010.checkpoint.parquet"));
    assertEquals(
        new LogFileName(10, LogFileName.Kind.MULTI_PART_CHECKPOINT, 2, 3),
        LogFileName.parse("00000000000000000010.checkpoint.0000000002.0000000003.parquet"));
    assertEquals(
        new LogFileName(7, LogFileName.Kind.V2_CHECKPOINT, 1, 1),
        LogFileName.parse(
            "00000000000000000007.checkpoint.80a083e8-7026-4e79-81be-64bd76c43a11.json"));
    assertEquals(
        LogFileName.Kind.V2_CHECKPOINT,
        LogFileName.parse(
                "00000000000000000007.checkpoint.80a083e8-7026-4e79-81be-64bd76c43a11.parquet")
            .kind());
    // As delta-spark's and Delta Kernel's patterns: any part without a dot.
    assertEquals(
        new LogFileName(7, LogFileName.Kind.V2_CHECKPOINT, 1, 1),
        LogFileName.parse("00000000000000000007.checkpoint.a1b2c3.json"));
  }

  @Test
  void ignoresEverythingElse() {
    assertNull(LogFileName.parse("_last_checkpoint"));
    assertNull(LogFileName.parse("00000000000000000012.crc"));
    assertNull(LogFileName.parse("00000000000000000001.00000000000000000009.compacted.json"));
    assertNull(LogFileName.parse("00000000000000000010.checkpoint.0000000004.0000000003.parquet"));
    assertNull(LogFileName.parse(".00000000000000000012.json.crc"));
    assertNull(LogFileName.parse("00000000000000000012.json.tmp"));
    assertNull(LogFileName.parse("123456789012345678901234.json"), "past the largest version");
    assertNull(LogFileName.parse("00000000000000000010.checkpoint.1.99999999999.parquet"));
    assertNull(LogFileName.parse("00000000000000000007.checkpoint..json"));
  }

  @Test
  void commitNamesArePaddedToTwentyDigits() {
    assertEquals("00000000000000000042.json", LogFileName.commitName(42));
  }
}
