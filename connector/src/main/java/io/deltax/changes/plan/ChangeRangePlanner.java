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
import io.deltax.actions.AddFile;
import io.deltax.actions.Metadata;
import io.deltax.actions.Protocol;
import io.deltax.columnmapping.ColumnMapping;
import io.deltax.conf.ChangeFeedRequest;
import io.deltax.errors.ChangeFeedErrors;
import io.deltax.log.FilePathResolver;
import io.deltax.log.Snapshot;
import io.deltax.log.TransactionLog;
import io.deltax.protocol.TableFeatures;
import io.deltax.protocol.TableProperties;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.LongFunction;
import java.util.function.Supplier;
import org.apache.hadoop.fs.FileStatus;

/**
 * Plans a change feed from the log alone, in two steps: {@link #resolve} resolves the range without
 * opening a commit of it; {@link #range} checks it against the log's history and reads each commit
 * in it into {@link CommitChanges}. A stream needs only the first: it plans each micro-batch's
 * commits itself. No data file is opened here.
 *
 * <p>Only {@code add} and {@code remove} actions with {@code dataChange = true} count (and, in a
 * commit not matched by row ID, {@code cdc} actions; a commit matched by row ID keeps its {@code
 * cdc} actions for a read that needs no row ID): delta-spark marks the commits that rewrite files
 * without changing rows that way (OPTIMIZE, row tracking backfills, deltax's among them, and
 * file-only rewrites), so they contribute nothing, and a range with no data change reads no data
 * file.
 *
 * <p>A commit is matched by row ID when row tracking was enabled both before it and after it (its
 * removed and added files then all carry {@code baseRowId}, PROTOCOL.md "Row Tracking", "Writer
 * Requirements"), unless it says it did not keep its rows' row IDs, or is a RESTORE. Other commits'
 * changes are the rows of their change data files where they wrote some (the change data feed was
 * on), else file-level.
 */
public final class ChangeRangePlanner {
  /** How many commits before a range delta-spark reads to make its file times increasing. */
  private static final long MONOTONIZED_BEFORE = 100;

  private final TransactionLog log;
  private final String table;
  private final FilePathResolver paths;
  private final BiConsumer<FileStatus, Consumer<Action>> commitReader;
  private final LongFunction<Snapshot> snapshotAt;
  private final boolean startChosen;

  public ChangeRangePlanner(TransactionLog log) {
    this(log, log::readCommit, log::snapshotAt, true);
  }

  /**
   * A planner that reads commits through {@code commitReader} and takes the range's end snapshot
   * from {@code snapshotAt}.
   *
   * @param commitReader reads a commit file's actions, as {@link TransactionLog#readCommit}: a
   *     stream hands over the commits it already read
   * @param snapshotAt the snapshot of a version, as {@link TransactionLog#snapshotAt}: a load hands
   *     over the latest snapshot it holds, so the end of a range is not replayed again
   * @param startChosen whether a range's start is the user's (a batch read: a schema change there
   *     is the range's first schema), else a stream's micro-batch's (see {@link RangeSchemas})
   */
  public ChangeRangePlanner(
      TransactionLog log,
      BiConsumer<FileStatus, Consumer<Action>> commitReader,
      LongFunction<Snapshot> snapshotAt,
      boolean startChosen) {
    this.log = log;
    this.startChosen = startChosen;
    this.table = log.tableRoot().toString();
    this.paths = new FilePathResolver(log.tableRoot());
    this.commitReader = commitReader;
    this.snapshotAt = snapshotAt;
  }

  /** The range of {@code request}, its commits read: {@link #resolve} then {@link #range}. */
  public ChangeRange plan(ChangeFeedRequest request) {
    return range(resolve(request));
  }

  /**
   * The cheap step: resolves the range's versions (timestamps included) and its end snapshot, and
   * checks the start is not after the end nor the latest version. No commit of the range is opened,
   * and whether the log still holds them is for {@link #range} to ask: a stream resumed from its
   * checkpoint reads from its offset, not from the start it was given, which log clean-up may since
   * have removed (as delta-spark's source, which does not look at {@code startingVersion} then); a
   * new one finds missing commits in its first batch.
   */
  public ChangeBounds resolve(ChangeFeedRequest request) {
    long latest = log.listing().latestVersion();
    // The latest snapshot, asked for once: a timestamp needs it, and so does an end at the latest.
    Snapshot[] latestSnapshot = new Snapshot[1];
    Supplier<Snapshot> latestOnce =
        () ->
            latestSnapshot[0] != null
                ? latestSnapshot[0]
                : (latestSnapshot[0] = snapshotAt.apply(latest));
    long start =
        request.startVersion() != null
            ? request.startVersion()
            : log.firstVersionAtOrAfter(
                request.startTimestampMillis(), request.startTimestamp(), latestOnce.get());
    if (start > latest && request.startVersion() != null) {
      throw ChangeFeedErrors.changeRangeStartsAfterLatest(table, start, latest);
    }
    // As delta-spark's (CDCReaderBase): an ending version after the latest reads to the latest.
    long end =
        request.endVersion() != null
            ? Math.min(request.endVersion(), latest)
            : request.endTimestampMillis() != null
                ? log.versionAsOf(
                    request.endTimestampMillis(), request.endTimestamp(), latestOnce.get())
                : latest;
    if (start > end && !betweenTwoCommits(request, start, end)) {
      throw ChangeFeedErrors.changeRangeReversed(table, start, end);
    }
    if (end < log.listing().earliestRecreatableVersion()) {
      // Its end snapshot cannot be loaded: say which versions the log holds, not why that failed.
      throw beforeTheOldest(start, end);
    }
    Snapshot endSnapshot = end == latest ? latestOnce.get() : snapshotAt.apply(end);
    return new ChangeBounds(start, end, endSnapshot, schemaSnapshot(endSnapshot, latestOnce.get()));
  }

  /**
   * The snapshot whose schema a batch range's rows are read with. delta-spark's batch change data
   * feed reads a table without column mapping with its latest schema, so a range that ends before
   * an added column shows it, as null (CDCReaderBase, "legacy" batch schema mode); with column
   * mapping, the end's. Where the latest schema cannot read the end's rows (a type widened since, a
   * column dropped), delta-spark refuses the range; deltax reads it with the end's schema.
   */
  private static Snapshot schemaSnapshot(Snapshot end, Snapshot latest) {
    if (end.version() == latest.version()
        || ColumnMapping.isActive(end.properties())
        || ColumnMapping.isActive(latest.properties())
        || RangeSchemas.incompatibility(end.metadata(), latest.metadata()) != null) {
      return end;
    }
    return latest;
  }

  /**
   * The expensive step: checks that the log can still rebuild the table at the start and holds
   * every commit of {@code bounds}, reads each into {@link CommitChanges}, and checks what needs
   * their contents (a schema change across the range, row tracking disabled in it). A batch scan
   * calls this when it plans its tasks, before any data file is read.
   */
  public ChangeRange range(ChangeBounds bounds) {
    long start = bounds.start();
    long end = bounds.end();
    List<FileStatus> commitFiles = availableCommits(start, end);
    Snapshot endSnapshot = bounds.endSnapshot();
    CommitReading first = commitFiles.isEmpty() ? null : read(commitFiles.get(0));
    Snapshot before = start == 0 ? null : stateBefore(start, first);
    Protocol protocol = before == null ? null : before.protocol();
    Metadata metadata = before == null ? null : before.metadata();
    RangeSchemas schemas = new RangeSchemas(table, start, metadata, startChosen);
    List<CommitChanges> commits = new ArrayList<>();
    Map<String, AddFile> numbered = new HashMap<>();
    Map<Long, Long> fileTimes = monotonizedFileTimes(start, end);
    for (FileStatus file : commitFiles) {
      long version = version(file);
      CommitReading commit = version == start ? first : read(file);
      numbered.putAll(commit.numbered);
      boolean trackedBefore = rowTracking(protocol, metadata);
      if (commit.protocol != null) {
        protocol = commit.protocol;
      }
      if (commit.metadata != null) {
        metadata = commit.metadata;
      }
      boolean trackedAfter = rowTracking(protocol, metadata);
      if (trackedBefore && !trackedAfter) {
        throw ChangeFeedErrors.rowTrackingDisabledInRange(table, version);
      }
      CommitChanges changes =
          commit.changes(
              version,
              trackedBefore && trackedAfter && commit.keepsRowIds(),
              fileTimes.get(version));
      // A commit read from its change data files removes none: they hold its own schema's rows.
      // One matched by row ID is checked as derived, however a query reads it (asRecorded).
      schemas.commit(version, commit.metadata, !changes.removed().isEmpty());
      if (!changes.isEmpty()) {
        commits.add(changes);
      }
    }
    schemas.check();
    return new ChangeRange(start, end, endSnapshot, withLateRowIds(commits, numbered));
  }

  /**
   * The table before {@code start} (protocol and metadata only: its file list is not replayed).
   * Where log clean-up left {@code start} the oldest version the log can rebuild (an older one is
   * refused before), the state at {@code start} stands in when its commit ({@code first}) changed
   * neither; else the range must start after it.
   */
  private Snapshot stateBefore(long start, CommitReading first) {
    if (start - 1 >= log.listing().earliestRecreatableVersion()) {
      return log.snapshotAt(start - 1);
    }
    if (first != null && first.protocol == null && first.metadata == null) {
      return snapshotAt.apply(start);
    }
    throw ChangeFeedErrors.changeRangeStateBeforeGone(table, start, startChosen);
  }

  /**
   * Files added or removed before row tracking whose rows a backfill later in the range numbered:
   * their rows get the row IDs the backfill gave them ({@code baseRowId} + physical row index,
   * PROTOCOL.md "Row IDs"), and their commit as row commit version, so net changes match them with
   * the changes after the backfill, and with each other (a row a deletion vector hid before the
   * backfill had its index, and so its row ID, numbered too). Their commit stays file-level.
   */
  private List<CommitChanges> withLateRowIds(
      List<CommitChanges> commits, Map<String, AddFile> numbered) {
    List<CommitChanges> result = new ArrayList<>();
    for (CommitChanges c : commits) {
      if (c.rowTracked() || numbered.isEmpty()) {
        result.add(c);
        continue;
      }
      result.add(
          new CommitChanges(
              c.version(),
              c.timestampMillis(),
              false,
              withLateRowIds(c.removed(), numbered, c.version()),
              withLateRowIds(c.added(), numbered, c.version()),
              c.changeData()));
    }
    return List.copyOf(result);
  }

  private List<ChangeFile> withLateRowIds(
      List<ChangeFile> files, Map<String, AddFile> numbered, long version) {
    List<ChangeFile> result = new ArrayList<>();
    for (ChangeFile f : files) {
      AddFile later = f.hasRowIds() ? null : numbered.get(paths.canonical(f.path()));
      result.add(
          later == null
              ? f
              : new ChangeFile(
                  f.path(),
                  f.partitionValues(),
                  f.size(),
                  f.modificationTime(),
                  f.deletionVector(),
                  later.baseRowId(),
                  version));
    }
    return List.copyOf(result);
  }

  private static boolean rowTracking(Protocol protocol, Metadata metadata) {
    return protocol != null
        && metadata != null
        && TableFeatures.isSupported(protocol, TableFeatures.ROW_TRACKING)
        && TableProperties.of("", metadata).rowTrackingEnabled();
  }

  /**
   * The commit files of {@code start..end}: the log must still rebuild the table at {@code start}
   * and hold every one of them.
   */
  private List<FileStatus> availableCommits(long start, long end) {
    long latest = log.listing().latestVersion();
    if (start < log.listing().earliestRecreatableVersion()) {
      // Log clean-up removed the commits before the oldest checkpoint the later commits continue.
      throw beforeTheOldest(start, end);
    }
    List<FileStatus> files = new ArrayList<>();
    for (long v = start; v <= end; v++) {
      Optional<FileStatus> commit = v > latest ? Optional.empty() : log.listing().commit(v);
      if (commit.isEmpty()) {
        List<FileStatus> all = log.listing().commits();
        String available =
            all.isEmpty()
                ? "no version"
                : "versions " + version(all.get(0)) + " to " + version(all.get(all.size() - 1));
        throw ChangeFeedErrors.changeRangeNotAvailable(table, start, end, available);
      }
      files.add(commit.get());
    }
    return files;
  }

  /** A range reaching before the oldest version the log can rebuild, naming those it can. */
  private RuntimeException beforeTheOldest(long start, long end) {
    return ChangeFeedErrors.changeRangeNotAvailable(
        table,
        start,
        end,
        "versions "
            + log.listing().earliestRecreatableVersion()
            + " to "
            + log.listing().latestVersion());
  }

  /**
   * The {@code _commit_timestamp} of {@code snapshot}'s version, as {@link #range} gives a
   * commit's: its in-commit timestamp where enabled, else its commit's file time made increasing
   * over the commits before it (its own time where its commit file is gone). A change feed stream
   * started without a start gives the snapshot's rows this time, as delta-spark's does.
   */
  public long commitTimestamp(Snapshot snapshot) {
    long version = snapshot.version();
    if (snapshot.properties().inCommitTimestampsEnabled()) {
      return snapshot.timestamp();
    }
    return monotonizedFileTimes(version, version).getOrDefault(version, snapshot.timestamp());
  }

  /**
   * The file times of the commits of {@code start..end}, as delta-spark's change feed gives them
   * where in-commit timestamps are off ({@code CDCReaderBase.getNonICTTimestampsByVersion}): made
   * strictly increasing, a time not after the one before counting as one millisecond after it, over
   * the range and the {@value #MONOTONIZED_BEFORE} commits before it. A store with one-second file
   * times (S3) gives commits of the same second the same time otherwise.
   */
  private Map<Long, Long> monotonizedFileTimes(long start, long end) {
    Map<Long, Long> times = new HashMap<>();
    long previous = Long.MIN_VALUE;
    for (FileStatus commit : log.listing().commits(start - MONOTONIZED_BEFORE, end)) {
      long version = version(commit);
      long time = Math.max(commit.getModificationTime(), previous + 1);
      if (version >= start) {
        times.put(version, time);
      }
      previous = time;
    }
    return times;
  }

  private static long version(FileStatus commit) {
    String name = commit.getPath().getName();
    return Long.parseLong(name.substring(0, name.indexOf('.')));
  }

  /**
   * Whether the range is two timestamps, in order, with no commit between them: the start resolves
   * to the commit after them and the end to the one before, and the range is empty (as in
   * delta-spark: a job that reads the changes of each time window reads nothing for a quiet one).
   */
  private static boolean betweenTwoCommits(ChangeFeedRequest request, long start, long end) {
    return request.startTimestampMillis() != null
        && request.endTimestampMillis() != null
        && request.startTimestampMillis() <= request.endTimestampMillis()
        && end == start - 1;
  }

  private CommitReading read(FileStatus file) {
    CommitReading reading = new CommitReading(file, paths, table, log);
    commitReader.accept(file, reading::accept);
    return reading;
  }
}
