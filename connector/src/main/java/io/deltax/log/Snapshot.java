package io.deltax.log;

import io.deltax.actions.Action;
import io.deltax.actions.AddFile;
import io.deltax.actions.DomainMetadata;
import io.deltax.actions.Metadata;
import io.deltax.actions.Protocol;
import io.deltax.actions.RemoveFile;
import io.deltax.actions.SetTransaction;
import io.deltax.protocol.TableProperties;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * The state of a table at one version, rebuilt from its log. Immutable; the file list is
 * replayed on first use.
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
  private StructType schema;

  /** What the file actions of the log add up to. */
  private record FileState(List<AddFile> activeFiles, List<RemoveFile> tombstones,
      Map<String, SetTransaction> transactions, Map<String, DomainMetadata> domains,
      Map<String, Long> firstAddedIn) {}

  /**
   * The file actions replayed, and the segment that gave them: not this snapshot's own when its
   * checkpoint turned out unreadable and an older checkpoint or the commits served instead.
   */
  record Replayed(LogSegment segment, LogReplay replay) {}

  Snapshot(LogSegment segment, long timestamp, Protocol protocol, Metadata metadata,
      Supplier<Replayed> replayFiles) {
    this.tableRoot = segment.tableRoot();
    this.version = segment.version();
    this.timestamp = timestamp;
    this.protocol = protocol;
    this.metadata = metadata;
    this.segment = segment;
    this.replayFiles = replayFiles;
  }

  private Snapshot(LogSegment segment, long timestamp, Protocol protocol, Metadata metadata,
      FileState files) {
    this(segment, timestamp, protocol, metadata, (Supplier<Replayed>) null);
    this.files = files;
  }

  /**
   * This snapshot advanced by commit {@code version() + 1}, made of {@code actions}, without
   * reading the log again. Only for the writer of that commit, right after its put-if-absent write
   * succeeded: then no other commit can lie between this snapshot and it.
   */
  public Snapshot withCommit(List<Action> actions, long commitTimestamp, long commitFileSize) {
    long next = version + 1;
    Protocol newProtocol = protocol;
    Metadata newMetadata = metadata;
    LogReplay replay = new LogReplay(paths());
    for (Action action : actions) {
      if (action instanceof Protocol p) {
        newProtocol = p;
      } else if (action instanceof Metadata m) {
        newMetadata = m;
      }
      replay.applyCommitAction(action, next);
    }
    // What this snapshot knew comes after the new commit in replay order, as a checkpoint would.
    FileState old = files();
    old.activeFiles().forEach(replay::applyCheckpointAction);
    old.tombstones().forEach(replay::applyCheckpointAction);
    old.transactions().values().forEach(replay::applyCheckpointAction);
    old.domains().values().forEach(replay::applyCheckpointAction);
    Map<String, Long> firstAddedIn = new HashMap<>(replay.firstAddedIn());
    firstAddedIn.putAll(old.firstAddedIn());

    List<FileStatus> commits = new ArrayList<>(segment().commits());
    commits.add(new FileStatus(commitFileSize, false, 1, 0, commitTimestamp,
        new Path(LogFileName.logDir(tableRoot), LogFileName.commitName(next))));
    LogSegment advanced = new LogSegment(tableRoot, next, segment().checkpoint(), List.copyOf(commits));
    return new Snapshot(advanced, commitTimestamp, newProtocol, newMetadata,
        new FileState(List.copyOf(replay.activeFiles()), List.copyOf(replay.tombstones()),
            Map.copyOf(replay.transactions()), Map.copyOf(replay.domains()), firstAddedIn));
  }

  /** Replays this snapshot's file actions, for a snapshot that serves another as a fallback. */
  Replayed replay() {
    return replayFiles.get();
  }

  private synchronized FileState files() {
    if (files == null) {
      Replayed replayed = replayFiles.get();
      segment = replayed.segment();
      LogReplay replay = replayed.replay();
      files = new FileState(List.copyOf(replay.activeFiles()), List.copyOf(replay.tombstones()),
          Map.copyOf(replay.transactions()), Map.copyOf(replay.domains()), replay.firstAddedIn());
      replayFiles = null; // lets the commits' actions go
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

  /** The active data files, in no particular order. */
  public List<AddFile> activeFiles() {
    return files().activeFiles();
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
   * The version of the oldest commit still in the log after the checkpoint that added this file's
   * path: when its data was written. Files known only from the checkpoint answer the checkpoint's
   * version, the oldest the log can still tell.
   */
  public long firstAddedVersion(AddFile file) {
    Long version = files().firstAddedIn().get(paths().canonical(file.path()));
    return version != null ? version : segment().checkpoint().map(Checkpoint::version).orElse(0L);
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
      schema = (StructType) DataType.fromJson(metadata.schemaString());
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
