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

import io.deltax.actions.Action;
import io.deltax.actions.AddFile;
import io.deltax.log.FilePathResolver;
import io.deltax.log.TransactionLog;
import io.deltax.rowtracking.RowDataVersionFinder;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What one backfill run has numbered: each file's row ID range and the versions of its backfill
 * commits. The enabling step builds the row data version map from this record and the log the run
 * started from, instead of listing the log again and reading back the commits it has just written
 * (each re-adds up to a batch of files).
 */
final class NumberedFiles {
  private final FilePathResolver paths;

  /** Canonical path to {@code {first row ID, row count}}. */
  private final Map<String, long[]> ranges = new HashMap<>();

  private final List<Long> versions = new ArrayList<>();

  NumberedFiles(FilePathResolver paths) {
    this.paths = paths;
  }

  /**
   * Records backfill commit {@code version}, which landed: {@code actions} begin with the {@code
   * batch}'s files re-added with their row IDs, in the batch's order.
   */
  void committed(long version, List<PendingFile> batch, List<Action> actions) {
    for (int i = 0; i < batch.size(); i++) {
      AddFile added = (AddFile) actions.get(i);
      ranges.put(
          paths.canonical(added.path()), new long[] {added.baseRowId(), batch.get(i).numRecords()});
    }
    versions.add(version);
  }

  /**
   * The data versions of every backfilled row: this run's files from this record, earlier backfills
   * (a run stopped by {@code max_commits}, delta-spark's) from {@code startLog}, the log as it was
   * before this run's first commit, at {@code startVersion}. The version that wrote each file's
   * data is found in that log too; nothing this run wrote is read.
   */
  RowDataVersionFinder.Derived derive(TransactionLog startLog, long startVersion) {
    return RowDataVersionFinder.derive(
        startLog, RowDataVersionFinder.backfillVersions(startLog, startVersion), ranges, versions);
  }
}
