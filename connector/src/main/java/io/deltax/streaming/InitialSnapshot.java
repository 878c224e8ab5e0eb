package io.deltax.streaming;

import io.deltax.actions.AddFile;
import io.deltax.log.Snapshot;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The snapshot a stream started without a start reads first, with its files in the order offsets
 * index them inside it: by modification time, then path, as delta-spark's source orders them.
 */
record InitialSnapshot(Snapshot snapshot, List<AddFile> files) {
  static InitialSnapshot of(Snapshot snapshot) {
    List<AddFile> files = new ArrayList<>(snapshot.activeFiles());
    files.sort(Comparator.comparingLong(AddFile::modificationTime).thenComparing(AddFile::path));
    return new InitialSnapshot(snapshot, List.copyOf(files));
  }

  long version() {
    return snapshot.version();
  }
}
