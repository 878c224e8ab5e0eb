package io.deltax.log;

import io.deltax.actions.ParquetActionReader;
import io.deltax.actions.FileActionSummary;
import io.deltax.actions.ActionJson;
import io.deltax.errors.DeltaXErrors;
import io.deltax.actions.Action;
import io.deltax.actions.CommitInfo;
import io.deltax.actions.Metadata;
import io.deltax.actions.Protocol;
import io.deltax.actions.Sidecar;
import io.deltax.protocol.TableFeatures;
import io.deltax.protocol.TableProperties;
import java.io.BufferedReader;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Consumer;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * The {@code _delta_log} of one table, listed once when opened. Rebuilds snapshots at the latest
 * version, at a given version, or at a given time. Works on any Hadoop file system.
 */
public final class TransactionLog {
  private final Configuration conf;
  private final FileSystem fs;
  private final Path tableRoot;
  private final Path logDir;
  private final LogListing listing;
  private final Optional<LastCheckpointHint> lastCheckpoint;

  private TransactionLog(Configuration conf, FileSystem fs, Path tableRoot, LogListing listing,
      Optional<LastCheckpointHint> lastCheckpoint) {
    this.conf = conf;
    this.fs = fs;
    this.tableRoot = tableRoot;
    this.logDir = new Path(tableRoot, "_delta_log");
    this.listing = listing;
    this.lastCheckpoint = lastCheckpoint;
  }

  /** Opens the log of the table at {@code path}: one listing of {@code _delta_log}. */
  public static TransactionLog open(String path, Configuration conf) {
    try {
      Path given = new Path(path);
      FileSystem fs = given.getFileSystem(conf);
      Path root = fs.makeQualified(given);
      if (!fs.exists(root)) {
        throw DeltaXErrors.tableNotFound(path);
      }
      Path logDir = new Path(root, "_delta_log");
      FileStatus[] files;
      try {
        files = fs.listStatus(logDir);
      } catch (FileNotFoundException e) {
        throw DeltaXErrors.notADeltaTable(path, "it has no _delta_log directory");
      }
      LogListing listing = new LogListing(root, files);
      if (listing.isEmpty()) {
        throw DeltaXErrors.notADeltaTable(path, "its _delta_log holds no commit and no checkpoint");
      }
      return new TransactionLog(conf, fs, root, listing, LastCheckpointHint.read(fs, logDir));
    } catch (IOException e) {
      throw DeltaXErrors.fileSystemError(path, e);
    }
  }

  public Path tableRoot() {
    return tableRoot;
  }

  public LogListing listing() {
    return listing;
  }

  public Snapshot latestSnapshot() {
    return snapshotAt(listing.latestVersion());
  }

  /**
   * The snapshot at {@code version}; the protocol is checked before it is returned. The protocol
   * and metadata come from the commits, or from the checkpoint's {@code protocol} and
   * {@code metaData} columns alone; the file list is replayed only when first asked for, so
   * asking for the schema of a table of a million files reads no file action.
   */
  public Snapshot snapshotAt(long version) {
    LogSegment segment = listing.segment(version, lastCheckpoint);
    List<CommitActions> commits = readCommitsNewestFirst(segment.commits());
    Protocol[] protocol = new Protocol[1];
    Metadata[] metadata = new Metadata[1];
    Consumer<Action> newest = action -> {
      if (action instanceof Protocol p && protocol[0] == null) {
        protocol[0] = p;
      } else if (action instanceof Metadata m && metadata[0] == null) {
        metadata[0] = m;
      }
    };
    commits.forEach(c -> c.actions().forEach(newest));
    if ((protocol[0] == null || metadata[0] == null) && segment.checkpoint().isPresent()) {
      readCheckpointProtocolAndMetadata(segment.checkpoint().get(), newest);
    }
    if (protocol[0] == null || metadata[0] == null) {
      throw DeltaXErrors.missingProtocolOrMetadata(tableRoot.toString(), version);
    }
    TableFeatures.checkReadable(tableRoot.toString(), version, protocol[0]);
    CommitInfo newestCommitInfo = commits.isEmpty() ? null : commits.get(0).actions().stream()
        .filter(CommitInfo.class::isInstance).map(CommitInfo.class::cast).findFirst().orElse(null);
    long timestamp = TableProperties.of(tableRoot.toString(), metadata[0]).inCommitTimestampsEnabled()
        && newestCommitInfo != null
        && newestCommitInfo.inCommitTimestamp() != null
        ? newestCommitInfo.inCommitTimestamp()
        : segment.lastModificationTime();
    return new Snapshot(segment, timestamp, protocol[0], metadata[0], () -> {
      LogReplay replay = new LogReplay(new FilePathResolver(tableRoot));
      for (CommitActions commit : commits) {
        commit.actions().forEach(action -> replay.applyCommitAction(action, commit.version()));
      }
      segment.checkpoint().ifPresent(checkpoint -> readCheckpoint(checkpoint, replay));
      return replay;
    });
  }

  /** The actions of one commit, kept until the snapshot's file list is replayed. */
  private record CommitActions(long version, List<Action> actions) {}

  /** Commits at least this many are read by several threads at once. */
  private static final int PARALLEL_FROM = 8;
  private static final int READ_THREADS = 8;
  /**
   * Reading a commit is mostly waiting for the file system (a round trip per file on object
   * stores), so a few threads overlap the waits of a long run of commits.
   */
  private static final ExecutorService COMMIT_READERS = Executors.newFixedThreadPool(READ_THREADS,
      runnable -> {
        Thread t = new Thread(runnable, "deltax-commit-reader");
        t.setDaemon(true);
        // Not the context of whichever caller happened to start the thread.
        t.setContextClassLoader(TransactionLog.class.getClassLoader());
        return t;
      });

  private List<CommitActions> readCommitsNewestFirst(List<FileStatus> files) {
    List<CommitActions> commits = new ArrayList<>(files.size());
    if (files.size() < PARALLEL_FROM) {
      for (int i = files.size() - 1; i >= 0; i--) {
        commits.add(readCommitActions(files.get(i)));
      }
      return commits;
    }
    List<CompletableFuture<CommitActions>> reads = new ArrayList<>(files.size());
    for (int i = files.size() - 1; i >= 0; i--) {
      FileStatus file = files.get(i);
      reads.add(CompletableFuture.supplyAsync(() -> readCommitActions(file), COMMIT_READERS));
    }
    try {
      for (CompletableFuture<CommitActions> read : reads) {
        commits.add(read.get());
      }
    } catch (ExecutionException e) {
      reads.forEach(r -> r.cancel(false));
      if (e.getCause() instanceof RuntimeException r) {
        throw r;
      }
      if (e.getCause() instanceof Error error) {
        throw error;
      }
      throw new IllegalStateException(e.getCause());
    } catch (InterruptedException e) {
      reads.forEach(r -> r.cancel(false));
      Thread.currentThread().interrupt();
      throw DeltaXErrors.fileSystemError(tableRoot.toString(),
          new java.io.InterruptedIOException("interrupted while reading the log"));
    }
    return commits;
  }

  private CommitActions readCommitActions(FileStatus file) {
    List<Action> actions = new ArrayList<>();
    readCommit(file, actions::add);
    return new CommitActions(LogFileName.parse(file.getPath().getName()).version(), actions);
  }

  /** Only the non-file actions of a checkpoint: the top-level JSON file, or two Parquet columns. */
  private void readCheckpointProtocolAndMetadata(Checkpoint checkpoint, Consumer<Action> sink) {
    for (FileStatus file : checkpoint.files()) {
      if (file.getPath().getName().endsWith(".json")) {
        readCommit(file, sink);
      } else {
        readParquet(file.getPath(), sink, ParquetActionReader.PROTOCOL_AND_METADATA);
      }
    }
  }

  /** The snapshot that was current at {@code timestampMillis}, as delta-spark's timestampAsOf. */
  public Snapshot snapshotAsOf(long timestampMillis, String requested) {
    Snapshot latest = latestSnapshot();
    long version = new CommitTimeline(this, latest).versionAt(timestampMillis, requested);
    return version == latest.version() ? latest : snapshotAt(version);
  }

  /** Reads every action of one commit file; a line that is not valid JSON is a corrupt log. */
  public void readCommit(FileStatus file, Consumer<Action> sink) {
    readCommit(file, sink, false);
  }

  /**
   * The {@code add} and {@code remove} actions of one commit, each read only for its path, row ID
   * and statistics: for questions about a long history, such as where rows' data was written.
   */
  public void readFileActions(FileStatus file, Consumer<FileActionSummary> sink) {
    readLines(file, ActionJson::parseFileAction, sink);
  }

  /**
   * @param skipFileActions leave out the lines that start as writers start {@code add} and
   *     {@code remove} actions, unparsed: for questions about everything but the files
   */
  private void readCommit(FileStatus file, Consumer<Action> sink, boolean skipFileActions) {
    readLines(file, line -> skipFileActions
        && (line.startsWith("{\"add\":") || line.startsWith("{\"remove\":"))
        ? null : ActionJson.parseLine(line), sink);
  }

  /** Reads one line of a commit file into what a caller wants of it; null leaves the line out. */
  private interface LineParser<T> {
    T parse(String line) throws IOException;
  }

  /** The lines of one commit file, each parsed; a line that is not valid JSON is a corrupt log. */
  private <T> void readLines(FileStatus file, LineParser<T> parser, Consumer<T> sink) {
    try (BufferedReader reader = new BufferedReader(
        new InputStreamReader(fs.open(file.getPath()), StandardCharsets.UTF_8))) {
      String line;
      while ((line = reader.readLine()) != null) {
        if (line.isBlank()) {
          continue;
        }
        T value;
        try {
          value = parser.parse(line);
        } catch (IOException e) {
          throw DeltaXErrors.corruptLogFile(file.getPath().toString(),
              "a line is not a complete JSON action (" + e.getMessage().lines().findFirst().orElse("")
                  + ")", e);
        }
        if (value != null) {
          sink.accept(value);
        }
      }
    } catch (IOException e) {
      throw DeltaXErrors.corruptLogFile(file.getPath().toString(), e.toString(), e);
    }
  }

  /**
   * Reads a checkpoint of any kind (PROTOCOL.md, "Checkpoints"): the single classic file, every part
   * of a multi-part one, or a V2 top-level file in JSON or Parquet followed by its sidecars.
   */
  private void readCheckpoint(Checkpoint checkpoint, LogReplay replay) {
    List<Sidecar> sidecars = new ArrayList<>();
    Consumer<Action> sink = action -> {
      if (action instanceof Sidecar sidecar) {
        sidecars.add(sidecar);
      } else {
        replay.applyCheckpointAction(action);
      }
    };
    for (FileStatus file : checkpoint.files()) {
      if (file.getPath().getName().endsWith(".json")) {
        readCommit(file, sink);
      } else {
        readParquet(file.getPath(), sink, ParquetActionReader.ALL_ACTIONS);
      }
    }
    for (Sidecar sidecar : sidecars) {
      readParquet(sidecarPath(sidecar), replay::applyCheckpointAction, ParquetActionReader.ALL_ACTIONS);
    }
  }

  /** A sidecar path is a file name under {@code _delta_log/_sidecars/}, or an absolute URI. */
  private Path sidecarPath(Sidecar sidecar) {
    Path path = new Path(sidecar.path());
    return path.isAbsoluteAndSchemeAuthorityNull() || path.toUri().getScheme() != null
        ? path : new Path(new Path(logDir, "_sidecars"), sidecar.path());
  }

  private void readParquet(Path file, Consumer<Action> sink, java.util.Set<String> actions) {
    try {
      ParquetActionReader.read(conf, file, actions, sink);
    } catch (IOException | RuntimeException e) {
      if (e instanceof io.deltax.errors.DeltaXException dx) {
        throw dx;
      }
      throw DeltaXErrors.corruptLogFile(file.toString(), e.toString(), e);
    }
  }

  /**
   * Every commit still in the log, oldest first, with its operation and any protocol or metadata
   * change. Reads each commit file, file actions skipped unparsed: for status questions, not for
   * planning scans.
   */
  public List<CommitSummary> history() {
    List<CommitSummary> history = new ArrayList<>();
    for (FileStatus commit : listing.commits()) {
      long version = LogFileName.parse(commit.getPath().getName()).version();
      Object[] found = new Object[3];
      readCommit(commit, action -> {
        if (action instanceof CommitInfo info && found[0] == null) {
          found[0] = info;
        } else if (action instanceof Metadata m) {
          found[1] = m;
        } else if (action instanceof Protocol p) {
          found[2] = p;
        }
      }, true);
      CommitInfo info = (CommitInfo) found[0];
      long timestamp = info != null && info.inCommitTimestamp() != null
          ? info.inCommitTimestamp() : commit.getModificationTime();
      history.add(new CommitSummary(version, timestamp, info == null ? null : info.operation(),
          (Metadata) found[1], (Protocol) found[2]));
    }
    return history;
  }

  /**
   * The in-commit timestamp of one commit: with in-commit timestamps enabled, {@code commitInfo}
   * must be the commit's first action (PROTOCOL.md, "Writer Requirements for In-Commit
   * Timestamps"), so only the first line is read.
   */
  Optional<Long> inCommitTimestamp(FileStatus commit) {
    return firstCommitInfo(commit).map(CommitInfo::inCommitTimestamp);
  }

  /**
   * The {@code commitInfo} of one commit. Writers put it first (delta-spark always does), so the
   * first line is read, and the rest only when it is something else.
   */
  public Optional<CommitInfo> commitInfo(FileStatus commit) {
    Optional<CommitInfo> first = firstCommitInfo(commit);
    if (first.isPresent()) {
      return first;
    }
    CommitInfo[] found = new CommitInfo[1];
    readCommit(commit, action -> {
      if (action instanceof CommitInfo info && found[0] == null) {
        found[0] = info;
      }
    });
    return Optional.ofNullable(found[0]);
  }

  private Optional<CommitInfo> firstCommitInfo(FileStatus commit) {
    try (BufferedReader reader = new BufferedReader(
        new InputStreamReader(fs.open(commit.getPath()), StandardCharsets.UTF_8))) {
      String first = reader.readLine();
      Action action = first == null ? null : ActionJson.parseLine(first);
      return action instanceof CommitInfo info ? Optional.of(info) : Optional.empty();
    } catch (IOException e) {
      throw DeltaXErrors.corruptLogFile(commit.getPath().toString(), e.toString(), e);
    }
  }
}
