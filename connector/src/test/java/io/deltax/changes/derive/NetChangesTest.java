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

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.junit.jupiter.api.Test;

/** One entry per row ID for a range, whatever the commits did between its start and its end. */
class NetChangesTest {
  /**
   * A row as FileRows reads it: the value, then the (row_id, row_commit_version) struct. A
   * pre-image or a delete carries the version the row had before {@code version}.
   */
  private static ChangeRow change(
      long rowId, int value, ChangeType type, long version, long rowCommitVersion) {
    InternalRow ids = new GenericInternalRow(new Object[] {rowId, rowCommitVersion});
    return new ChangeRow(
        new GenericInternalRow(new Object[] {value, ids}), type, version, 1000 * version);
  }

  /** Each net entry as "type value @version". */
  private static List<String> net(ChangeRow... changes) {
    NetChanges collapse = new NetChanges();
    for (ChangeRow c : changes) {
      collapse.add(c, true);
    }
    List<String> out = new ArrayList<>();
    for (Iterator<ChangeRow> it = collapse.result(); it.hasNext(); ) {
      ChangeRow c = it.next();
      out.add(c.type().label() + " " + c.row().getInt(0) + " @" + c.version());
    }
    return out;
  }

  @Test
  void insertedThenUpdatedIsOneInsertWithTheLastValues() {
    assertEquals(
        List.of("insert 11 @3"),
        net(
            change(0, 10, ChangeType.INSERT, 2, 2),
            change(0, 10, ChangeType.UPDATE_PREIMAGE, 3, 2),
            change(0, 11, ChangeType.UPDATE_POSTIMAGE, 3, 3)));
  }

  @Test
  void insertedThenDeletedIsNothing() {
    assertEquals(
        List.of(),
        net(change(0, 10, ChangeType.INSERT, 2, 2), change(0, 10, ChangeType.DELETE, 3, 2)));
  }

  @Test
  void updatedTwiceIsThePreImageAtTheStartAndThePostImageAtTheEnd() {
    assertEquals(
        List.of("update_preimage 10 @2", "update_postimage 12 @3"),
        net(
            change(0, 10, ChangeType.UPDATE_PREIMAGE, 2, 1),
                change(0, 11, ChangeType.UPDATE_POSTIMAGE, 2, 2),
            change(0, 11, ChangeType.UPDATE_PREIMAGE, 3, 2),
                change(0, 12, ChangeType.UPDATE_POSTIMAGE, 3, 3)));
  }

  @Test
  void updatedThenDeletedIsOneDeleteWithTheValuesAtTheStart() {
    assertEquals(
        List.of("delete 10 @3"),
        net(
            change(0, 10, ChangeType.UPDATE_PREIMAGE, 2, 1),
            change(0, 11, ChangeType.UPDATE_POSTIMAGE, 2, 2),
            change(0, 11, ChangeType.DELETE, 3, 2)));
  }

  /**
   * A RESTORE re-adds the rows it brings back under their row IDs and row commit versions, file by
   * file: a delete of the values it reverts and an insert of the old ones. Brought back to the
   * version the range started with, the row did not change over the range.
   */
  @Test
  void updatedThenRestoredToTheStartIsNothing() {
    assertEquals(
        List.of(),
        net(
            change(0, 10, ChangeType.UPDATE_PREIMAGE, 2, 1),
                change(0, 11, ChangeType.UPDATE_POSTIMAGE, 2, 2),
            change(0, 11, ChangeType.DELETE, 3, 2), change(0, 10, ChangeType.INSERT, 3, 1)));
  }

  @Test
  void deletedThenBroughtBackIsNothing() {
    assertEquals(
        List.of(),
        net(change(7, 10, ChangeType.DELETE, 2, 1), change(7, 10, ChangeType.INSERT, 3, 1)));
  }

  /**
   * Restored to a version between the start and the end: there at both, another version at the end,
   * so a pre- and post-image pair, never a pre-image beside an insert.
   */
  @Test
  void updatedThenRestoredToAVersionBetweenIsAnUpdatePair() {
    assertEquals(
        List.of("update_preimage 10 @2", "update_postimage 11 @4"),
        net(
            change(0, 10, ChangeType.UPDATE_PREIMAGE, 2, 1),
                change(0, 11, ChangeType.UPDATE_POSTIMAGE, 2, 2),
            change(0, 11, ChangeType.UPDATE_PREIMAGE, 3, 2),
                change(0, 12, ChangeType.UPDATE_POSTIMAGE, 3, 3),
            change(0, 12, ChangeType.DELETE, 4, 3), change(0, 11, ChangeType.INSERT, 4, 2)));
  }
}
