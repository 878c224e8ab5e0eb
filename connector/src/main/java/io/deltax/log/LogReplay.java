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
 * fed newest first: the commits from the newest down, then the checkpoint. The first {@code txn}
 * of an application and {@code domainMetadata} of a domain seen is the newest and wins. A logical
 * file is keyed by its path and deletion vector id; an {@code add} is active unless a newer action
 * with the same key was already seen. (The newest protocol and metadata are found by
 * {@link TransactionLog} before any file action is replayed.)
 */
final class LogReplay {
  private final FilePathResolver paths;
  private final Set<FileKey> seen = new HashSet<>();
  private final List<AddFile> activeFiles = new ArrayList<>();
  /** Removes not undone by a newer add of the same logical file: the table's tombstones. */
  private final List<RemoveFile> tombstones = new ArrayList<>();
  private final Map<String, SetTransaction> transactions = new LinkedHashMap<>();
  private final Map<String, DomainMetadata> domains = new LinkedHashMap<>();
  /** The oldest commit (since the checkpoint) that added each path: when its data was written. */
  private final Map<String, Long> firstAddedIn = new HashMap<>();

  /** An older snapshot's files replayed as checkpoint actions, or null ({@link #applyOlderFiles}). */
  private CompactFileList olderFiles;
  /** The positions in {@link #olderFiles} of the files still active. */
  private final List<Integer> olderKept = new ArrayList<>();
  /** The version last boxed for {@link #firstAddedIn}: one {@code Long} per commit, not per file. */
  private Long boxedVersion;

  private record FileKey(String path, String deletionVectorId) {}

  LogReplay(FilePathResolver paths) {
    this.paths = paths;
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
        activeFiles.add(add);
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
   * commit that added a path is when its data was written, also for a path the newer commits
   * remove or add again.
   */
  void applyOlderFiles(CompactFileList older) {
    olderFiles = older;
    for (int i = 0; i < older.size(); i++) {
      String path = paths.canonical(older.path(i));
      boolean active = !seen.contains(new FileKey(path, older.deletionVectorId(i)));
      if (active) {
        olderKept.add(i);
      }
      long firstAdded = older.firstAdded(i);
      if (firstAdded >= 0 && (!active || firstAddedIn.containsKey(path))) {
        firstAddedIn.put(path, firstAdded);
      }
    }
  }

  /** The older snapshot's files that {@link #olderKept} indexes, or null. */
  CompactFileList olderFiles() {
    return olderFiles;
  }

  List<Integer> olderKept() {
    return olderKept;
  }

  /** The active files the commits and the checkpoint added (not those of {@link #olderFiles}). */
  List<AddFile> activeFiles() {
    return activeFiles;
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
    domains.forEach((name, d) -> {
      if (!d.removed()) {
        live.put(name, d);
      }
    });
    return live;
  }
}
