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

import io.deltax.actions.AddFile;
import io.deltax.errors.StreamErrors;
import io.deltax.log.CommitSummary;
import io.deltax.log.FilePathResolver;
import io.deltax.log.Snapshot;
import io.deltax.log.TransactionLog;
import io.deltax.rowtracking.RowTrackingStatus;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;

/**
 * Row IDs for the files a stream reads from commits made before row tracking was enabled. Their
 * {@code add} actions have no {@code baseRowId}; the backfill that enabled row tracking re-added
 * the same files with one. A file keeps its {@code baseRowId} once it has one (PROTOCOL.md, "Row
 * IDs"), so the table's current version gives the stream's rows of that file the IDs a batch read
 * of the table gives them, and the backfill's row commit version with them. A file the current
 * version no longer holds (removed after the backfill) takes them from the backfill commit that
 * re-added it, while the log still holds that commit.
 */
final class BackfilledRowIds {
  private BackfilledRowIds() {}

  /**
   * {@code adds}, where one has no {@code baseRowId}, with the row tracking fields that {@code
   * current} holds for the same file.
   *
   * @throws io.deltax.errors.DeltaXAnalysisException where neither {@code current} nor a backfill
   *     commit the log still holds has such a file: its rows' IDs are not known, and the message
   *     names the start versions that have them
   */
  static List<AddFile> assign(
      List<AddFile> adds, TransactionLog log, Snapshot current, String table) {
    if (adds.stream().allMatch(f -> f.baseRowId() != null)) {
      return adds;
    }
    FilePathResolver paths = current.paths();
    Map<Path, AddFile> tracked = new HashMap<>();
    for (AddFile f : current.activeFiles()) {
      if (f.baseRowId() != null && f.defaultRowCommitVersion() != null) {
        tracked.put(paths.resolve(f.path()), f);
      }
    }
    List<AddFile> result = new ArrayList<>(adds.size());
    RowTrackingStatus status = null;
    Map<Path, AddFile> backfilled = null;
    for (AddFile f : adds) {
      if (f.baseRowId() != null) {
        result.add(f);
        continue;
      }
      Path file = paths.resolve(f.path());
      AddFile now = tracked.get(file);
      if (now == null) {
        if (status == null) {
          status = RowTrackingStatus.of(log, current);
          backfilled = backfillAdds(log, status, paths);
        }
        now = backfilled.get(file);
        if (now == null) {
          throw StreamErrors.streamRowIdsUnknown(
              table, f.path(), current.version(), status.enablementVersion());
        }
      }
      result.add(
          new AddFile(
              f.path(),
              f.partitionValues(),
              f.size(),
              f.modificationTime(),
              f.dataChange(),
              f.stats(),
              f.tags(),
              f.deletionVector(),
              now.baseRowId(),
              now.defaultRowCommitVersion(),
              f.clusteringProvider()));
    }
    return result;
  }

  /**
   * The files the backfill commits the log still holds re-added with row IDs, by path: a file
   * removed since keeps the IDs its backfill gave it.
   */
  private static Map<Path, AddFile> backfillAdds(
      TransactionLog log, RowTrackingStatus status, FilePathResolver paths) {
    Map<Path, AddFile> added = new HashMap<>();
    for (CommitSummary backfill : status.backfills()) {
      Optional<FileStatus> commit = log.listing().commit(backfill.version());
      commit.ifPresent(
          c ->
              log.readCommit(
                  c,
                  action -> {
                    if (action instanceof AddFile a
                        && a.baseRowId() != null
                        && a.defaultRowCommitVersion() != null) {
                      added.put(paths.resolve(a.path()), a);
                    }
                  }));
    }
    return added;
  }
}
