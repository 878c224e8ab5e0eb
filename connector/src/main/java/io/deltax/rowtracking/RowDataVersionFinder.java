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
package io.deltax.rowtracking;

import io.deltax.actions.CommitInfo;
import io.deltax.errors.DeltaXErrors;
import io.deltax.log.FilePathResolver;
import io.deltax.log.LogFileName;
import io.deltax.log.RecordCounts;
import io.deltax.log.Snapshot;
import io.deltax.log.TransactionLog;
import io.deltax.rowtracking.DerivedRowDataVersionsCache.DerivedAt;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.apache.hadoop.fs.FileStatus;

/**
 * Finds a table's {@link RowDataVersions}: the map stored in the {@code io.deltax.rowDataVersions}
 * domain, or else the one the log still tells. Deriving reads the log: the first line of every
 * commit (to find the {@code ROW TRACKING BACKFILL} commits, whoever wrote them), every backfill
 * commit (the row ID range of each file it numbered), and the older commits, for the {@code add}
 * that brought each of those files' data: the version that wrote it. Derived maps are kept in
 * {@link DerivedRowDataVersionsCache}.
 */
public final class RowDataVersionFinder {
  private RowDataVersionFinder() {}

  /**
   * What the log tells.
   *
   * @param exact whether every backfilled file's data version was found (none left unknown)
   */
  public record Derived(RowDataVersions versions, boolean exact) {}

  /**
   * The map for reading {@code snapshot}: the stored one, else the one derived from {@code log},
   * the log the snapshot was read from.
   */
  public static RowDataVersions forSnapshot(TransactionLog log, Snapshot snapshot) {
    Optional<RowDataVersions> stored = stored(snapshot);
    if (stored.isPresent()) {
      return stored.get();
    }
    // The table's id tells a table recreated at the same path apart; the oldest commit, a log
    // that clean-up has since cut (and tells less).
    String key =
        snapshot.tableRoot()
            + " id "
            + snapshot.metadata().id()
            + " from "
            + log.listing().commits().stream()
                .findFirst()
                .map(f -> f.getPath().getName() + "@" + f.getModificationTime())
                .orElse("");
    long version = snapshot.version();
    DerivedAt cached = DerivedRowDataVersionsCache.get(key).orElse(null);
    // A map depends only on the backfills up to the version and the commits before them.
    if (cached != null
        && version >= cached.version()
        && noBackfillIn(log, cached.version(), version)) {
      DerivedRowDataVersionsCache.put(key, new DerivedAt(version, cached.versions()));
      return cached.versions();
    }
    if (cached != null
        && version < cached.version()
        && Arrays.stream(cached.versions().backfillVersions()).allMatch(b -> b <= version)) {
      return cached.versions();
    }
    RowDataVersions derived = derive(log, version).versions();
    if (cached == null || version >= cached.version()) {
      DerivedRowDataVersionsCache.put(key, new DerivedAt(version, derived));
    }
    return derived;
  }

  /** Whether no commit in {@code (after, upTo]} is a row tracking backfill. */
  private static boolean noBackfillIn(TransactionLog log, long after, long upTo) {
    for (FileStatus commit : log.listing().commits()) {
      long v = LogFileName.parse(commit.getPath().getName()).version();
      if (v > after && v <= upTo && isBackfill(log, commit)) {
        return false;
      }
    }
    return true;
  }

  private static boolean isBackfill(TransactionLog log, FileStatus commit) {
    Optional<CommitInfo> info = log.commitInfo(commit);
    return info.isPresent() && RowTrackingStatus.BACKFILL_OPERATION.equals(info.get().operation());
  }

  /** The map stored in the table's {@code io.deltax.rowDataVersions} domain, if any. */
  public static Optional<RowDataVersions> stored(Snapshot snapshot) {
    return snapshot
        .domain(RowDataVersions.DOMAIN)
        .map(
            d -> {
              try {
                return RowDataVersions.fromJson(d.configuration());
              } catch (IllegalArgumentException e) {
                throw DeltaXErrors.corruptLogFile(
                    LogFileName.logDir(snapshot.tableRoot()).toString(),
                    "the " + RowDataVersions.DOMAIN + " domain is " + e.getMessage(),
                    e);
              }
            });
  }

  /** The map the commits up to {@code version} still tell. */
  public static Derived derive(TransactionLog log, long version) {
    return derive(log, backfillVersions(log, version));
  }

  /**
   * The {@code ROW TRACKING BACKFILL} commits up to {@code version}, whoever wrote them, oldest
   * first: the first line of every commit is read.
   */
  public static List<Long> backfillVersions(TransactionLog log, long version) {
    List<Long> backfills = new ArrayList<>();
    for (FileStatus commit : log.listing().commits()) {
      long v = LogFileName.parse(commit.getPath().getName()).version();
      if (v > version) {
        break;
      }
      if (isBackfill(log, commit)) {
        backfills.add(v);
      }
    }
    return backfills;
  }

  /**
   * The map, for a caller that already knows the backfill commits (the {@code ROW TRACKING
   * BACKFILL} versions, oldest first): only they and the commits before them are read.
   */
  public static Derived derive(TransactionLog log, List<Long> backfills) {
    return derive(log, backfills, Map.of(), List.of());
  }

  /**
   * The map, for a writer that has just written backfill commits of its own on top of {@code log}:
   * {@code ownNumbered} holds the files those commits numbered (canonical path to {@code {first row
   * ID, row count}}), {@code ownBackfills} their versions, all newer than the commits {@code log}
   * lists. The writer's commits are not read back: only {@code backfills} (those of the log) and,
   * for the version that wrote each numbered file's data, the log's other commits.
   */
  public static Derived derive(
      TransactionLog log,
      List<Long> backfills,
      Map<String, long[]> ownNumbered,
      List<Long> ownBackfills) {
    if (backfills.isEmpty() && ownNumbered.isEmpty()) {
      return new Derived(RowDataVersions.NONE, true);
    }
    Set<Long> backfillSet = new HashSet<>(backfills);
    Map<Long, FileStatus> commits = new TreeMap<>();
    // The data a backfill numbered was written before it: the commits up to the newest backfill.
    long newest = ownNumbered.isEmpty() ? backfills.get(backfills.size() - 1) : Long.MAX_VALUE;
    for (FileStatus commit : log.listing().commits()) {
      long v = LogFileName.parse(commit.getPath().getName()).version();
      if (v <= newest) {
        commits.put(v, commit);
      }
    }
    FilePathResolver paths = new FilePathResolver(log.tableRoot());
    // The files each backfill numbered: canonical path -> its row ID range.
    Map<String, long[]> numbered = new HashMap<>(ownNumbered);
    for (long b : backfills) {
      log.readFileActions(
          commits.get(b),
          action -> {
            if (action.add() && action.baseRowId() != null) {
              OptionalLong records = RecordCounts.numRecords(action.stats());
              if (records.isPresent()) {
                numbered.put(
                    paths.canonical(action.path()),
                    new long[] {action.baseRowId(), records.getAsLong()});
              }
            }
          });
    }
    // The add that brought each such file's current data, backfills left out: its data version.
    // Oldest commit first; a path removed and not re-added in the same commit starts over, should
    // a writer reuse a name for new data.
    Map<String, Long> written = new HashMap<>();
    commits.forEach(
        (v, commit) -> {
          if (backfillSet.contains(v)) {
            return;
          }
          Set<String> added = new HashSet<>();
          Set<String> removed = new HashSet<>();
          log.readFileActions(
              commit,
              action -> {
                String path = paths.canonical(action.path());
                if (numbered.containsKey(path)) {
                  (action.add() ? added : removed).add(path);
                }
              });
          removed.removeAll(added);
          removed.forEach(written::remove);
          added.forEach(path -> written.putIfAbsent(path, v));
        });
    RowDataVersions.Builder builder = new RowDataVersions.Builder();
    numbered.forEach(
        (path, range) ->
            builder.add(range[0], range[1], written.getOrDefault(path, RowDataVersions.UNKNOWN)));
    long[] backfillVersions =
        Stream.concat(backfills.stream(), ownBackfills.stream())
            .mapToLong(Long::longValue)
            .toArray();
    return new Derived(builder.build(backfillVersions), written.size() == numbered.size());
  }
}
