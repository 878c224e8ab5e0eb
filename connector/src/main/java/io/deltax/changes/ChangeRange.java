package io.deltax.changes;

import io.deltax.log.Snapshot;
import java.util.List;

/**
 * A change feed's range, planned: the snapshot at its end (whose schema every row is read with)
 * and the commits in it that changed data, oldest first.
 */
public record ChangeRange(long start, long end, Snapshot endSnapshot, List<CommitChanges> commits) {

  /** Whether some commit is matched by row ID, so rows carry {@code (row_id, row_commit_version)}. */
  public boolean anyRowTracked() {
    return commits.stream().anyMatch(CommitChanges::rowTracked);
  }

  /** Whether some commit has no row tracking, so its rows are read without row IDs. */
  public boolean anyUntracked() {
    return commits.stream().anyMatch(c -> !c.rowTracked());
  }
}
