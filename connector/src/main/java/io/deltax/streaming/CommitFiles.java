package io.deltax.streaming;

import io.deltax.actions.Action;
import io.deltax.actions.AddFile;
import io.deltax.actions.CommitInfo;
import io.deltax.actions.Metadata;
import io.deltax.actions.RemoveFile;
import io.deltax.log.TransactionLog;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.fs.FileStatus;

/**
 * What one commit means to a stream: the files it added with {@code dataChange = true}, in the
 * commit's order, and whether it removed any with {@code dataChange = true}. Files rewritten with
 * {@code dataChange = false} (OPTIMIZE, row tracking backfills, PROTOCOL.md "Add File and Remove
 * File") are in neither, so such commits are empty.
 *
 * @param operation the {@code commitInfo} operation, or "an unnamed operation"
 * @param metadata the commit's {@code metaData} action, or null
 */
record CommitFiles(long version, String operation, List<AddFile> adds, int removes,
    Metadata metadata) {

  static CommitFiles read(TransactionLog log, FileStatus file, long version) {
    List<AddFile> adds = new ArrayList<>();
    int[] removes = {0};
    Metadata[] metadata = {null};
    String[] operation = {null};
    log.readCommit(file, (Action action) -> {
      if (action instanceof AddFile a && a.dataChange()) {
        adds.add(a);
      } else if (action instanceof RemoveFile r && r.dataChange()) {
        removes[0]++;
      } else if (action instanceof Metadata m) {
        metadata[0] = m;
      } else if (action instanceof CommitInfo c && operation[0] == null) {
        operation[0] = c.operation();
      }
    });
    return new CommitFiles(version, operation[0] == null ? "an unnamed operation" : operation[0],
        List.copyOf(adds), removes[0], metadata[0]);
  }

  boolean removesData() {
    return removes > 0;
  }
}
