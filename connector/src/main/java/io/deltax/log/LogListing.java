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

import io.deltax.errors.DeltaXErrors;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * One listing of {@code _delta_log}: the commits in version order and the complete checkpoints.
 * Every snapshot and time-travel question about the table is answered from this one listing.
 */
public final class LogListing {
  private final Path tableRoot;
  private final TreeMap<Long, FileStatus> commits = new TreeMap<>();

  /**
   * Complete checkpoints by version, the preferred one first (V2, then classic, then multi-part).
   */
  private final TreeMap<Long, List<Checkpoint>> checkpoints = new TreeMap<>();

  LogListing(Path tableRoot, FileStatus[] logFiles) {
    this.tableRoot = tableRoot;
    Map<Long, Map<Integer, List<FileStatus>>> multiPart = new HashMap<>();
    Map<Long, List<Checkpoint>> candidates = new HashMap<>();
    for (FileStatus file : logFiles) {
      LogFileName name = LogFileName.parse(file.getPath().getName());
      if (name == null || file.isDirectory()) {
        continue;
      }
      switch (name.kind()) {
        case COMMIT -> commits.put(name.version(), file);
        case CLASSIC_CHECKPOINT, V2_CHECKPOINT ->
            candidates
                .computeIfAbsent(name.version(), v -> new ArrayList<>())
                .add(new Checkpoint(name.version(), name.kind(), List.of(file)));
        case MULTI_PART_CHECKPOINT ->
            multiPart
                .computeIfAbsent(name.version(), v -> new HashMap<>())
                .computeIfAbsent(name.numParts(), n -> new ArrayList<>())
                .add(file);
      }
    }
    // A multi-part checkpoint counts only when all of its parts are there (PROTOCOL.md,
    // "Checkpoints").
    multiPart.forEach(
        (version, byNumParts) ->
            byNumParts.forEach(
                (numParts, parts) -> {
                  if (parts.size() == numParts) {
                    parts.sort((a, b) -> a.getPath().getName().compareTo(b.getPath().getName()));
                    candidates
                        .computeIfAbsent(version, v -> new ArrayList<>())
                        .add(
                            new Checkpoint(
                                version,
                                LogFileName.Kind.MULTI_PART_CHECKPOINT,
                                List.copyOf(parts)));
                  }
                }));
    candidates.forEach(
        (version, list) -> {
          list.sort(Comparator.comparingInt(Checkpoint::preference));
          checkpoints.put(version, List.copyOf(list));
        });
  }

  /**
   * Lists the {@code _delta_log} of the table at {@code root} ({@code path} as the user gave it): a
   * missing table, or a directory that is not one, is an error that says which.
   */
  static LogListing list(FileSystem fs, Path root, String path) throws IOException {
    FileStatus[] files;
    try {
      files = fs.listStatus(LogFileName.logDir(root));
    } catch (FileNotFoundException e) {
      // Asked only now: a table that is there costs one listing, not a look-up and a listing.
      if (!fs.exists(root)) {
        throw DeltaXErrors.tableNotFound(path);
      }
      Optional<Path> table = enclosingTable(fs, root);
      throw DeltaXErrors.notADeltaTable(
          path,
          table.isEmpty()
              ? "it has no " + LogFileName.LOG_DIR + " directory"
              : "it is a directory inside the Delta table "
                  + table.get()
                  + " (a partition's?): read "
                  + "the table and select the partition with where(...)");
    }
    LogListing listing = new LogListing(root, files);
    if (listing.isEmpty()) {
      throw DeltaXErrors.notADeltaTable(
          path, "its " + LogFileName.LOG_DIR + " holds no commit and no checkpoint");
    }
    return listing;
  }

  /**
   * The Delta table {@code dir} lies in, found on an error path only: delta-spark reads such a
   * directory as its partition; deltax names the table instead.
   */
  private static Optional<Path> enclosingTable(FileSystem fs, Path dir) throws IOException {
    for (Path parent = dir.getParent(); parent != null; parent = parent.getParent()) {
      if (fs.exists(LogFileName.logDir(parent))) {
        return Optional.of(parent);
      }
    }
    return Optional.empty();
  }

  public Path tableRoot() {
    return tableRoot;
  }

  public boolean isEmpty() {
    return commits.isEmpty() && checkpoints.isEmpty();
  }

  /** The newest version the log holds. */
  public long latestVersion() {
    long latestCommit = commits.isEmpty() ? -1 : commits.lastKey();
    long latestCheckpoint = checkpoints.isEmpty() ? -1 : checkpoints.lastKey();
    return Math.max(latestCommit, latestCheckpoint);
  }

  /**
   * The oldest version that can still be rebuilt: 0 while the first commit is there, else the
   * oldest checkpoint from which the commits continue without a gap.
   */
  public long earliestRecreatableVersion() {
    if (commits.containsKey(0L)) {
      return 0;
    }
    for (long checkpointVersion : checkpoints.keySet()) {
      if (commitsContiguousAfter(checkpointVersion)) {
        return checkpointVersion;
      }
    }
    return latestVersion();
  }

  private boolean commitsContiguousAfter(long from) {
    long expected = from + 1;
    for (long v : commits.tailMap(from, false).keySet()) {
      if (v != expected) {
        return false;
      }
      expected++;
    }
    return true;
  }

  /** The version of the newest complete checkpoint, or -1: whether a listing shows a new one. */
  public long newestCheckpoint() {
    return checkpoints.isEmpty() ? -1 : checkpoints.lastKey();
  }

  /**
   * Whether this listing still holds {@code file} as an earlier listing saw it: the same name,
   * length and modification time. A log cleaned up past it, or a table deleted and recreated at the
   * same path, fails this.
   */
  public boolean stillHolds(FileStatus file) {
    LogFileName name = LogFileName.parse(file.getPath().getName());
    if (name == null) {
      return false;
    }
    List<FileStatus> candidates =
        name.kind() == LogFileName.Kind.COMMIT
            ? commit(name.version()).map(List::of).orElse(List.of())
            : checkpoints.getOrDefault(name.version(), List.of()).stream()
                .flatMap(c -> c.files().stream())
                .toList();
    return candidates.stream()
        .anyMatch(
            f ->
                f.getPath().getName().equals(file.getPath().getName())
                    && f.getLen() == file.getLen()
                    && f.getModificationTime() == file.getModificationTime());
  }

  /** The commit files, in version order. */
  public List<FileStatus> commits() {
    return List.copyOf(commits.values());
  }

  /** The listed commits of versions {@code from} to {@code to}, both included, in order. */
  public List<FileStatus> commits(long from, long to) {
    return from > to ? List.of() : List.copyOf(commits.subMap(from, true, to, true).values());
  }

  public Optional<FileStatus> commit(long version) {
    return Optional.ofNullable(commits.get(version));
  }

  /**
   * The segment that rebuilds {@code version}: the newest complete checkpoint at or before it, the
   * one named by {@code _last_checkpoint} when that is among the newest, then the commits after it.
   */
  public LogSegment segment(long version, Optional<LastCheckpointHint> hint) {
    return segment(version, hint, Set.of());
  }

  /**
   * Whether some version has more than one complete checkpoint (say a classic one and a V2 one):
   * only then does {@code _last_checkpoint} decide anything, so only then is it worth a GET.
   */
  boolean hasCheckpointChoice() {
    return checkpoints.values().stream().anyMatch(sameVersion -> sameVersion.size() > 1);
  }

  /**
   * The segment that rebuilds {@code version} without the checkpoints found {@code unreadable}: the
   * newest other complete checkpoint at or before it, else the commits from version 0.
   */
  LogSegment segment(long version, Optional<LastCheckpointHint> hint, Set<Checkpoint> unreadable) {
    String table = tableRoot.toString();
    long latest = latestVersion();
    if (version < 0 || version > latest) {
      throw DeltaXErrors.versionNotAvailable(table, version, earliestRecreatableVersion(), latest);
    }
    Optional<Checkpoint> checkpoint = Optional.empty();
    for (Map.Entry<Long, List<Checkpoint>> entry = checkpoints.floorEntry(version);
        entry != null && checkpoint.isEmpty();
        entry = checkpoints.lowerEntry(entry.getKey())) {
      List<Checkpoint> sameVersion =
          entry.getValue().stream().filter(c -> !unreadable.contains(c)).toList();
      if (!sameVersion.isEmpty()) {
        checkpoint = Optional.of(hint.flatMap(h -> h.pick(sameVersion)).orElse(sameVersion.get(0)));
      }
    }
    long start = checkpoint.map(c -> c.version() + 1).orElse(0L);
    if (checkpoint.isEmpty() && !commits.containsKey(0L)) {
      if (commits.isEmpty() || commits.firstKey() > version) {
        throw DeltaXErrors.versionNotAvailable(
            table, version, earliestRecreatableVersion(), latest);
      }
      throw DeltaXErrors.logStartMissing(table, commits.firstKey());
    }
    List<FileStatus> segmentCommits = new ArrayList<>();
    long expected = start;
    Map<Long, FileStatus> needed =
        start > version ? Map.of() : commits.subMap(start, true, version, true);
    for (Map.Entry<Long, FileStatus> commit : needed.entrySet()) {
      if (commit.getKey() != expected) {
        throw DeltaXErrors.logGap(table, expected, commit.getKey());
      }
      segmentCommits.add(commit.getValue());
      expected++;
    }
    if (expected != version + 1) {
      Long next = commits.ceilingKey(expected);
      throw DeltaXErrors.logGap(table, expected, next == null ? latest : next);
    }
    return new LogSegment(
        tableRoot, version, checkpoint, Collections.unmodifiableList(segmentCommits));
  }
}
