package io.deltax.rowtracking;

import io.deltax.errors.DeltaXErrors;
import io.deltax.log.FilePathResolver;
import io.deltax.log.FileStatistics;
import io.deltax.log.LogFileName;
import io.deltax.log.Snapshot;
import io.deltax.log.TransactionLog;
import io.deltax.actions.CommitInfo;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeMap;
import org.apache.hadoop.fs.FileStatus;

/**
 * Finds a table's {@link RowDataVersions}: the map stored in the {@code io.deltax.rowDataVersions}
 * domain, or else the one the log still tells. Deriving reads the log: the first line of every
 * commit (to find the {@code ROW TRACKING BACKFILL} commits, whoever wrote them), every backfill
 * commit (the row ID range of each file it numbered), and the older commits, for the {@code add}
 * that brought each of those files' data: the version that wrote it.
 */
public final class RowDataVersionLog {
  private static final int CACHED_TABLES = 16;
  /**
   * Derived maps by table, with the version they were derived at: a log is read once, not once
   * per query, and a newer version only needs its new commits' first lines looked at.
   */
  private static final Map<String, DerivedAt> DERIVED = new LinkedHashMap<>(16, 0.75f, true) {
    @Override
    protected boolean removeEldestEntry(Map.Entry<String, DerivedAt> eldest) {
      return size() > CACHED_TABLES;
    }
  };

  private record DerivedAt(long version, RowDataVersions versions) {}

  private RowDataVersionLog() {}

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
    String key = snapshot.tableRoot() + " id " + snapshot.metadata().id() + " from "
        + log.listing().commits().stream().findFirst()
            .map(f -> f.getPath().getName() + "@" + f.getModificationTime()).orElse("");
    long version = snapshot.version();
    DerivedAt cached;
    synchronized (DERIVED) {
      cached = DERIVED.get(key);
    }
    // A map depends only on the backfills up to the version and the commits before them.
    if (cached != null && version >= cached.version() && noBackfillIn(log, cached.version(), version)) {
      remember(key, new DerivedAt(version, cached.versions()));
      return cached.versions();
    }
    if (cached != null && version < cached.version()
        && Arrays.stream(cached.versions().backfillVersions()).allMatch(b -> b <= version)) {
      return cached.versions();
    }
    RowDataVersions derived = derive(log, version).versions();
    if (cached == null || version >= cached.version()) {
      remember(key, new DerivedAt(version, derived));
    }
    return derived;
  }

  private static void remember(String key, DerivedAt derived) {
    synchronized (DERIVED) {
      DERIVED.put(key, derived);
    }
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
    return snapshot.domain(RowDataVersions.DOMAIN).map(d -> {
      try {
        return RowDataVersions.fromJson(d.configuration());
      } catch (IllegalArgumentException e) {
        throw DeltaXErrors.corruptLogFile(LogFileName.logDir(snapshot.tableRoot()).toString(),
            "the " + RowDataVersions.DOMAIN + " domain is " + e.getMessage(), e);
      }
    });
  }

  /** The map the commits up to {@code version} still tell. */
  public static Derived derive(TransactionLog log, long version) {
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
    return derive(log, backfills);
  }

  /**
   * The map, for a caller that already knows the backfill commits (the {@code ROW TRACKING
   * BACKFILL} versions, oldest first): only they and the commits before them are read.
   */
  public static Derived derive(TransactionLog log, List<Long> backfills) {
    if (backfills.isEmpty()) {
      return new Derived(RowDataVersions.NONE, true);
    }
    Set<Long> backfillSet = new HashSet<>(backfills);
    Map<Long, FileStatus> commits = new TreeMap<>();
    long lastBackfill = backfills.get(backfills.size() - 1);
    for (FileStatus commit : log.listing().commits()) {
      long v = LogFileName.parse(commit.getPath().getName()).version();
      if (v <= lastBackfill) {
        commits.put(v, commit);
      }
    }
    FilePathResolver paths = new FilePathResolver(log.tableRoot());
    // The files each backfill numbered: canonical path -> its row ID range.
    Map<String, long[]> numbered = new HashMap<>();
    for (long b : backfills) {
      log.readFileActions(commits.get(b), action -> {
        if (action.add() && action.baseRowId() != null) {
          OptionalLong records = FileStatistics.numRecords(action.stats());
          if (records.isPresent()) {
            numbered.put(paths.canonical(action.path()),
                new long[] {action.baseRowId(), records.getAsLong()});
          }
        }
      });
    }
    // The add that brought each such file's current data, backfills left out: its data version.
    // Oldest commit first; a path removed and not re-added in the same commit starts over, should
    // a writer reuse a name for new data.
    Map<String, Long> written = new HashMap<>();
    commits.forEach((v, commit) -> {
      if (backfillSet.contains(v)) {
        return;
      }
      Set<String> added = new HashSet<>();
      Set<String> removed = new HashSet<>();
      log.readFileActions(commit, action -> {
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
    numbered.forEach((path, range) ->
        builder.add(range[0], range[1], written.getOrDefault(path, RowDataVersions.UNKNOWN)));
    long[] backfillVersions = backfills.stream().mapToLong(Long::longValue).toArray();
    return new Derived(builder.build(backfillVersions), written.size() == numbered.size());
  }
}
