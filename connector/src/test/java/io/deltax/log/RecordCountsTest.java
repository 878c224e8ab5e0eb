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

import io.deltax.actions.AddFile;
import java.util.Map;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class RecordCountsTest {
  @Test
  void numRecordsWhereverItIsAndNothingWhereItIsNot() {
    assertEquals(OptionalLong.of(7), records("{\"numRecords\":7,\"minValues\":{\"a\":1}}"));
    assertEquals(
        OptionalLong.of(3),
        records(
            "{\"minValues\":{\"numRecords\":9,\"b\":[1,{}]},"
                + "\"nullCount\":{\"a\":0},\"numRecords\":3}"));
    assertEquals(OptionalLong.empty(), records("{\"minValues\":{\"numRecords\":9}}"));
    assertEquals(OptionalLong.empty(), records("{\"numRecords\":\"7\"}"));
    assertEquals(OptionalLong.of(7), records("{\"numRecords\":7.0}"));
    assertEquals(OptionalLong.empty(), records("{\"numRecords\":7.5}"));
    assertEquals(OptionalLong.empty(), records("{\"numRecords\":"));
    assertEquals(OptionalLong.empty(), records("[]"));
    assertEquals(OptionalLong.empty(), records(null));
  }

  private static OptionalLong records(String stats) {
    return RecordCounts.numRecords(
        new AddFile("f", Map.of(), 1, 1, true, stats, Map.of(), null, null, null, null));
  }
}
