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
package io.deltax.backfill;

import io.deltax.conf.SessionSettings;
import io.deltax.conf.WholeNumberRange;
import java.util.ArrayList;
import java.util.List;

/**
 * How a backfill splits the files still without row IDs into commits: batches of at most {@code
 * batchSize} files, in order, and at most {@code maxCommits} of them in one run (0: no limit). A
 * run stopped by {@code maxCommits} leaves the rest to the next run, which plans again from the
 * files then still pending. Long arithmetic: a batch size up to {@code Integer.MAX_VALUE} must not
 * overflow.
 */
public record BatchPlan(int batchSize, int maxCommits) {
  public BatchPlan {
    SessionSettings.filesPerCommit("batch_size", batchSize);
    WholeNumberRange.MAX_COMMITS.check("max_commits", maxCommits);
  }

  /** The batches every pending file needs, whatever {@code maxCommits} allows this run. */
  public int totalBatches(long pendingFiles) {
    return (int) ((pendingFiles + batchSize - 1) / batchSize);
  }

  /** The batches this run writes. */
  public int batchesThisRun(long pendingFiles) {
    int total = totalBatches(pendingFiles);
    return maxCommits == 0 ? total : Math.min(total, maxCommits);
  }

  /** The files this run gives row IDs to. */
  public long filesThisRun(long pendingFiles) {
    return Math.min(pendingFiles, (long) batchesThisRun(pendingFiles) * batchSize);
  }

  /** The size of the next batch, with {@code pendingFiles} files still without row IDs. */
  public int nextBatchSize(long pendingFiles) {
    return (int) Math.min(pendingFiles, batchSize);
  }

  /**
   * The size of each batch this run writes, in order, where no other writer interferes: what {@link
   * RowTrackingBackfill#run} commits, batch after batch.
   */
  public List<Integer> batchSizes(long pendingFiles) {
    List<Integer> sizes = new ArrayList<>();
    long left = pendingFiles;
    while (left > 0 && mayCommitAfter(sizes.size())) {
      int size = nextBatchSize(left);
      sizes.add(size);
      left -= size;
    }
    return sizes;
  }

  /** Whether a run that has written {@code committed} backfill commits may write another. */
  public boolean mayCommitAfter(int committed) {
    return maxCommits == 0 || committed < maxCommits;
  }
}
