package io.deltax.changes;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.junit.jupiter.api.Test;

/** One entry per row ID for a range, whatever the commits did between its start and its end. */
class NetChangesTest {
  /** A row as FileRows reads it: the value, then the (row_id, row_commit_version) struct. */
  private static ChangeRow change(long rowId, int value, ChangeType type, long version) {
    InternalRow ids = new GenericInternalRow(new Object[] {rowId, version});
    return new ChangeRow(new GenericInternalRow(new Object[] {value, ids}), type, version, 1000 * version);
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
    assertEquals(List.of("insert 11 @3"), net(
        change(0, 10, ChangeType.INSERT, 2),
        change(0, 10, ChangeType.UPDATE_PREIMAGE, 3), change(0, 11, ChangeType.UPDATE_POSTIMAGE, 3)));
  }

  @Test
  void insertedThenDeletedIsNothing() {
    assertEquals(List.of(), net(change(0, 10, ChangeType.INSERT, 2), change(0, 10, ChangeType.DELETE, 3)));
  }

  @Test
  void updatedTwiceIsThePreImageAtTheStartAndThePostImageAtTheEnd() {
    assertEquals(List.of("update_preimage 10 @2", "update_postimage 12 @3"), net(
        change(0, 10, ChangeType.UPDATE_PREIMAGE, 2), change(0, 11, ChangeType.UPDATE_POSTIMAGE, 2),
        change(0, 11, ChangeType.UPDATE_PREIMAGE, 3), change(0, 12, ChangeType.UPDATE_POSTIMAGE, 3)));
  }

  @Test
  void updatedThenDeletedIsOneDeleteWithTheValuesAtTheStart() {
    assertEquals(List.of("delete 10 @3"), net(
        change(0, 10, ChangeType.UPDATE_PREIMAGE, 2), change(0, 11, ChangeType.UPDATE_POSTIMAGE, 2),
        change(0, 11, ChangeType.DELETE, 3)));
  }

  /**
   * A RESTORE re-adds the rows it brings back under their row IDs, file by file: a delete of the
   * values it reverts and an insert of the old ones. Over a range, the row was there at the start
   * and at the end: a pre- and post-image pair, never a pre-image beside an insert.
   */
  @Test
  void updatedThenRestoredIsAnUpdatePair() {
    assertEquals(List.of("update_preimage 10 @2", "update_postimage 10 @3"), net(
        change(0, 10, ChangeType.UPDATE_PREIMAGE, 2), change(0, 11, ChangeType.UPDATE_POSTIMAGE, 2),
        change(0, 11, ChangeType.DELETE, 3), change(0, 10, ChangeType.INSERT, 3)));
  }

  @Test
  void deletedThenBroughtBackIsAnUpdatePair() {
    assertEquals(List.of("update_preimage 10 @2", "update_postimage 10 @3"), net(
        change(7, 10, ChangeType.DELETE, 2), change(7, 10, ChangeType.INSERT, 3)));
  }
}
