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
import io.deltax.actions.DomainMetadata;
import io.deltax.actions.Metadata;
import io.deltax.actions.Protocol;
import io.deltax.actions.RemoveFile;
import io.deltax.actions.SetTransaction;
import io.deltax.protocol.TableProperties;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * The state of a table at one version, rebuilt from its log. Immutable; the file list is replayed
 * on first use.
 */
public final class Snapshot {
  private final Path tableRoot;
  private final long version;
  private final long timestamp;
  private final Protocol protocol;
  private final Metadata metadata;

  /** The files this snapshot is rebuilt from; an older segment after a checkpoint read failed. */
  private LogSegment segment;

  /** Replays the file actions; called once, on the first question about files. */
  private Supplier<Replayed> replayFiles;

  private FileState files;

  /** Where the file state comes from instead: the snapshot this one reads with other metadata. */
  private Snapshot filesOf;

  /** The size of {@code files} once loaded; read without the lock, which a replay holds long. */
  private volatile long loadedFileCount;

  private StructType schema;

  /** What layers above derive from this snapshot once, by kind ({@link #derived}). */
  private final Map<Class<?>, Object> derived = new ConcurrentHashMap<>();

  /**
   * The {@link PerFile} values of the snapshot this one advanced, by kind, for this one's to take
   * over when first made ({@link #derived}); filled once the file list is built.
   */
  private final Map<Class<?>, TakeOver> takeOvers = new ConcurrentHashMap<>();

  /**
   * A value derived per file of the snapshot's file list ({@link #derived}) that a snapshot
   * advanced by new commits, under the same metadata, takes over for the files both lists hold: a
   * query after a commit derives it again for the new files only.
   */
  public interface PerFile {
    /**
     * Takes over what {@code older}, of the same kind and kept with the snapshot this one advanced,
     * holds: file {@code i} of this snapshot's list was file {@code olderPositions[i]} of the older
     * snapshot's list, or is new where that is -1.
     */
    void takeOver(Object older, int[] olderPositions);
  }

  private record TakeOver(Object older, int[] olderPositions) {}

  /**
   * What the file actions of the log add up to. {@code removedFirstAdded}: when each path that
   * commits since the checkpoint added, and that is no longer active, was first added; an active
   * file's is in its entry.
   */
  private record FileState(
      CompactFileList activeFiles,
      List<RemoveFile> tombstones,
      Map<String, SetTransaction> transactions,
      Map<String, DomainMetadata> domains,
      Map<String, Long> removedFirstAdded) {}

  /**
   * The file actions replayed, and the segment that gave them: not this snapshot's own when its
   * checkpoint turned out unreadable and an older checkpoint or the commits served instead.
   */
  record Replayed(LogSegment segment, LogReplay replay, Snapshot older) {
    Replayed(LogSegment segment, LogReplay replay) {
      this(segment, replay, null);
    }
  }

  Snapshot(
      LogSegment segment,
      long timestamp,
      Protocol protocol,
      Metadata metadata,
      Supplier<Replayed> replayFiles) {
    this.tableRoot = segment.tableRoot();
    this.version = segment.version();
    this.timestamp = timestamp;
    this.protocol = protocol;
    this.metadata = metadata;
    this.segment = segment;
    this.replayFiles = replayFiles;
  }

  /**
   * This snapshot advanced by commit {@code version() + 1}, made of {@code actions}, without
   * reading the log again. Only for the writer of that commit, right after its put-if-absent write
   * succeeded: then no other commit can lie between this snapshot and it.
   */
  public Snapshot withCommit(List<Action> actions, long commitTimestamp, long commitFileSize) {
    long next = version + 1;
    FileStatus file =
        new FileStatus(
            commitFileSize,
            false,
            1,
            0,
            commitTimestamp,
            new Path(LogFileName.logDir(tableRoot), LogFileName.commitName(next)));
    return withCommits(
        List.of(new LogFiles.CommitActions(next, actions)), List.of(file), commitTimestamp);
  }

  /**
   * This snapshot advanced by the commits right after it, read from the log: {@code newestFirst}
   * their actions, {@code files} the commit files in version order, {@code timestamp} the newest
   * one's commit time. The file state is this one's with the new commits replayed on top, as if
   * this snapshot were a checkpoint (PROTOCOL.md, "Action Reconciliation"); it is built when first
   * asked for, so a schema-only question costs no file list.
   */
  Snapshot withCommits(
      List<LogFiles.CommitActions> newestFirst, List<FileStatus> files, long timestamp) {
    Protocol newProtocol = null;
    Metadata newMetadata = null;
    for (LogFiles.CommitActions commit : newestFirst) {
      for (Action action : commit.actions()) {
        if (action instanceof Protocol p && newProtocol == null) {
          newProtocol = p;
        } else if (action instanceof Metadata m && newMetadata == null) {
          newMetadata = m;
        }
      }
    }
    LogSegment advanced = advancedSegment(segment(), files);
    // Values derived per file assume this metadata (the statistics' types): not taken over past a
    // new one.
    Snapshot older = newMetadata == null ? this : null;
    return new Snapshot(
        advanced,
        timestamp,
        newProtocol != null ? newProtocol : protocol,
        newMetadata != null ? newMetadata : metadata,
        () -> {
          FileState old = files();
          LogReplay replay = new LogReplay(paths(), old.activeFiles());
          for (LogFiles.CommitActions commit : newestFirst) {
            commit.actions().forEach(action -> replay.applyCommitAction(action, commit.version()));
          }
          // What this snapshot knew comes after the new commits in replay order, as a checkpoint
          // would.
          // The older commit that added a path is when its data was written.
          replay.firstAddedIn().putAll(old.removedFirstAdded());
          replay.applyOlderFiles();
          old.tombstones().forEach(replay::applyCheckpointAction);
          old.transactions().values().forEach(replay::applyCheckpointAction);
          old.domains().values().forEach(replay::applyCheckpointAction);
          return new Replayed(advancedSegment(segment(), files), replay, older);
        });
  }

  private static LogSegment advancedSegment(LogSegment from, List<FileStatus> files) {
    List<FileStatus> commits = new ArrayList<>(from.commits());
    commits.addAll(files);
    long version = LogFileName.parse(files.get(files.size() - 1).getPath().getName()).version();
    return new LogSegment(from.tableRoot(), version, from.checkpoint(), List.copyOf(commits));
  }

  /**
   * This snapshot's files read with other metadata and protocol: what a stream's schema log says
   * its rows read with ({@code io.deltax.streaming.schema}). The file list is this snapshot's,
   * built once for both.
   */
  public Snapshot withReadMetadata(Metadata readMetadata, Protocol readProtocol) {
    Snapshot read = new Snapshot(segment(), timestamp, readProtocol, readMetadata, null);
    read.filesOf = this;
    return read;
  }

  /** Replays this snapshot's file actions, for a snapshot that serves another as a fallback. */
  Replayed replay() {
    return replayFiles.get();
  }

  private synchronized FileState files() {
    if (filesOf != null) {
      return filesOf.files();
    }
    if (files == null) {
      Replayed replayed = replayFiles.get();
      segment = replayed.segment();
      LogReplay replay = replayed.replay();
      files =
          new FileState(
              replay.activeFiles(),
              List.copyOf(replay.tombstones()),
              Map.copyOf(replay.transactions()),
              Map.copyOf(replay.domains()),
              Map.copyOf(replay.firstAddedIn()));
      replayFiles = null; // lets the commits' actions go
      loadedFileCount = files.activeFiles().size();
      if (replayed.older() != null) {
        prepareTakeOvers(replayed.older(), replay.olderPositions());
      }
    }
    return files;
  }

  public Path tableRoot() {
    return tableRoot;
  }

  public long version() {
    return version;
  }

  /** The commit timestamp of this version in milliseconds (in-commit timestamp where enabled). */
  public long timestamp() {
    return timestamp;
  }

  public Protocol protocol() {
    return protocol;
  }

  public Metadata metadata() {
    return metadata;
  }

  /** The table properties deltax reads, from this version's metadata. */
  public TableProperties properties() {
    return TableProperties.of(tableRoot.toString(), metadata);
  }

  /**
   * How many active files this snapshot holds in memory: 0 until its file list is first asked for.
   * What a cache of snapshots counts against its bound.
   */
  public long loadedFileCount() {
    return loadedFileCount;
  }

  /**
   * The active data files, in no particular order: a list that builds each {@code AddFile} when
   * asked ({@link CompactFileList}), fixed for this snapshot, so a position names one file.
   */
  public CompactFileList activeFiles() {
    return files().activeFiles();
  }

  /**
   * Whether some active file has a deletion vector: found while the file list was written, not by
   * every scan walking it.
   */
  public boolean hasDeletionVectors() {
    return files().activeFiles().hasDeletionVectors();
  }

  /** The remove actions still in effect, expired or not: what a checkpoint carries forward. */
  public List<RemoveFile> tombstones() {
    return files().tombstones();
  }

  public Map<String, SetTransaction> transactions() {
    return files().transactions();
  }

  public Optional<DomainMetadata> domain(String name) {
    return Optional.ofNullable(files().domains().get(name));
  }

  public Map<String, DomainMetadata> domains() {
    return files().domains();
  }

  /**
   * The version of the oldest commit still in the log after the checkpoint that added the path of
   * the file at {@code position} of {@link #activeFiles}: when its data was written. Files known
   * only from the checkpoint answer the checkpoint's version, the oldest the log can still tell.
   */
  public long firstAddedVersion(int position) {
    long version = files().activeFiles().firstAdded(position);
    return version >= 0 ? version : segment().checkpoint().map(Checkpoint::version).orElse(0L);
  }

  /**
   * What a layer above this one derives from this snapshot and keeps as long as the snapshot is
   * kept (the statistics a scan parsed, {@code io.deltax.read.skipping.SnapshotColumnBounds}): made
   * by {@code make} on first use, one per kind. A snapshot advanced by new commits starts without,
   * but a {@link PerFile} value it makes takes over the older snapshot's for the files both hold.
   */
  public <T> T derived(Class<T> kind, Supplier<T> make) {
    return kind.cast(
        derived.computeIfAbsent(
            kind,
            k -> {
              T made = make.get();
              TakeOver takeOver = takeOvers.remove(k);
              if (takeOver != null) {
                ((PerFile) made).takeOver(takeOver.older(), takeOver.olderPositions());
              }
              return made;
            }));
  }

  /**
   * What {@code older}'s {@link PerFile} values hold, for this snapshot's: taken over now by a
   * value already made, else by the value {@link #derived} makes next.
   */
  private void prepareTakeOvers(Snapshot older, int[] olderPositions) {
    older.derived.forEach(
        (kind, value) -> {
          if (value instanceof PerFile) {
            // Under the map's lock for the kind, so a value made meanwhile takes it over too.
            derived.compute(
                kind,
                (k, mine) -> {
                  if (mine != null) {
                    ((PerFile) mine).takeOver(value, olderPositions);
                  } else {
                    takeOvers.put(k, new TakeOver(value, olderPositions));
                  }
                  return mine;
                });
          }
        });
  }

  public synchronized LogSegment segment() {
    return segment;
  }

  public FilePathResolver paths() {
    return new FilePathResolver(tableRoot);
  }

  /** The table's logical schema, partition columns included, as {@code schemaString} defines it. */
  public synchronized StructType schema() {
    if (schema == null) {
      schema = metadata.schema();
    }
    return schema;
  }

  /** The partition columns, in the order of {@code partitionColumns}, with their types. */
  public StructType partitionSchema() {
    StructType full = schema();
    StructType result = new StructType();
    for (String column : metadata.partitionColumns()) {
      StructField field = findField(full, column);
      result = result.add(field);
    }
    return result;
  }

  /** Partition column names are matched case-insensitively, as delta-spark does. */
  static StructField findField(StructType schema, String name) {
    for (StructField f : schema.fields()) {
      if (f.name().equalsIgnoreCase(name)) {
        return f;
      }
    }
    throw new IllegalStateException("Partition column " + name + " is not in the table schema");
  }

  @Override
  public String toString() {
    return "Snapshot(" + tableRoot + " @ " + version + ")";
  }
}
