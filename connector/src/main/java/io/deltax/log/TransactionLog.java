package io.deltax.log;

import io.deltax.actions.Action;
import io.deltax.actions.CommitInfo;
import io.deltax.actions.FileActionSummary;
import io.deltax.actions.Metadata;
import io.deltax.actions.Protocol;
import io.deltax.errors.DeltaXErrors;
import io.deltax.errors.DeltaXErrorCondition;
import io.deltax.errors.DeltaXRuntimeException;
import io.deltax.errors.DeltaXThrowable;
import io.deltax.protocol.TableFeatures;
import io.deltax.protocol.TableProperties;
import io.deltax.protocol.TypeWidening;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@code _delta_log} of one table, listed once when opened. Rebuilds snapshots at the latest
 * version, at a given version, or at a given time, and tells the history of the commits still in
 * the log. Works on any Hadoop file system; the files themselves are read by {@link LogFiles}.
 */
public final class TransactionLog {
  private static final Logger LOG = LoggerFactory.getLogger(TransactionLog.class);

  private final Path tableRoot;
  private final LogListing listing;
  /** What {@code _last_checkpoint} says: read when a snapshot is first rebuilt from a checkpoint. */
  private Optional<LastCheckpointHint> lastCheckpoint;
  private final FileSystem fs;
  private final LogFiles files;
  private final CheckpointReader checkpoints;

  private TransactionLog(Configuration conf, FileSystem fs, Path tableRoot, LogListing listing,
      Optional<LastCheckpointHint> lastCheckpoint) {
    this.fs = fs;
    this.tableRoot = tableRoot;
    this.listing = listing;
    this.lastCheckpoint = lastCheckpoint;
    this.files = new LogFiles(conf, fs, tableRoot);
    this.checkpoints = new CheckpointReader(files, LogFileName.logDir(tableRoot));
  }

  /** Opens the log of the table at {@code path}: one listing of {@code _delta_log}. */
  public static TransactionLog open(String path, Configuration conf) {
    return list(path, conf, null);
  }

  /** The table's root as its file system names it: the one key of a table, whatever path named it. */
  public static Path qualifiedRoot(String path, Configuration conf) {
    try {
      Path given = new Path(path);
      return given.getFileSystem(conf).makeQualified(given);
    } catch (IOException e) {
      throw DeltaXErrors.fileSystemError(path, e);
    }
  }

  /**
   * The same table's log listed again, with {@code conf} (the caller's, which may carry other
   * credentials than the first load's): one listing of {@code _delta_log}, and
   * {@code _last_checkpoint} read again only when a newer checkpoint was listed.
   */
  public TransactionLog relist(String path, Configuration conf) {
    return list(path, conf, this);
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

  private static TransactionLog list(String path, Configuration conf, TransactionLog previous) {
    try {
      Path given = new Path(path);
      FileSystem fs = given.getFileSystem(conf);
      Path root = fs.makeQualified(given);
      Path logDir = LogFileName.logDir(root);
      FileStatus[] files;
      try {
        files = fs.listStatus(logDir);
      } catch (FileNotFoundException e) {
        // Asked only now: a table that is there costs one listing, not a look-up and a listing.
        if (!fs.exists(root)) {
          throw DeltaXErrors.tableNotFound(path);
        }
        Optional<Path> table = enclosingTable(fs, root);
        throw DeltaXErrors.notADeltaTable(path, table.isEmpty()
            ? "it has no " + LogFileName.LOG_DIR + " directory"
            : "it is a directory inside the Delta table " + table.get() + " (a partition's?): read "
                + "the table and select the partition with where(...)");
      }
      LogListing listing = new LogListing(root, files);
      if (listing.isEmpty()) {
        throw DeltaXErrors.notADeltaTable(path,
            "its " + LogFileName.LOG_DIR + " holds no commit and no checkpoint");
      }
      // Null until needed: a snapshot advanced by new commits reads no checkpoint, so no hint.
      Optional<LastCheckpointHint> hint = previous != null
          && previous.listing.newestCheckpoint() == listing.newestCheckpoint()
          ? previous.lastCheckpointIfRead() : null;
      return new TransactionLog(conf, fs, root, listing, hint);
    } catch (IOException e) {
      throw DeltaXErrors.fileSystemError(path, e);
    }
  }

  private synchronized Optional<LastCheckpointHint> lastCheckpoint() {
    if (lastCheckpoint == null) {
      // The hint only picks among checkpoints of one version (LogListing.segment), so without such
      // a choice it is not read: one request fewer per load (PROTOCOL.md, "Last Checkpoint File").
      lastCheckpoint = listing.newestCheckpoint() < 0 || !listing.hasCheckpointChoice() ? Optional.empty()
          : LastCheckpointHint.read(fs, LogFileName.logDir(tableRoot));
    }
    return lastCheckpoint;
  }

  private synchronized Optional<LastCheckpointHint> lastCheckpointIfRead() {
    return lastCheckpoint;
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
   *
   * <p>A checkpoint that cannot be read (empty, truncated, a part or sidecar missing) is passed
   * over with a warning, when it is first read or when the file list is: the snapshot is rebuilt
   * from the previous complete checkpoint, or from the commits from version 0, as delta-spark
   * does. Only when neither is left is it an error, naming the damaged checkpoint.
   */
  public Snapshot snapshotAt(long version) {
    return snapshotAt(version, Set.of(), true);
  }

  /** A version's protocol and metadata, as the log holds them. */
  public record ProtocolAndMetadata(long version, Protocol protocol, Metadata metadata) {}

  /**
   * The protocol and metadata of {@code version}, read as {@link #snapshotAt} reads them but
   * refusing nothing: for describing a table, also one with a reader feature deltax does not
   * implement or one a commit coordinator manages (then {@code version} is the newest the log
   * lists, which may not be the table's newest).
   */
  public ProtocolAndMetadata protocolAndMetadataAt(long version) {
    Snapshot unchecked = snapshotAt(version, Set.of(), false);
    return new ProtocolAndMetadata(unchecked.version(), unchecked.protocol(), unchecked.metadata());
  }

  /** @param checked whether to refuse a protocol deltax cannot read and a coordinated latest version */
  private Snapshot snapshotAt(long version, Set<Checkpoint> unreadable, boolean checked) {
    LogSegment segment = listing.segment(version, lastCheckpoint(), unreadable);
    List<LogFiles.CommitActions> commits = files.readCommitsNewestFirst(segment.commits());
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
      try {
        checkpoints.readProtocolAndMetadata(segment.checkpoint().get(), newest);
      } catch (DeltaXRuntimeException e) {
        return withoutCheckpoint(version, unreadable, segment.checkpoint().get(), e, checked);
      }
    }
    if (protocol[0] == null || metadata[0] == null) {
      throw DeltaXErrors.missingProtocolOrMetadata(tableRoot.toString(), version);
    }
    if (checked) {
      TableFeatures.checkReadable(tableRoot.toString(), version, protocol[0]);
      TypeWidening.checkTypeChanges(tableRoot.toString(), version, metadata[0]);
      if (version == listing.latestVersion()) {
        checkNotCoordinated(version, metadata[0]);
      }
    }
    // The version's own commit file where it is still listed, also when a checkpoint of that
    // version rebuilds it: the commit's time, not the checkpoint's (as an advanced snapshot tells).
    long timestamp = commitTimestamp(metadata[0], version, commits, listing.commit(version),
        segment.lastModificationTime());
    return new Snapshot(segment, timestamp, protocol[0], metadata[0], () -> {
      LogReplay replay = new LogReplay(new FilePathResolver(tableRoot));
      for (LogFiles.CommitActions commit : commits) {
        commit.actions().forEach(action -> replay.applyCommitAction(action, commit.version()));
      }
      if (segment.checkpoint().isPresent()) {
        try {
          checkpoints.read(segment.checkpoint().get(), replay::applyCheckpointAction);
        } catch (DeltaXRuntimeException e) {
          return withoutCheckpoint(version, unreadable, segment.checkpoint().get(), e, checked).replay();
        }
      }
      return new Snapshot.Replayed(segment, replay);
    });
  }

  /**
   * The commit time of a segment's version: its commit's in-commit timestamp where they are
   * enabled, else its file's modification time. Where a checkpoint of that very version rebuilds
   * the table, the segment holds no commit: the in-commit timestamp is then read from the first
   * line of the version's commit file (PROTOCOL.md, "In-Commit Timestamps": the timestamp of a
   * commit is its {@code inCommitTimestamp}, not the time of any file). Where that file is gone
   * too (another tool's clean-up), the version's checksum file may still record it.
   *
   * @param newestFirst the segment's commits after its checkpoint, newest first
   * @param versionCommit the version's commit file, where it is still listed
   * @param segmentTime the segment's newest file time, for a version whose commit is gone
   */
  private long commitTimestamp(Metadata metadata, long version,
      List<LogFiles.CommitActions> newestFirst, Optional<FileStatus> versionCommit, long segmentTime) {
    long fileTime = versionCommit.map(FileStatus::getModificationTime).orElse(segmentTime);
    if (!TableProperties.of(tableRoot.toString(), metadata).inCommitTimestampsEnabled()) {
      return fileTime;
    }
    if (!newestFirst.isEmpty() && newestFirst.get(0).version() == version) {
      return newestFirst.get(0).actions().stream()
          .filter(CommitInfo.class::isInstance).map(CommitInfo.class::cast).findFirst()
          .map(CommitInfo::inCommitTimestamp).orElse(fileTime);
    }
    return versionCommit.isPresent() ? files.inCommitTimestamp(versionCommit.get()).orElse(fileTime)
        : files.checksumInCommitTimestamp(version).orElse(fileTime);
  }

  /**
   * The latest snapshot built on {@code cached}, an earlier snapshot of the same table, by reading
   * only the commits after it and applying them in memory; a checkpoint written since is not read.
   * Empty where that cannot be trusted and the caller must load the snapshot in full: the file of
   * {@code cached}'s version is no longer listed as it was (the log was cleaned up past it, or the
   * table was deleted and recreated), a commit after it is missing, the log holds an older version
   * than it, or a new commit gives the table another id. A protocol deltax cannot read is an
   * error, as for any load.
   */
  public Optional<Snapshot> latestSnapshotAfter(Snapshot cached) {
    long from = cached.version();
    long latest = listing.latestVersion();
    if (!cached.tableRoot().equals(tableRoot) || latest < from
        || !listing.stillHolds(cached.segment().lastFile())) {
      return Optional.empty();
    }
    if (latest == from) {
      return Optional.of(cached);
    }
    List<FileStatus> newCommits = new ArrayList<>();
    for (long v = from + 1; v <= latest; v++) {
      Optional<FileStatus> commit = listing.commit(v);
      if (commit.isEmpty()) {
        return Optional.empty();
      }
      newCommits.add(commit.get());
    }
    List<LogFiles.CommitActions> commits = files.readCommitsNewestFirst(newCommits);
    Metadata metadata = newest(commits, Metadata.class).orElse(cached.metadata());
    if (!metadata.id().equals(cached.metadata().id())) {
      return Optional.empty();
    }
    newest(commits, Protocol.class).ifPresent(
        protocol -> TableFeatures.checkReadable(tableRoot.toString(), latest, protocol));
    if (metadata != cached.metadata()) {
      TypeWidening.checkTypeChanges(tableRoot.toString(), latest, metadata);
    }
    checkNotCoordinated(latest, metadata);
    FileStatus newest = newCommits.get(newCommits.size() - 1);
    long timestamp = commitTimestamp(metadata, latest, commits, Optional.of(newest),
        newest.getModificationTime());
    return Optional.of(cached.withCommits(commits, newCommits, timestamp));
  }

  /**
   * Refuses to take {@code version}, the newest the log lists, as the table's latest where a
   * commit coordinator manages its commits: the coordinator may have ratified newer commits that
   * are only in {@code _delta_log/_commits} (files there may also be attempts it refused), and
   * deltax does not ask it which. Older versions are complete in the log and read as any other
   * (those of a coordinated period too, once coordination was turned off: every commit is copied
   * into the log then).
   */
  private void checkNotCoordinated(long version, Metadata metadata) {
    TableProperties.of(tableRoot.toString(), metadata).commitCoordinator().ifPresent(coordinator -> {
      throw DeltaXErrors.commitCoordinatorManaged(tableRoot.toString(), version, coordinator);
    });
  }

  private static <T extends Action> Optional<T> newest(List<LogFiles.CommitActions> newestFirst,
      Class<T> kind) {
    for (LogFiles.CommitActions commit : newestFirst) {
      for (Action action : commit.actions()) {
        if (kind.isInstance(action)) {
          return Optional.of(kind.cast(action));
        }
      }
    }
    return Optional.empty();
  }

  /**
   * The snapshot at {@code version} rebuilt without {@code damaged}, which could not be read;
   * {@code failure} is the error, named when nothing older can serve instead.
   */
  private Snapshot withoutCheckpoint(long version, Set<Checkpoint> unreadable, Checkpoint damaged,
      DeltaXRuntimeException failure, boolean checked) {
    if (failure.condition() != DeltaXErrorCondition.DELTAX_CORRUPT_LOG || storeFailed(failure)) {
      throw failure;
    }
    Set<Checkpoint> skipped = new HashSet<>(unreadable);
    skipped.add(damaged);
    LogSegment older;
    try {
      older = listing.segment(version, lastCheckpoint(), skipped);
    } catch (Exception nothingOlder) {
      if (!(nothingOlder instanceof DeltaXThrowable)) {
        throw nothingOlder;
      }
      RuntimeException error = DeltaXErrors.unreadableCheckpoint(tableRoot.toString(), version,
          damaged.files().get(0).getPath().toString(), failure, nothingOlder);
      error.addSuppressed(nothingOlder);
      throw error;
    }
    LOG.warn("Cannot read checkpoint {} of table {}; rebuilding version {} from {} instead: {}",
        damaged.files().get(0).getPath(), tableRoot, version,
        older.checkpoint().map(c -> c.files().get(0).getPath().getName())
            .orElse("the commits from version 0"),
        failure.getMessage());
    return snapshotAt(version, skipped, checked);
  }

  /**
   * Whether reading failed because the store did not answer (a time-out, a refused connection,
   * an interrupt, a denied access) rather than because the file is damaged: the checkpoint may
   * be sound, so the error is the user's to see, not a reason to replay older commits.
   */
  private static boolean storeFailed(Throwable failure) {
    for (Throwable t = failure; t != null; t = t.getCause()) {
      if (t instanceof java.net.SocketException || t instanceof java.net.SocketTimeoutException
          || t instanceof java.net.UnknownHostException
          || t instanceof java.io.InterruptedIOException
          || t instanceof java.nio.file.AccessDeniedException
          || t instanceof org.apache.hadoop.security.AccessControlException) {
        return true;
      }
    }
    return false;
  }

  /**
   * The snapshot that was current at {@code timestampMillis}, as delta-spark's timestampAsOf. The
   * latest version dates the commits with its protocol and metadata alone, unchecked: it may have
   * a reader feature deltax does not implement where the version asked for has not (as {@link
   * #snapshotAt} reads that version).
   */
  public Snapshot snapshotAsOf(long timestampMillis, String requested) {
    ProtocolAndMetadata latest = protocolAndMetadataAt(listing.latestVersion());
    return snapshotAt(new CommitTimeline(listing, latest.version(),
        TableProperties.of(tableRoot.toString(), latest.metadata()), files::inCommitTimestamp, true)
        .versionAt(timestampMillis, requested));
  }

  /** The version that was current at {@code timestampMillis}, {@code latest} being this listing's. */
  public long versionAsOf(long timestampMillis, String requested, Snapshot latest) {
    return new CommitTimeline(listing, latest.version(), latest.properties(), files::inCommitTimestamp, true)
        .versionAt(timestampMillis, requested);
  }

  /**
   * The first version committed at or after {@code timestampMillis}, where a change feed or a
   * stream given a {@code startingTimestamp} starts; {@code latest} is this listing's latest
   * snapshot. A time after the latest commit is an error.
   */
  public long firstVersionAtOrAfter(long timestampMillis, String requested, Snapshot latest) {
    return new CommitTimeline(listing, latest.version(), latest.properties(), files::inCommitTimestamp, false)
        .firstVersionAtOrAfter(timestampMillis, requested);
  }

  /** Reads every action of one commit file; a line that is not valid JSON is a corrupt log. */
  public void readCommit(FileStatus file, Consumer<Action> sink) {
    files.readCommit(file, sink);
  }

  /**
   * The {@code add} and {@code remove} actions of one commit, each read only for its path, row ID
   * and statistics: for questions about a long history, such as where rows' data was written.
   */
  public void readFileActions(FileStatus file, Consumer<FileActionSummary> sink) {
    files.readFileActions(file, sink);
  }

  /**
   * The {@code commitInfo} of one commit. Writers put it first (delta-spark always does), so the
   * first line is read, and the rest only when it is something else.
   */
  public Optional<CommitInfo> commitInfo(FileStatus commit) {
    return files.commitInfo(commit);
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
      files.readCommitWithoutFileActions(commit, action -> {
        if (action instanceof CommitInfo info && found[0] == null) {
          found[0] = info;
        } else if (action instanceof Metadata m) {
          found[1] = m;
        } else if (action instanceof Protocol p) {
          found[2] = p;
        }
      });
      CommitInfo info = (CommitInfo) found[0];
      long timestamp = info != null && info.inCommitTimestamp() != null
          ? info.inCommitTimestamp() : commit.getModificationTime();
      history.add(new CommitSummary(version, timestamp, info == null ? null : info.operation(),
          (Metadata) found[1], (Protocol) found[2]));
    }
    return history;
  }
}
