package io.deltax.changes;

import java.io.Serializable;
import java.util.List;

/**
 * The data change of one commit, as its log tells it: the logical files it removed and added with
 * {@code dataChange = true}. A file removed and re-added unchanged (same path, same deletion
 * vector) is in neither list.
 *
 * @param timestampMillis the commit's timestamp: its in-commit timestamp, else its file's time
 * @param rowTracked whether row tracking was enabled before and after the commit, so its rows are
 *     matched by row ID; otherwise removed rows are deletes and added rows inserts
 */
public record CommitChanges(long version, long timestampMillis, boolean rowTracked,
    List<ChangeFile> removed, List<ChangeFile> added) implements Serializable {

  public boolean isEmpty() {
    return removed.isEmpty() && added.isEmpty();
  }
}
