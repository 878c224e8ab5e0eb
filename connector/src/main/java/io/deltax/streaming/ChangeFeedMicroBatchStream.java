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
package io.deltax.streaming;

import io.deltax.actions.AddFile;
import io.deltax.changes.ChangeFeedScan;
import io.deltax.changes.ChangeStreams.ChangeStreamScan;
import io.deltax.changes.plan.ChangeBounds;
import io.deltax.changes.plan.ChangeFile;
import io.deltax.changes.plan.ChangeRange;
import io.deltax.changes.plan.ChangeRangePlanner;
import io.deltax.changes.plan.CommitChanges;
import io.deltax.conf.ChangeFeedRequest;
import io.deltax.conf.ChangeFeedRequest.ChangeMode;
import io.deltax.conf.ReadOptions;
import io.deltax.errors.DeltaXErrors;
import io.deltax.errors.DeltaXThrowable;
import io.deltax.log.Snapshot;
import io.deltax.log.TransactionLog;
import io.deltax.snapshots.LoadedSnapshot;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.hadoop.fs.FileStatus;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.PartitionReaderFactory;
import org.apache.spark.sql.connector.read.streaming.Offset;
import org.apache.spark.sql.connector.read.streaming.ReadLimit;

/**
 * {@code readStream} with {@code readChangeFeed = true}: the change feed of {@code
 * io.deltax.changes}, whole commits per micro-batch (each batch is the batch change feed of its
 * versions; with {@code changeMode = net}, collapsed per row within the batch), from {@code
 * startingVersion} or {@code startingTimestamp}. Offsets are {@link DeltaXSourceOffset}s before a
 * version, or inside the initial snapshot. {@code maxFilesPerTrigger} and {@code
 * maxBytesPerTrigger} count the files the commits add and remove; a batch holds at least one
 * commit. The initial snapshot's batches hold that many of its files. Commits are read once while
 * cached ({@link CommitActionsCache}). With {@code schemaTrackingLocation}, batches end before a
 * metadata change, as the append stream's ({@link SchemaBarriers}).
 */
final class ChangeFeedMicroBatchStream extends LogMicroBatchStream {
  private final ChangeStreamScan scan;
  private final StreamSchema schema;
  private final CommitActionsCache commits = new CommitActionsCache();
  private InitialSnapshot initial;

  /**
   * Where batches end at metadata changes: with {@code schemaTrackingLocation} only, as the append
   * stream's, so that no batch's commits mix two schemas.
   */
  private final SchemaBarriers barriers;

  /** The {@code _commit_timestamp} of {@link #initial}'s rows. */
  private long initialTimestamp;

  ChangeFeedMicroBatchStream(ChangeStreamScan scan) {
    super(
        scan.conf(),
        scan.bounds().endSnapshot().tableRoot().toString(),
        scan.bounds().endSnapshot().metadata().id());
    if (scan.request().endVersion() != null || scan.request().endTimestamp() != null) {
      throw DeltaXErrors.badOption(
          scan.request().endVersion() != null
              ? ReadOptions.ENDING_VERSION.key()
              : ReadOptions.ENDING_TIMESTAMP.key(),
          String.valueOf(
              scan.request().endVersion() != null
                  ? scan.request().endVersion()
                  : scan.request().endTimestamp()),
          "no end in a stream");
    }
    this.scan = scan;
    this.schema = new StreamSchema(table, scan.bounds().endSnapshot());
    this.barriers =
        schemaBarriers(scan.checkpointLocation(), scan.log(), scan.bounds().endSnapshot());
  }

  /**
   * The range's start, as planned when the query was started; without a start, the snapshot the
   * table had then (its rows as inserts, {@link SnapshotInserts}).
   */
  @Override
  public Offset initialOffset() {
    ChangeBounds range = scan.bounds();
    return scan.request().hasStart()
        ? DeltaXSourceOffset.before(tableId, range.start())
        : new DeltaXSourceOffset(tableId, range.end(), DeltaXSourceOffset.BASE_INDEX, true);
  }

  /**
   * Whole commits, as many as the limits allow (at least one): a commit goes in while the files and
   * bytes it adds and removes fit in what the batch has left, as delta-spark admits whole commits.
   * The initial snapshot's batches count its files only.
   */
  @Override
  public Offset latestOffset(Offset start, ReadLimit limit) {
    LoadedSnapshot loaded = latest();
    DeltaXSourceOffset from = own(start);
    if (barriers.active()) {
      barriers.start(loaded.log(), loaded.snapshot(), from);
      DeltaXSourceOffset held =
          from.atMetadataChange()
              ? barriers.held(from, commitFiles(loaded.log(), from.version()))
              : null;
      if (held != null) {
        return held;
      }
    }
    ReadLimits limits = ReadLimits.of(limit);
    long maxFiles = limits.maxFiles();
    if (from.isInitialSnapshot()) {
      // Batches of its own; its last file ends it. A file goes in while the batch has room left
      // (at least one file), as delta-spark admits the snapshot's files.
      List<AddFile> files = initial(loaded, from.version()).files();
      long lastIndex = from.index();
      for (long taken = 0, bytes = 0;
          lastIndex + 1 < files.size() && taken < maxFiles && bytes < limits.maxBytes();
          taken++) {
        lastIndex++;
        bytes += files.get((int) lastIndex).size();
      }
      return lastIndex >= files.size() - 1
          ? DeltaXSourceOffset.before(tableId, from.version() + 1)
          : new DeltaXSourceOffset(tableId, from.version(), lastIndex, true);
    }
    long last = lastVersion(loaded);
    TransactionLog log = loaded.log();
    long files = 0;
    long bytes = 0;
    long next =
        from.version() > last ? from.version() : missing.readableFrom(log, from.version(), last);
    while (next <= last) {
      CommitFiles commit = commitFiles(log, next);
      if (barriers.stopsAt(commit)) {
        // The batch ends before the metadata change (delta-spark's change data feed does too).
        return DeltaXSourceOffset.metadataChange(tableId, next);
      }
      if (files > 0
          && (files + commit.changedFiles() > maxFiles
              || bytes + commit.changedBytes() > limits.maxBytes())) {
        break;
      }
      files += commit.changedFiles();
      bytes += commit.changedBytes();
      next = next + 1 > last ? next + 1 : missing.readableFrom(log, next + 1, last);
    }
    return next == from.version() ? from : DeltaXSourceOffset.before(tableId, next);
  }

  /** The snapshot of {@code version} the stream starts with, kept while its batches run. */
  private InitialSnapshot initial(LoadedSnapshot loaded, long version) {
    if (initial == null || initial.version() != version) {
      Snapshot snapshot =
          version == loaded.snapshot().version()
              ? loaded.snapshot()
              : loaded.log().snapshotAt(version);
      initial = InitialSnapshot.of(snapshot);
      initialTimestamp = new ChangeRangePlanner(loaded.log()).commitTimestamp(snapshot);
    }
    return initial;
  }

  private CommitFiles commitFiles(TransactionLog log, long version) {
    return CommitFiles.of(
        version, commits.actions(log, log.listing().commit(version).orElseThrow(), version));
  }

  @Override
  public InputPartition[] planInputPartitions(Offset start, Offset end) {
    DeltaXSourceOffset to = own(end);
    DeltaXSourceOffset from = batchStart(own(start), to);
    LoadedSnapshot loaded = latest();
    TransactionLog log = loaded.log();
    if (from.isInitialSnapshot()) {
      InitialSnapshot snapshot = initial(loaded, from.version());
      List<AddFile> files = snapshot.files();
      int upTo =
          to.isInitialSnapshot() ? (int) Math.min(to.index() + 1, files.size()) : files.size();
      return read(
          loaded,
          SnapshotInserts.of(
              snapshot, initialTimestamp, files.subList((int) from.index() + 1, upTo)));
    }
    if (to.version() <= from.version()) {
      return nothingToRead(loaded);
    }
    // failOnDataLoss = false: a batch that starts in a gap starts where the log continues.
    long first = missing.readableFrom(log, from.version(), to.version() - 1);
    if (to.version() <= first) {
      return nothingToRead(loaded);
    }
    Snapshot latest = loaded.snapshot();
    // A batch that starts at a metadata change the schema log recorded reads its rows with that
    // change's schema, as a range the user starts there: the schema before it is the one the
    // stream logged it against, and read across only once unblocked.
    boolean startsAtLoggedChange = barriers.active() && from.atMetadataChange();
    return read(
        loaded,
        new ChangeRangePlanner(
                log,
                (file, sink) -> commits.readCommit(log, file, sink),
                v -> v == latest.version() ? latest : log.snapshotAt(v),
                startsAtLoggedChange)
            .plan(
                new ChangeFeedRequest(
                    first, null, null, to.version() - 1, null, null, ChangeMode.ALL)));
  }

  /** An empty micro-batch, whose driver metrics still say what loading the table took. */
  private InputPartition[] nothingToRead(LoadedSnapshot loaded) {
    scan.batchMetrics().plannedNothing(loaded.load());
    return new InputPartition[0];
  }

  private InputPartition[] read(LoadedSnapshot loaded, ChangeRange range) {
    // Commits made before the query's start with a schema it reads are read with its own. With a
    // schema log, a batch holds no metadata change: its commits read with their own snapshot.
    Snapshot readWith =
        !barriers.active()
                && schema.readsWithStreamSchema(range.endSnapshot().metadata(), range.end())
            ? schema.snapshot()
            : range.endSnapshot();
    range = new ChangeRange(range.start(), range.end(), readWith, excluding(range.commits()));
    ChangeFeedScan read =
        ChangeFeedScan.streamBatch(
            SparkSession.active(),
            loaded.log(),
            loaded.load(),
            range,
            scan.request().mode(),
            scan.requiredSchema(),
            conf);
    PartitionReaderFactory factory = read.createReaderFactory();
    InputPartition[] partitions = read.planInputPartitions();
    // Spark asks the stream's scan for its driver metrics once this batch is planned.
    scan.batchMetrics().planned(read.reportDriverMetrics());
    // The change feed's rows are in its own output order already.
    return StreamReaderFactory.wrap(partitions, factory, null);
  }

  /**
   * The commits without the files {@code excludeRegex} finds (added, removed and change data files,
   * by their paths in the log), as delta-spark's change data feed stream leaves them out.
   */
  private List<CommitChanges> excluding(List<CommitChanges> commits) {
    if (request.excludeRegex() == null) {
      return commits;
    }
    List<CommitChanges> kept = new ArrayList<>();
    for (CommitChanges c : commits) {
      kept.add(
          new CommitChanges(
              c.version(),
              c.timestampMillis(),
              c.rowTracked(),
              kept(c.removed()),
              kept(c.added()),
              kept(c.changeData()),
              kept(c.recorded())));
    }
    return List.copyOf(kept);
  }

  private List<ChangeFile> kept(List<ChangeFile> files) {
    return files.stream().filter(f -> !request.excludes(f.path())).toList();
  }

  /**
   * What is left after {@code latestConsumedOffset}, as the append stream reports it: the files
   * (added and removed) and the bytes of the added ones, counted where at most {@code
   * spark.deltax.stream.metricsMaxCommits} commits are to be read for it, and the offset after the
   * latest commit. The commits are read through the cache admission fills; metrics never fail a
   * query.
   */
  @Override
  public Map<String, String> metrics(Optional<Offset> latestConsumedOffset) {
    if (latestConsumedOffset.isEmpty()) {
      return Map.of();
    }
    long files = 0;
    long bytes = 0;
    try {
      LoadedSnapshot loaded = latest();
      TransactionLog log = loaded.log();
      long latest = loaded.snapshot().version();
      DeltaXSourceOffset consumed = own(latestConsumedOffset.get());
      long next = consumed.isInitialSnapshot() ? consumed.version() + 1 : consumed.version();
      String latestOffset = DeltaXSourceOffset.before(tableId, latest + 1).json();
      if (latest - next + 1 > metricsMaxCommits) {
        return Map.of("latestOffset", latestOffset);
      }
      if (consumed.isInitialSnapshot()) {
        List<AddFile> snapshotFiles = initial(loaded, consumed.version()).files();
        for (AddFile f : snapshotFiles.subList((int) consumed.index() + 1, snapshotFiles.size())) {
          files++;
          bytes += f.size();
        }
      }
      for (long v = next; v <= latest; v++) {
        // A commit clean-up removed is not counted: the next batch says what happens to it.
        Optional<FileStatus> commit = log.listing().commit(v);
        if (commit.isPresent()) {
          CommitFiles c = CommitFiles.of(v, commits.actions(log, commit.get(), v));
          files += c.changedFiles();
          bytes += c.adds().stream().mapToLong(AddFile::size).sum();
        }
      }
      return Map.of(
          "numFilesOutstanding",
          Long.toString(files),
          "numBytesOutstanding",
          Long.toString(bytes),
          "latestOffset",
          latestOffset);
    } catch (Exception e) {
      if (!(e instanceof DeltaXThrowable)) {
        throw e;
      }
      return Map.of();
    }
  }

  /** At a metadata change, with a schema log: logs it and stops the query. */
  @Override
  public void commit(Offset end) {
    DeltaXSourceOffset o = own(end);
    if (barriers.active() && o.atMetadataChange()) {
      barriers.committed(o, commitFiles(latest().log(), o.version()));
    }
  }

  @Override
  public String toString() {
    return "DeltaXChangeFeedSource[" + table + "]";
  }
}
