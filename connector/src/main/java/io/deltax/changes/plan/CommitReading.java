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
package io.deltax.changes.plan;

import io.deltax.actions.Action;
import io.deltax.actions.AddCDCFile;
import io.deltax.actions.AddFile;
import io.deltax.actions.CommitInfo;
import io.deltax.actions.Metadata;
import io.deltax.actions.Protocol;
import io.deltax.actions.RemoveFile;
import io.deltax.errors.DeltaXErrors;
import io.deltax.log.FilePathResolver;
import io.deltax.log.TransactionLog;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.fs.FileStatus;

/**
 * One commit's actions, as far as the change feed needs them, read by {@link ChangeRangePlanner}:
 * its protocol, metadata and commit info, its {@code add} and {@code remove} actions with {@code
 * dataChange = true} and its {@code cdc} actions, turned into its {@link CommitChanges}.
 */
final class CommitReading {
  final FileStatus file;
  Protocol protocol;
  Metadata metadata;
  CommitInfo commitInfo;

  /** By logical file key, in the commit's order. */
  final Map<String, RemoveFile> removes = new LinkedHashMap<>();

  final Map<String, AddFile> adds = new LinkedHashMap<>();
  final List<AddCDCFile> changeData = new ArrayList<>();

  /** Every add with a baseRowId (backfills' too), by canonical path. */
  final Map<String, AddFile> numbered = new HashMap<>();

  private final FilePathResolver paths;
  private final String table;
  private final TransactionLog log;

  /** A commit of {@code log}'s table ({@code table}, its files resolved by {@code paths}). */
  CommitReading(FileStatus file, FilePathResolver paths, String table, TransactionLog log) {
    this.file = file;
    this.paths = paths;
    this.table = table;
    this.log = log;
  }

  void accept(Action action) {
    if (action instanceof Protocol p) {
      protocol = p;
    } else if (action instanceof Metadata m) {
      metadata = m;
    } else if (action instanceof CommitInfo c && commitInfo == null) {
      commitInfo = c;
    } else if (action instanceof AddFile a) {
      if (a.baseRowId() != null) {
        numbered.put(paths.canonical(a.path()), a);
      }
      if (a.dataChange()) {
        adds.put(key(a.path(), a.deletionVectorId()), a);
      }
    } else if (action instanceof RemoveFile r && r.dataChange()) {
      removes.put(key(r.path(), r.deletionVectorId()), r);
    } else if (action instanceof AddCDCFile c) {
      changeData.add(c);
    }
  }

  /**
   * Whether the commit is a RESTORE. It re-adds files an earlier commit removed, whose rows keep
   * their row IDs and their old row commit versions, and removes the files written since: matched
   * by row ID, a reverted row would look copied and its change would be lost. Its changes are
   * file-level instead (rows of the removed files as deletes, of the re-added ones as inserts), as
   * delta-spark's CDF shows a RESTORE, for which it writes no change data.
   */
  boolean isRestore() {
    return commitInfo != null && "RESTORE".equals(commitInfo.operation());
  }

  /**
   * Whether the commit's rows can be matched by row ID, row tracking on: not a RESTORE, nor a
   * commit tagged as not keeping its rows' row IDs ({@link CommitInfo#rowTrackingNotPreserved}).
   * Such a commit gave the rows it updated or copied fresh row IDs: matched by row ID, its copied
   * rows would look deleted and inserted, and its updates too.
   */
  boolean keepsRowIds() {
    return !isRestore() && !(commitInfo != null && commitInfo.rowTrackingNotPreserved());
  }

  /**
   * Whether the commit is a MERGE whose metrics say it inserted, updated and deleted no row. It may
   * still have rewritten the files its matches were in, every row copied; delta-spark's CDF skips
   * its file actions ({@code CDCReader.shouldSkipFileActionsInCommit}), and so do file-level
   * changes here. Matched by row ID, its copied rows are no change anyway.
   */
  boolean isMergeThatChangedNoRow() {
    if (commitInfo == null || !"MERGE".equals(commitInfo.operation())) {
      return false;
    }
    Map<String, String> metrics = commitInfo.operationMetrics();
    return metrics != null
        && List.of("numTargetRowsInserted", "numTargetRowsUpdated", "numTargetRowsDeleted").stream()
            .allMatch(m -> "0".equals(metrics.get(m)));
  }

  private String key(String path, String dvId) {
    return paths.canonical(path) + "#" + (dvId == null ? "" : dvId);
  }

  /**
   * @param fileTime the commit file's time, made increasing over the range
   */
  CommitChanges changes(long version, boolean rowTracked, long fileTime) {
    long timestamp =
        commitInfo != null && commitInfo.inCommitTimestamp() != null
            ? commitInfo.inCommitTimestamp()
            : fileTime;
    if (!rowTracked && !changeData.isEmpty()) {
      // PROTOCOL.md, "Add CDC File", reader requirements: a version with cdc files is read
      // from them alone, as delta-spark's CDF reads it.
      return new CommitChanges(
          version,
          timestamp,
          false,
          List.of(),
          List.of(),
          changeData.stream().map(ChangeFile::of).toList());
    }
    if (!rowTracked && isMergeThatChangedNoRow()) {
      return new CommitChanges(version, timestamp, false, List.of(), List.of());
    }
    List<ChangeFile> removed = new ArrayList<>();
    List<ChangeFile> added = new ArrayList<>();
    Map<String, AddFile> before = null;
    for (Map.Entry<String, RemoveFile> r : removes.entrySet()) {
      if (adds.containsKey(r.getKey())) {
        continue; // removed and re-added as it was: no row changed
      }
      RemoveFile remove = r.getValue();
      boolean complete =
          remove.partitionValues() != null
              && remove.size() != null
              && (!rowTracked
                  || (remove.baseRowId() != null && remove.defaultRowCommitVersion() != null));
      if (complete) {
        removed.add(ChangeFile.of(remove));
      } else {
        // A remove without the file's details: take them from the version before.
        if (before == null) {
          before = filesAt(version - 1);
        }
        AddFile was = before.get(r.getKey());
        if (was == null) {
          throw DeltaXErrors.corruptLogFile(
              file.getPath().toString(),
              "it removes " + remove.path() + ", which version " + (version - 1) + " does not hold",
              null);
        }
        removed.add(ChangeFile.of(was));
      }
    }
    for (Map.Entry<String, AddFile> a : adds.entrySet()) {
      if (!removes.containsKey(a.getKey())) {
        added.add(ChangeFile.of(a.getValue()));
      }
    }
    if (rowTracked) {
      for (ChangeFile f : added) {
        if (!f.hasRowIds()) {
          throw DeltaXErrors.missingRowTrackingFields(table, version, f.path());
        }
      }
    }
    // Matched by row ID, the change data files it wrote are kept for a read without row IDs.
    List<ChangeFile> recorded =
        rowTracked ? changeData.stream().map(ChangeFile::of).toList() : List.of();
    return new CommitChanges(
        version,
        timestamp,
        rowTracked,
        List.copyOf(removed),
        List.copyOf(added),
        List.of(),
        recorded);
  }

  private Map<String, AddFile> filesAt(long version) {
    Map<String, AddFile> files = new HashMap<>();
    for (AddFile f : log.snapshotAt(version).activeFiles()) {
      files.put(
          paths.canonical(f.path())
              + "#"
              + (f.deletionVectorId() == null ? "" : f.deletionVectorId()),
          f);
    }
    return files;
  }
}
