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
package io.deltax.streaming;

import static io.deltax.errors.DeltaXErrorCondition.DELTAX_STREAM_BAD_OFFSET;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.deltax.errors.DeltaXRuntimeException;
import org.junit.jupiter.api.Test;

/** Offsets are JSON that names its fields, read back as written; others are refused by name. */
class DeltaXSourceOffsetTest {
  @Test
  void roundTripsAsReadableJson() {
    DeltaXSourceOffset offset = new DeltaXSourceOffset("t-1", 12, 3, false);
    String json = offset.json();
    assertEquals(
        "{\"sourceVersion\":1,\"tableId\":\"t-1\",\"version\":12,\"index\":3,"
            + "\"isInitialSnapshot\":false}",
        json);
    DeltaXSourceOffset back = DeltaXSourceOffset.fromJson("/t", json);
    assertEquals(offset, back);
    assertTrue(back.covers(12, 3));
    assertFalse(back.covers(12, 4));
    assertTrue(back.covers(11, 99));
  }

  @Test
  void beforeAVersionCoversNoneOfIt() {
    DeltaXSourceOffset before = DeltaXSourceOffset.before("t", 5);
    assertFalse(before.covers(5, 0));
    assertTrue(before.covers(4, 1000));
    assertTrue(before.compareTo(new DeltaXSourceOffset("t", 5, 0, false)) < 0);
  }

  /**
   * A batch that reads all of version 4 ends before 5; where 5 changes the schema, the next ends at
   * its metadata change, then after it, then in its files: each end after the one before.
   */
  @Test
  void aMetadataChangeComesAfterTheVersionsStartAndBeforeItsFiles() {
    DeltaXSourceOffset before = DeltaXSourceOffset.before("t", 5);
    DeltaXSourceOffset change = DeltaXSourceOffset.metadataChange("t", 5);
    DeltaXSourceOffset after = change.postMetadataChange();
    DeltaXSourceOffset file = new DeltaXSourceOffset("t", 5, 0, false);
    assertTrue(before.compareTo(change) < 0);
    assertTrue(change.compareTo(after) < 0);
    assertTrue(after.compareTo(file) < 0);
    assertTrue(change.covers(5, DeltaXSourceOffset.BASE_INDEX));
    assertFalse(before.covers(5, DeltaXSourceOffset.METADATA_CHANGE_INDEX));
    assertFalse(after.covers(5, 0));
  }

  @Test
  void newerOrForeignOffsetsAreRefused() {
    for (String json :
        new String[] {
          "not json",
          "{\"sourceVersion\":2,\"tableId\":\"t\",\"version\":1,\"index\":-1}",
          "{\"reservoirVersion\":3}"
        }) {
      DeltaXRuntimeException e =
          assertThrows(DeltaXRuntimeException.class, () -> DeltaXSourceOffset.fromJson("/t", json));
      assertEquals(DELTAX_STREAM_BAD_OFFSET, e.condition());
      assertTrue(e.getMessage().contains("/t"), e.getMessage());
    }
  }
}
