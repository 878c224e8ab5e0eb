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
package io.deltax.log;

import io.deltax.actions.Action;
import io.deltax.actions.AddFile;
import io.deltax.actions.DomainMetadata;
import io.deltax.actions.RemoveFile;
import io.deltax.actions.SetTransaction;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Action reconciliation of the file actions and their kin (PROTOCOL.md, "Action Reconciliation"),
 * fed newest first: the commits from the newest down, then the checkpoint. The first {@code txn} of
 * an application and {@code domainMetadata} of a domain seen is the newest and wins. A logical file
 * is keyed by its path and deletion vector id; an {@code add} is active unless a newer action with
 * the same key was already seen. (The newest protocol and metadata are found by {@link
 * TransactionLog} before any file action is replayed.)
 *
 * <p>An active add is encoded into the compact file list as soon as it is found, so the {@code
 * AddFile}s of a large replay die young instead of living until its end; its first-added version is
 * set by {@link #activeFiles} once the oldest commit is replayed.
 */
final class LogReplay {
  private final FilePathResolver paths;
  private final Set<FileKey> seen = new HashSet<>();
  private final FileListEncoder encoder;

  /** The canonical path of each entry {@link #encoder} encoded from an add (not the older ones). */
  private final List<String> activePaths = new ArrayList<>();

  /** Removes not undone by a newer add of the same logical file: the table's tombstones. */
  private final List<RemoveFile> tombstones = new ArrayList<>();

  private final Map<String, SetTransaction> transactions = new LinkedHashMap<>();
  private final Map<String, DomainMetadata> domains = new LinkedHashMap<>();

  /** The oldest commit (since the checkpoint) that added each path: when its data was written. */
  private final Map<String, Long> firstAddedIn = new HashMap<>();

  /**
   * An older snapshot's files, replayed as checkpoint actions by {@link #applyOlderFiles}, or null.
   */
  private final CompactFileList olderFiles;

  /**
   * The version last boxed for {@link #firstAddedIn}: one {@code Long} per commit, not per file.
   */
  private Long boxedVersion;

  private record FileKey(String path, String deletionVectorId) {}

  LogReplay(FilePathResolver paths) {
    this(paths, null);
  }

  /**
   * @param olderFiles the older snapshot's files that {@link #applyOlderFiles} will apply, or null:
   *     the new entries share its tables, so its entries are kept as they are
   */
  LogReplay(FilePathResolver paths, CompactFileList olderFiles) {
    this.paths = paths;
    this.olderFiles = olderFiles;
    this.encoder = new FileListEncoder(olderFiles);
  }

  /** Applies one action of the checkpoint, whose removes are only tombstones kept for VACUUM. */
  void applyCheckpointAction(Action action) {
    apply(action, -1);
  }

  /** Applies one action of commit {@code version}; commits come newest first. */
  void applyCommitAction(Action action, long version) {
    apply(action, version);
  }

  private void apply(Action action, long commitVersion) {
    boolean fromCheckpoint = commitVersion < 0;
    if (action instanceof AddFile add) {
      String path = paths.canonical(add.path());
      FileKey key = new FileKey(path, add.deletionVectorId());
      if (fromCheckpoint ? !seen.contains(key) : seen.add(key)) {
        encoder.add(add, -1);
        activePaths.add(path);
      }
      if (!fromCheckpoint) {
        if (boxedVersion == null || boxedVersion != commitVersion) {
          boxedVersion = commitVersion;
        }
        firstAddedIn.put(path, boxedVersion);
      }
    } else if (action instanceof RemoveFile remove) {
      FileKey key = new FileKey(paths.canonical(remove.path()), remove.deletionVectorId());
      // A checkpoint's removes hide none of its adds: they only carry tombstones forward.
      if (fromCheckpoint ? !seen.contains(key) : seen.add(key)) {
        tombstones.add(remove);
      }
    } else if (action instanceof SetTransaction txn) {
      transactions.putIfAbsent(txn.appId(), txn);
    } else if (action instanceof DomainMetadata domain) {
      domains.putIfAbsent(domain.domain(), domain);
    }
  }

  /**
   * Applies the active files of an older snapshot as checkpoint actions (after the newer commits),
   * keeping their entries as they are, and carries over when each path was first added: the older
   * commit that added a path is when its data was written, also for a path the newer commits remove
   * or add again. The last file adds of the replay: the older entries follow the new ones.
   */
  void applyOlderFiles() {
    CompactFileList older = olderFiles;
    for (int i = 0; i < older.size(); i++) {
      String path = paths.canonical(older.path(i));
      boolean active = !seen.contains(new FileKey(path, older.deletionVectorId(i)));
      if (active) {
        encoder.addEncoded(i);
      }
      long firstAdded = older.firstAdded(i);
      if (firstAdded >= 0 && (!active || firstAddedIn.containsKey(path))) {
        firstAddedIn.put(path, firstAdded);
      }
    }
  }

  /**
   * The active files once the replay is done: the adds it found active, each with when its path was
   * first added, then the older snapshot's files still active. Takes the active paths out of {@link
   * #firstAddedIn}, which is left with the paths no longer active; call once.
   */
  CompactFileList activeFiles() {
    int found = 0;
    for (int i = 0; i < activePaths.size(); i++) {
      Long first = firstAddedIn.get(activePaths.get(i));
      if (first != null) {
        encoder.setFirstAdded(i, first);
        found++;
      }
    }
    // Only files with deletion vectors can share a path, and so be counted twice in found.
    if (found == firstAddedIn.size() && !encoder.hasDeletionVectors()) {
      firstAddedIn.clear(); // every path is active (the usual case): nothing to keep
    } else {
      activePaths.forEach(firstAddedIn::remove);
    }
    activePaths.clear();
    return encoder.build();
  }

  /**
   * Where each active file was in the older snapshot's list, or -1 for a file the replay added;
   * null without an older snapshot. After {@link #activeFiles}.
   */
  int[] olderPositions() {
    return encoder.basePositions();
  }

  List<RemoveFile> tombstones() {
    return tombstones;
  }

  /**
   * The oldest commit (since the checkpoint) that added each path, by canonical path; carried over
   * from an older snapshot where one was applied.
   */
  Map<String, Long> firstAddedIn() {
    return firstAddedIn;
  }

  Map<String, SetTransaction> transactions() {
    return transactions;
  }

  /** The domains still in effect: the newest action of each, unless it removed the domain. */
  Map<String, DomainMetadata> domains() {
    Map<String, DomainMetadata> live = new LinkedHashMap<>();
    domains.forEach(
        (name, d) -> {
          if (!d.removed()) {
            live.put(name, d);
          }
        });
    return live;
  }
}
