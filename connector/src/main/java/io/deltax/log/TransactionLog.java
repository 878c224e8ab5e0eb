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
import io.deltax.actions.CommitInfo;
import io.deltax.actions.FileActionSummary;
import io.deltax.actions.Metadata;
import io.deltax.actions.Protocol;
import io.deltax.errors.DeltaXErrors;
import io.deltax.protocol.TableProperties;
import java.io.IOException;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.Consumer;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * The {@code _delta_log} of one table, listed once when opened. Rebuilds snapshots at the latest
 * version, at a given version, or at a given time, and tells the history of the commits still in
 * the log. Works on any Hadoop file system; the files themselves are read by {@link LogFiles}.
 *
 * <p>A facade bound to one listing: the listing is {@link LogListing}'s, a rebuild {@link
 * SnapshotReconstruction}'s, advancing a snapshot {@link SnapshotAdvance}'s, time travel by
 * timestamp {@link VersionResolver}'s, the history {@link TableHistory}'s.
 */
public final class TransactionLog {
  private final Path tableRoot;
  private final LogListing listing;
  private final LogFiles files;
  private final SnapshotReconstruction reconstruction;
  private final SnapshotAdvance advance;
  private final VersionResolver versions;

  private TransactionLog(
      Configuration conf,
      FileSystem fs,
      Path tableRoot,
      LogListing listing,
      Optional<LastCheckpointHint> lastCheckpoint) {
    this.tableRoot = tableRoot;
    this.listing = listing;
    this.files = new LogFiles(conf, fs, tableRoot);
    this.reconstruction = new SnapshotReconstruction(listing, fs, files, lastCheckpoint);
    this.advance = new SnapshotAdvance(listing, files);
    this.versions = new VersionResolver(listing, files);
  }

  /** Opens the log of the table at {@code path}: one listing of {@code _delta_log}. */
  public static TransactionLog open(String path, Configuration conf) {
    return list(path, conf, null);
  }

  /**
   * The table's root as its file system names it: the one key of a table, whatever path named it.
   */
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
   * credentials than the first load's): one listing of {@code _delta_log}, and {@code
   * _last_checkpoint} read again only when a newer checkpoint was listed.
   */
  public TransactionLog relist(String path, Configuration conf) {
    return list(path, conf, this);
  }

  private static TransactionLog list(String path, Configuration conf, TransactionLog previous) {
    try {
      Path given = new Path(path);
      FileSystem fs = given.getFileSystem(conf);
      Path root = fs.makeQualified(given);
      LogListing listing = LogListing.list(fs, root, path);
      // Null until needed: a snapshot advanced by new commits reads no checkpoint, so no hint.
      Optional<LastCheckpointHint> hint =
          previous != null && previous.listing.newestCheckpoint() == listing.newestCheckpoint()
              ? previous.reconstruction.lastCheckpointIfRead()
              : null;
      return new TransactionLog(conf, fs, root, listing, hint);
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

  /**
   * The log files (commits, checkpoint files, sidecars) read through this listing so far: what a
   * load read is the difference across it.
   */
  public long logFilesRead() {
    return files.filesRead();
  }

  public Snapshot latestSnapshot() {
    return snapshotAt(listing.latestVersion());
  }

  /**
   * The snapshot at {@code version}; the protocol is checked before it is returned. The protocol
   * and metadata come from the commits, or from the checkpoint's {@code protocol} and {@code
   * metaData} columns alone; the file list is replayed only when first asked for, so asking for the
   * schema of a table of a million files reads no file action.
   *
   * <p>A checkpoint that cannot be read (empty, truncated, a part or sidecar missing) is passed
   * over with a warning, when it is first read or when the file list is: the snapshot is rebuilt
   * from the previous complete checkpoint, or from the commits from version 0, as delta-spark does.
   * Only when neither is left is it an error, naming the damaged checkpoint.
   */
  public Snapshot snapshotAt(long version) {
    return reconstruction.snapshotAt(version, true);
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
    Snapshot unchecked = reconstruction.snapshotAt(version, false);
    return new ProtocolAndMetadata(unchecked.version(), unchecked.protocol(), unchecked.metadata());
  }

  /**
   * The latest snapshot built on {@code cached}, an earlier snapshot of the same table, by reading
   * only the commits after it and applying them in memory; a checkpoint written since is not read.
   * Empty where that cannot be trusted and the caller must load the snapshot in full: the file of
   * {@code cached}'s version is no longer listed as it was (the log was cleaned up past it, or the
   * table was deleted and recreated), a commit after it is missing, the log holds an older version
   * than it, or a new commit gives the table another id. A protocol deltax cannot read is an error,
   * as for any load.
   */
  public Optional<Snapshot> latestSnapshotAfter(Snapshot cached) {
    return advance.latestAfter(cached);
  }

  /**
   * The snapshot that was current at {@code timestampMillis}, as delta-spark's timestampAsOf. The
   * latest version dates the commits with its protocol and metadata alone, unchecked: it may have a
   * reader feature deltax does not implement where the version asked for has not (as {@link
   * #snapshotAt} reads that version).
   */
  public Snapshot snapshotAsOf(long timestampMillis, String requested) {
    ProtocolAndMetadata latest = protocolAndMetadataAt(listing.latestVersion());
    return snapshotAt(
        versions.versionAsOf(
            timestampMillis,
            requested,
            latest.version(),
            TableProperties.of(tableRoot.toString(), latest.metadata())));
  }

  /**
   * The version that was current at {@code timestampMillis}, {@code latest} being this listing's.
   */
  public long versionAsOf(long timestampMillis, String requested, Snapshot latest) {
    return versions.versionAsOf(timestampMillis, requested, latest.version(), latest.properties());
  }

  /**
   * The first version committed at or after {@code timestampMillis}, where a change feed or a
   * stream given a {@code startingTimestamp} starts; {@code latest} is this listing's latest
   * snapshot. A time after the latest commit is an error.
   */
  public long firstVersionAtOrAfter(long timestampMillis, String requested, Snapshot latest) {
    return versions.firstVersionAtOrAfter(
        timestampMillis, requested, latest.version(), latest.properties());
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
   * The newest commits with their {@code commitInfo}, newest first, dated as delta-spark's {@code
   * DESCRIBE HISTORY} dates them ({@link CommitHistory}): every commit still listed, or those of
   * the newest {@code limit} versions. Reads only those commit files.
   *
   * @param latest this listing's latest snapshot, whose metadata says whether and since which
   *     version the commits carry in-commit timestamps
   */
  public List<CommitHistory.Entry> commitHistory(Snapshot latest, OptionalInt limit) {
    return CommitHistory.newestFirst(listing, files, latest.version(), latest.properties(), limit);
  }

  /**
   * Every commit still in the log, oldest first, with its operation and any protocol or metadata
   * change. Reads each commit file, file actions skipped unparsed: for status questions, not for
   * planning scans.
   */
  public List<CommitSummary> history() {
    return TableHistory.commits(listing, files);
  }
}
