package io.deltax.changes;

import io.deltax.actions.Action;
import io.deltax.actions.AddFile;
import io.deltax.actions.CommitInfo;
import io.deltax.actions.Metadata;
import io.deltax.actions.Protocol;
import io.deltax.actions.RemoveFile;
import io.deltax.columnmapping.ColumnMapping;
import io.deltax.conf.ChangeFeedRequest;
import io.deltax.errors.DeltaXErrors;
import io.deltax.log.FilePathResolver;
import io.deltax.log.Snapshot;
import io.deltax.log.TransactionLog;
import io.deltax.protocol.TableFeatures;
import io.deltax.protocol.TableProperties;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.LongFunction;
import org.apache.hadoop.fs.FileStatus;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * Plans a change feed from the log alone, in two steps: {@link #bounds} resolves the range and
 * checks it against the log's history without opening a commit of it; {@link #range} reads each
 * commit in it into {@link CommitChanges}. A stream needs only the first (it plans each
 * micro-batch's commits itself). No data file is opened here.
 *
 * <p>Only {@code add} and {@code remove} actions with {@code dataChange = true} count: delta-spark
 * marks the commits that rewrite files without changing rows that way (OPTIMIZE, row tracking
 * backfills, deltax's among them, and file-only rewrites), so they contribute nothing, and a
 * range with no data change reads no data file.
 *
 * <p>A commit is matched by row ID when row tracking was enabled both before it and after it (its
 * removed and added files then all carry {@code baseRowId}, PROTOCOL.md "Row Tracking", "Writer
 * Requirements"). Before enablement its changes are file-level.
 */
public final class ChangeRangePlanner {
  private final TransactionLog log;
  private final String table;
  private final FilePathResolver paths;
  private final BiConsumer<FileStatus, Consumer<Action>> commitReader;
  private final LongFunction<Snapshot> snapshotAt;

  public ChangeRangePlanner(TransactionLog log) {
    this(log, log::readCommit, log::snapshotAt);
  }

  /**
   * A planner that reads commits through {@code commitReader} and takes the range's end snapshot
   * from {@code snapshotAt}.
   *
   * @param commitReader reads a commit file's actions, as {@link TransactionLog#readCommit}: a
   *     stream hands over the commits it already read
   * @param snapshotAt the snapshot of a version, as {@link TransactionLog#snapshotAt}: a load
   *     hands over the latest snapshot it holds, so the end of a range is not replayed again
   */
  public ChangeRangePlanner(TransactionLog log, BiConsumer<FileStatus, Consumer<Action>> commitReader,
      LongFunction<Snapshot> snapshotAt) {
    this.log = log;
    this.table = log.tableRoot().toString();
    this.paths = new FilePathResolver(log.tableRoot());
    this.commitReader = commitReader;
    this.snapshotAt = snapshotAt;
  }

  /** The range of {@code request}, its commits read: {@link #bounds} then {@link #range}. */
  public ChangeRange plan(ChangeFeedRequest request) {
    return range(bounds(request));
  }

  /**
   * The cheap step: resolves the range's versions (timestamps included) and its end snapshot, and
   * checks what needs no commit's contents: the start is not after the end, and the log still
   * holds every commit of the range. No commit of the range is opened.
   */
  public ChangeBounds bounds(ChangeFeedRequest request) {
    long latest = log.listing().latestVersion();
    long start = request.startVersion() != null ? request.startVersion()
        : firstVersionAtOrAfter(request.startTimestampMillis(), request.startTimestamp());
    long end = request.endVersion() != null ? request.endVersion()
        : request.endTimestampMillis() != null
            ? log.snapshotAsOf(request.endTimestampMillis(), request.endTimestamp()).version()
            : latest;
    if (start > end && !betweenTwoCommits(request, start, end)) {
      throw DeltaXErrors.changeRangeReversed(table, start, end);
    }
    commitFiles(start, end, latest);
    return new ChangeBounds(start, end, snapshotAt.apply(end));
  }

  /**
   * The expensive step: reads every commit of {@code bounds} into {@link CommitChanges}, and
   * checks what needs their contents (a schema change across the range, row tracking disabled in
   * it). A batch scan calls this when it plans its tasks, before any data file is read.
   */
  public ChangeRange range(ChangeBounds bounds) {
    long start = bounds.start();
    long end = bounds.end();
    List<FileStatus> commitFiles = commitFiles(start, end, log.listing().latestVersion());
    Snapshot endSnapshot = bounds.endSnapshot();
    // Protocol and metadata only: the file list of the version before is not replayed.
    Snapshot before = start == 0 ? null : log.snapshotAt(start - 1);
    Protocol protocol = before == null ? null : before.protocol();
    Metadata metadata = before == null ? null : before.metadata();
    Metadata beforeStart = metadata;
    List<SchemaChange> schemaChanges = new ArrayList<>();
    boolean startRemovesRows = false;
    List<CommitChanges> commits = new ArrayList<>();
    Map<String, AddFile> numbered = new HashMap<>();
    for (FileStatus file : commitFiles) {
      long version = version(file);
      CommitReading commit = read(file);
      numbered.putAll(commit.numbered);
      boolean trackedBefore = rowTracking(protocol, metadata);
      if (commit.protocol != null) {
        protocol = commit.protocol;
      }
      if (commit.metadata != null) {
        metadata = commit.metadata;
        schemaChanges.add(new SchemaChange(version, metadata));
      }
      if (version == start) {
        startRemovesRows = !commit.removes.isEmpty();
      }
      boolean trackedAfter = rowTracking(protocol, metadata);
      if (trackedBefore && !trackedAfter) {
        throw DeltaXErrors.rowTrackingDisabledInRange(table, version);
      }
      CommitChanges changes = commit.changes(version,
          trackedBefore && trackedAfter && !commit.isRestore());
      if (!changes.isEmpty()) {
        commits.add(changes);
      }
    }
    checkSchemas(beforeStart, startRemovesRows, schemaChanges, start);
    return new ChangeRange(start, end, endSnapshot, withLateRowIds(commits, numbered));
  }

  /** A commit's new table metadata (its schema among it). */
  private record SchemaChange(long version, Metadata metadata) {}

  /**
   * Files added before row tracking whose rows a backfill later in the range numbered: their rows
   * get the row IDs the backfill gave them ({@code baseRowId} + physical row index, PROTOCOL.md
   * "Row IDs"), and their commit as row commit version, so net changes match them with the changes
   * after the backfill. Their commit stays file-level.
   */
  private List<CommitChanges> withLateRowIds(List<CommitChanges> commits,
      Map<String, AddFile> numbered) {
    List<CommitChanges> result = new ArrayList<>();
    for (CommitChanges c : commits) {
      if (c.rowTracked() || numbered.isEmpty()) {
        result.add(c);
        continue;
      }
      List<ChangeFile> added = new ArrayList<>();
      for (ChangeFile f : c.added()) {
        AddFile later = f.hasRowIds() ? null : numbered.get(paths.canonical(f.path()));
        added.add(later == null ? f : new ChangeFile(f.path(), f.partitionValues(), f.size(),
            f.modificationTime(), f.deletionVector(), later.baseRowId(), c.version()));
      }
      result.add(new CommitChanges(c.version(), c.timestampMillis(), false, c.removed(), List.copyOf(added)));
    }
    return List.copyOf(result);
  }

  private static boolean rowTracking(Protocol protocol, Metadata metadata) {
    return protocol != null && metadata != null
        && TableFeatures.isSupported(protocol, TableFeatures.ROW_TRACKING)
        && TableProperties.of("", metadata).rowTrackingEnabled();
  }

  /** The commit files of {@code start..end}, every one of which the log must still hold. */
  private List<FileStatus> commitFiles(long start, long end, long latest) {
    List<FileStatus> files = new ArrayList<>();
    for (long v = start; v <= end; v++) {
      Optional<FileStatus> commit = v > latest ? Optional.empty() : log.listing().commit(v);
      if (commit.isEmpty()) {
        List<FileStatus> all = log.listing().commits();
        String available = all.isEmpty() ? "no version"
            : "versions " + version(all.get(0)) + " to " + version(all.get(all.size() - 1));
        throw DeltaXErrors.changeRangeNotAvailable(table, start, end, available);
      }
      files.add(commit.get());
    }
    return files;
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
    return request.startTimestampMillis() != null && request.endTimestampMillis() != null
        && request.startTimestampMillis() <= request.endTimestampMillis() && end == start - 1;
  }

  /** The first version committed at or after {@code millis}, as delta-spark's startingTimestamp. */
  private long firstVersionAtOrAfter(long millis, String asWritten) {
    List<FileStatus> all = log.listing().commits();
    if (!all.isEmpty() && millis <= timestamp(all.get(0))) {
      return version(all.get(0));
    }
    Snapshot atOrBefore = log.snapshotAsOf(millis, asWritten);
    return atOrBefore.timestamp() >= millis ? atOrBefore.version() : atOrBefore.version() + 1;
  }

  private long timestamp(FileStatus commit) {
    return log.commitInfo(commit).map(CommitInfo::inCommitTimestamp).orElse(commit.getModificationTime());
  }

  /**
   * Rows of every version in the range are read with the end's schema, so each schema the range's
   * rows were written under must be a part of it, as in delta-spark's change data feed: the
   * schema as of the start, and every schema a later commit of the range set. A schema the start
   * commit itself sets replaces the one before it, as in delta-spark, except for the rows that
   * commit removes: they were written before it (a REPLACE, or an overwrite of the schema), so the
   * schema before it must fit too.
   *
   * @param beforeStart the metadata of the version before the start, null from version 0
   * @param changes the metadata the range's commits set, in order (the last one is the end's)
   */
  private void checkSchemas(Metadata beforeStart, boolean startRemovesRows, List<SchemaChange> changes,
      long start) {
    List<SchemaChange> written = new ArrayList<>();
    boolean startSetsSchema = !changes.isEmpty() && changes.get(0).version() == start;
    if (beforeStart != null && (!startSetsSchema || startRemovesRows)) {
      written.add(new SchemaChange(start - 1, beforeStart));
    }
    written.addAll(changes);
    if (written.isEmpty()) {
      return;
    }
    Metadata end = written.get(written.size() - 1).metadata();
    for (int i = 0; i < written.size() - 1; i++) {
      Metadata older = written.get(i).metadata();
      if (incompatibility(older, end) == null) {
        continue;
      }
      // Name the first later schema that no longer fits: the commit that broke it.
      for (int j = i + 1; j < written.size(); j++) {
        String why = incompatibility(older, written.get(j).metadata());
        if (why != null) {
          long version = written.get(j).version();
          // The rows the start commit removes have no schema to be read with at all.
          long readableFrom = version == start && startSetsSchema ? start + 1 : version;
          throw DeltaXErrors.changeRangeSchemaChange(table, version, why, readableFrom);
        }
      }
    }
  }

  /**
   * Why rows written under {@code older} cannot be read with {@code newer}'s schema, or null if
   * they can: every column still there, under the same name and physical name, with the same
   * type, and the same partition columns. Added columns read as null in older rows.
   */
  private static String incompatibility(Metadata older, Metadata newer) {
    if (!older.partitionColumns().equals(newer.partitionColumns())) {
      return "changes the partition columns from " + older.partitionColumns() + " to "
          + newer.partitionColumns();
    }
    StructType newSchema = (StructType) DataType.fromJson(newer.schemaString());
    StructType schema = (StructType) DataType.fromJson(older.schemaString());
    for (StructField field : schema.fields()) {
      StructField now = null;
      for (StructField f : newSchema.fields()) {
        if (f.name().equalsIgnoreCase(field.name())) {
          now = f;
        }
      }
      if (now == null) {
        return "drops or renames column " + field.name();
      }
      if (!ColumnMapping.physicalName(now).equals(ColumnMapping.physicalName(field))
          || !DataType.equalsIgnoreNullability(
              ColumnMapping.logicalSchema(new StructType(new StructField[] {now})).fields()[0].dataType(),
              ColumnMapping.logicalSchema(new StructType(new StructField[] {field})).fields()[0].dataType())) {
        return "changes column " + field.name() + " from " + field.dataType().simpleString() + " to "
            + now.dataType().simpleString();
      }
    }
    return null;
  }

  private CommitReading read(FileStatus file) {
    CommitReading reading = new CommitReading(file);
    commitReader.accept(file, reading::accept);
    return reading;
  }

  /** One commit's actions, as far as the change feed needs them. */
  private final class CommitReading {
    final FileStatus file;
    Protocol protocol;
    Metadata metadata;
    CommitInfo commitInfo;
    /** By logical file key, in the commit's order. */
    final Map<String, RemoveFile> removes = new LinkedHashMap<>();
    final Map<String, AddFile> adds = new LinkedHashMap<>();
    /** Every add with a baseRowId (backfills' too), by canonical path. */
    final Map<String, AddFile> numbered = new HashMap<>();

    CommitReading(FileStatus file) {
      this.file = file;
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
      }
    }

    /**
     * Whether the commit is a RESTORE. It re-adds files an earlier commit removed, whose rows keep
     * their row IDs and their old row commit versions, and removes the files written since: matched
     * by row ID, a reverted row would look copied and its change would be lost. Its changes are
     * file-level instead (rows of the removed files as deletes, of the re-added ones as inserts),
     * as delta-spark's CDF shows a RESTORE, for which it writes no change data.
     */
    boolean isRestore() {
      return commitInfo != null && "RESTORE".equals(commitInfo.operation());
    }

    private String key(String path, String dvId) {
      return paths.canonical(path) + "#" + (dvId == null ? "" : dvId);
    }

    CommitChanges changes(long version, boolean rowTracked) {
      List<ChangeFile> removed = new ArrayList<>();
      List<ChangeFile> added = new ArrayList<>();
      Map<String, AddFile> before = null;
      for (Map.Entry<String, RemoveFile> r : removes.entrySet()) {
        if (adds.containsKey(r.getKey())) {
          continue; // removed and re-added as it was: no row changed
        }
        RemoveFile remove = r.getValue();
        boolean complete = remove.partitionValues() != null && remove.size() != null
            && (!rowTracked || (remove.baseRowId() != null && remove.defaultRowCommitVersion() != null));
        if (complete) {
          removed.add(ChangeFile.of(remove));
        } else {
          // A remove without the file's details: take them from the version before.
          if (before == null) {
            before = filesAt(version - 1);
          }
          AddFile was = before.get(r.getKey());
          if (was == null) {
            throw DeltaXErrors.corruptLogFile(file.getPath().toString(), "it removes " + remove.path()
                + ", which version " + (version - 1) + " does not hold", null);
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
      long timestamp = commitInfo != null && commitInfo.inCommitTimestamp() != null
          ? commitInfo.inCommitTimestamp() : file.getModificationTime();
      return new CommitChanges(version, timestamp, rowTracked, List.copyOf(removed), List.copyOf(added));
    }
  }

  private Map<String, AddFile> filesAt(long version) {
    Map<String, AddFile> files = new HashMap<>();
    for (AddFile f : log.snapshotAt(version).activeFiles()) {
      files.put(paths.canonical(f.path()) + "#" + (f.deletionVectorId() == null ? "" : f.deletionVectorId()), f);
    }
    return files;
  }
}
