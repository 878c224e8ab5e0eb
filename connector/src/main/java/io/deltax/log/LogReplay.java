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

  /** Equal partition value maps, one instance each: files of one partition share it. */
  private final Map<Map<String, String>, Map<String, String>> partitionValues = new HashMap<>();
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
        activeFiles.add(sharingPartitionValues(add));
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

  /** {@code add} with the one instance of its partition values that this replay keeps. */
  private AddFile sharingPartitionValues(AddFile add) {
    Map<String, String> values = add.partitionValues();
    if (values.isEmpty()) {
      return add;
    }
    Map<String, String> shared = partitionValues.computeIfAbsent(values, v -> v);
    return shared == values ? add : new AddFile(add.path(), shared, add.size(),
        add.modificationTime(), add.dataChange(), add.stats(), add.tags(), add.deletionVector(),
        add.baseRowId(), add.defaultRowCommitVersion(), add.clusteringProvider());
  }

  List<AddFile> activeFiles() {
    return activeFiles;
  }

  List<RemoveFile> tombstones() {
    return tombstones;
  }

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
