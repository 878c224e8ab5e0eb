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

import io.deltax.actions.AddFile;
import io.deltax.errors.WriteErrors;
import io.deltax.log.RecordCounts;
import io.deltax.log.Snapshot;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.OptionalLong;

/**
 * A file still without row IDs or without a default row commit version, with what its place in the
 * order and its row IDs depend on: its {@code numRecords} rows.
 */
record PendingFile(AddFile file, long firstAddedVersion, long numRecords) {
  /** The row IDs it takes: none where it keeps its own. */
  long newRowIds() {
    return file.baseRowId() == null ? numRecords : 0;
  }

  /**
   * The files still without row IDs, in the order their data was first added; fails on a file whose
   * add action has no record count (before anything is written, unless another writer added it
   * after this run's first commits: {@code wrote}).
   */
  static List<PendingFile> pending(Snapshot snapshot, boolean wrote) {
    String where = snapshot.tableRoot().toString();
    List<PendingFile> files = new ArrayList<>();
    List<AddFile> active = snapshot.activeFiles();
    for (int i = 0; i < active.size(); i++) {
      AddFile f = active.get(i);
      if (f.baseRowId() == null || f.defaultRowCommitVersion() == null) {
        // A file that keeps its row IDs takes no new ones: its record count is asked for only
        // for the row data version map, where the statistics give it.
        files.add(
            new PendingFile(
                f,
                snapshot.firstAddedVersion(i),
                f.baseRowId() == null
                    ? numRecords(where, f, wrote)
                    : RecordCounts.numRecords(f).orElse(0)));
      }
    }
    files.sort(
        Comparator.comparingLong(PendingFile::firstAddedVersion)
            .thenComparing(p -> p.file().path()));
    return files;
  }

  /** Row IDs are assigned by record count: a file without {@code numRecords} cannot get any. */
  private static long numRecords(String table, AddFile file, boolean wrote) {
    OptionalLong records = RecordCounts.numRecords(file);
    if (records.isPresent()) {
      return records.getAsLong();
    }
    throw WriteErrors.missingRecordCount(table, file.path(), wrote);
  }
}
