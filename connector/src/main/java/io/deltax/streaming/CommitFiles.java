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

import io.deltax.actions.Action;
import io.deltax.actions.AddFile;
import io.deltax.actions.CommitInfo;
import io.deltax.actions.Metadata;
import io.deltax.actions.Protocol;
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
 * @param removedBytes the sizes of the removed files, where the log gives them
 * @param metadata the commit's {@code metaData} action, or null
 * @param protocol the commit's {@code protocol} action, or null
 */
record CommitFiles(
    long version,
    String operation,
    List<AddFile> adds,
    int removes,
    long removedBytes,
    Metadata metadata,
    Protocol protocol) {

  static CommitFiles read(TransactionLog log, FileStatus file, long version) {
    List<Action> actions = new ArrayList<>();
    log.readCommit(file, actions::add);
    return of(version, actions);
  }

  static CommitFiles of(long version, List<Action> actions) {
    List<AddFile> adds = new ArrayList<>();
    int removes = 0;
    long removedBytes = 0;
    Metadata metadata = null;
    Protocol protocol = null;
    String operation = null;
    for (Action action : actions) {
      if (action instanceof AddFile a && a.dataChange()) {
        adds.add(a);
      } else if (action instanceof RemoveFile r && r.dataChange()) {
        removes++;
        removedBytes += r.size() == null ? 0 : r.size();
      } else if (action instanceof Metadata m) {
        metadata = m;
      } else if (action instanceof Protocol p) {
        protocol = p;
      } else if (action instanceof CommitInfo c && operation == null) {
        operation = c.operation();
      }
    }
    return new CommitFiles(
        version,
        operation == null ? "an unnamed operation" : operation,
        List.copyOf(adds),
        removes,
        removedBytes,
        metadata,
        protocol);
  }

  boolean removesData() {
    return removes > 0;
  }

  /** Files added and removed: what the change feed stream's {@code maxFilesPerTrigger} counts. */
  long changedFiles() {
    return adds.size() + removes;
  }

  /** Bytes added and removed: what its {@code maxBytesPerTrigger} counts, as delta-spark's does. */
  long changedBytes() {
    return adds.stream().mapToLong(AddFile::size).sum() + removedBytes;
  }
}
