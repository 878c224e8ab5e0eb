package io.deltax.streaming;

import io.deltax.changes.ChangeFile;
import io.deltax.changes.ChangeRange;
import io.deltax.changes.CommitChanges;
import io.deltax.log.Snapshot;
import java.util.ArrayList;
import java.util.List;

/**
 * The first micro-batch of a {@code readChangeFeed} stream started without a start, as
 * delta-spark's change data feed stream begins: every row of the table's snapshot as an
 * {@code insert} with the snapshot's version and timestamp. Planned as a change range of one
 * version whose commits each add some of the snapshot's files (one read task each).
 */
final class SnapshotInserts {
  /** Files per read task. */
  private static final int FILES_PER_TASK = 64;

  private SnapshotInserts() {}

  static ChangeRange of(Snapshot snapshot) {
    List<ChangeFile> files = snapshot.activeFiles().stream().map(ChangeFile::of).toList();
    List<CommitChanges> tasks = new ArrayList<>();
    for (int i = 0; i < files.size(); i += FILES_PER_TASK) {
      // Not matched by row ID: a snapshot's rows are all inserts.
      tasks.add(new CommitChanges(snapshot.version(), snapshot.timestamp(), false, List.of(),
          List.copyOf(files.subList(i, Math.min(files.size(), i + FILES_PER_TASK)))));
    }
    return new ChangeRange(snapshot.version(), snapshot.version(), snapshot, List.copyOf(tasks));
  }
}
