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
package io.deltax.backfill;

import static io.deltax.backfill.PendingFile.pending;
import static io.deltax.backfill.RowTrackingEnablement.backfillActions;
import static io.deltax.backfill.RowTrackingEnablement.enabledMetadata;
import static io.deltax.backfill.RowTrackingEnablement.fullyEnabled;
import static io.deltax.backfill.RowTrackingEnablement.protocolParameters;
import static io.deltax.backfill.RowTrackingEnablement.supportsRowTracking;

import io.deltax.actions.Action;
import io.deltax.actions.ActionJson;
import io.deltax.actions.Metadata;
import io.deltax.actions.Protocol;
import io.deltax.conf.SessionSettings;
import io.deltax.errors.WriteErrors;
import io.deltax.log.CheckpointWriter;
import io.deltax.log.LogFileName;
import io.deltax.log.Snapshot;
import io.deltax.log.TransactionLog;
import io.deltax.log.write.CommitInfoLine;
import io.deltax.log.write.CommitWriter;
import io.deltax.protocol.TableFeatures;
import io.deltax.protocol.TableProperties;
import io.deltax.rowtracking.RowDataVersionFinder;
import io.deltax.rowtracking.RowTrackingStatus;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Enables row tracking on an existing table the way delta-spark 4.3.1 does (PROTOCOL.md, "Writer
 * Requirements for Row Tracking"), in commits the caller sizes:
 *
 * <ol>
 *   <li>UPGRADE PROTOCOL, if the writer features {@code rowTracking} and {@code domainMetadata} are
 *       missing;
 *   <li>ROW TRACKING BACKFILL commits of at most {@code batchSize} files: each active file without
 *       {@code baseRowId} is re-added unchanged but for {@code dataChange = false}, a fresh {@code
 *       baseRowId} above the high-water mark and {@code defaultRowCommitVersion} = the commit's
 *       version, with the new high-water mark in the {@code delta.rowTracking} domain;
 *   <li>SET TBLPROPERTIES {@code delta.enableRowTracking = true} and the materialized column names,
 *       once every active file has a {@code baseRowId}, with the map of the backfilled rows' data
 *       versions in the {@code io.deltax.rowDataVersions} domain ({@link RowDataVersionDomain}).
 * </ol>
 *
 * Unlike delta-spark, files get their row IDs in the order their data was first added (commit
 * version, then path). Each commit is put-if-absent; on a lost race the table is read again and the
 * commit rebuilt on top of the winner. A run stopped after any commit leaves a readable table, and
 * the next run finishes the work.
 */
public final class RowTrackingBackfill {
  private static final Logger LOG = LoggerFactory.getLogger(RowTrackingBackfill.class);
  private static final String BACKFILL = RowTrackingStatus.BACKFILL_OPERATION;
  private static final int MAX_CONFLICTS = 50;

  /** delta-spark's {@code DeltaCommitTag.RowTrackingEnablementOnlyTag}. */
  private static final String ROW_TRACKING_ENABLEMENT_ONLY_TAG = "rowTrackingEnablementOnly";

  private final String table;
  private final Configuration conf;
  private final BatchPlan batches;
  private final String engineInfo;
  private Progress progress = (batch, batches, files, version) -> {};
  private int maxRowDataVersionRuns =
      SessionSettings.ROW_DATA_VERSIONS_MAX_RUNS.defaultValue().intValue();
  private int conflicts;

  /** Set once the table supports row tracking: from then on another writer may not drop it. */
  private boolean upgraded;

  /** Set once this run committed a version: an error after it must not say nothing was written. */
  private boolean wrote;

  /** Told after every committed backfill batch, for progress bars. */
  public interface Progress {
    void batchCommitted(int batch, int batches, int files, long version);
  }

  public RowTrackingBackfill onProgress(Progress progress) {
    this.progress = progress;
    return this;
  }

  /** The most runs the stored row data version map may have (see {@link RowDataVersionDomain}). */
  public RowTrackingBackfill maxRowDataVersionRuns(int maxRuns) {
    this.maxRowDataVersionRuns = RowDataVersionDomain.checkedMaxRuns(maxRuns);
    return this;
  }

  /**
   * @param batchSize the most files one backfill commit re-adds (delta-spark: 22,000)
   * @param maxCommits the most backfill commits this run writes; 0 for no limit
   */
  public RowTrackingBackfill(
      String table, Configuration conf, int batchSize, int maxCommits, String engineInfo) {
    this.batches = new BatchPlan(batchSize, maxCommits);
    this.table = table;
    this.conf = conf;
    this.engineInfo = engineInfo;
  }

  /**
   * The table as it is now. Read at the start and again after a commit lost to another writer, so
   * files removed meanwhile leave the next batch, row IDs assigned meanwhile move the high-water
   * mark, and a protocol changed meanwhile is checked again. After a commit of ours the snapshot is
   * advanced in memory instead: put-if-absent means nothing came between.
   */
  private Snapshot latest() {
    Snapshot snapshot = writable(TransactionLog.open(table, conf).latestSnapshot(), wrote);
    if (upgraded && !supportsRowTracking(snapshot)) {
      // Another writer dropped the feature: enabling row tracking now would break the protocol
      // (and never take, as enabled() needs the feature), so stop with what is committed.
      throw WriteErrors.rowTrackingDroppedDuringBackfill(tableName(snapshot), snapshot.version());
    }
    return snapshot;
  }

  /**
   * The table, checked before anything is written to it: writer features deltax implements, and row
   * tracking not suspended (PROTOCOL.md, "Row Tracking": while {@code delta.rowTrackingSuspended}
   * is true, writers must not assign row IDs, and row tracking must not be enabled beside it;
   * delta-spark's backfill refuses too).
   *
   * @param wrote whether this run committed versions already (another writer changed the table
   *     since), which the error then says stay
   */
  private static Snapshot writable(Snapshot snapshot, boolean wrote) {
    TableFeatures.checkWritable(snapshot.tableRoot().toString(), snapshot.protocol());
    if (snapshot.properties().rowTrackingSuspended()) {
      throw wrote
          ? WriteErrors.rowTrackingSuspendedDuringBackfill(tableName(snapshot))
          : WriteErrors.rowTrackingSuspended(tableName(snapshot));
    }
    return snapshot;
  }

  public BackfillResult plan() {
    Snapshot snapshot = latest();
    List<PendingFile> pending = pending(snapshot, wrote);
    long hwm = RowTrackingStatus.highWaterMark(snapshot);
    if (fullyEnabled(snapshot) && pending.isEmpty()) {
      return new BackfillResult(
          tableName(snapshot),
          true,
          0,
          0,
          null,
          null,
          hwm,
          true,
          "Row tracking is already enabled and every file has row IDs; nothing to do.");
    }
    long next = snapshot.version() + (supportsRowTracking(snapshot) ? 1 : 2);
    int planned = batches.batchesThisRun(pending.size());
    long files = batches.filesThisRun(pending.size());
    long rows = 0;
    for (PendingFile f : pending.subList(0, (int) files)) {
      rows += f.newRowIds();
    }
    return new BackfillResult(
        tableName(snapshot),
        true,
        files,
        planned,
        planned == 0 ? null : next,
        planned == 0 ? null : next + planned - 1,
        hwm + rows,
        false,
        String.format(
            "Would write %s%d backfill commit(s) of at most %d files%s.",
            supportsRowTracking(snapshot) ? "" : "an UPGRADE PROTOCOL commit, ",
            planned,
            batches.batchSize(),
            planned == batches.totalBatches(pending.size()) ? ", then enable row tracking" : ""));
  }

  /**
   * Backfills and enables row tracking. A file system failure stops it with {@code
   * [DELTAX_IO_ERROR]}, saying whether commits of this call landed before it (they stay valid, and
   * the next call goes on from them).
   */
  public BackfillResult run() {
    try {
      return backfillAndEnable();
    } catch (IOException e) {
      throw WriteErrors.backfillIoError(table, wrote, e);
    }
  }

  private BackfillResult backfillAndEnable() throws IOException {
    conflicts = 0;
    upgraded = false;
    wrote = false;
    TransactionLog startLog = TransactionLog.open(table, conf);
    Snapshot snapshot = writable(startLog.latestSnapshot(), false);
    List<PendingFile> pending = pending(snapshot, wrote);
    String name = tableName(snapshot);
    if (fullyEnabled(snapshot) && pending.isEmpty()) {
      return new BackfillResult(
          name,
          false,
          0,
          0,
          null,
          null,
          RowTrackingStatus.highWaterMark(snapshot),
          true,
          "Row tracking is already enabled and every file has row IDs; nothing written.");
    }
    CommitWriter writer = new CommitWriter(LogFileName.logDir(snapshot.tableRoot()), conf);
    long startVersion = snapshot.version();
    NumberedFiles numbered = new NumberedFiles(snapshot.paths());
    while (!supportsRowTracking(snapshot)) {
      Protocol withRowTracking =
          TableFeatures.withWriterFeatures(
              snapshot.protocol(), TableFeatures.DOMAIN_METADATA, TableFeatures.ROW_TRACKING);
      Outcome outcome =
          commit(
              writer,
              snapshot,
              commitInfo(
                  snapshot,
                  "UPGRADE PROTOCOL",
                  Map.of(
                      "newProtocol", ActionJson.objectJson(protocolParameters(withRowTracking)))),
              List.of(withRowTracking));
      if (outcome.committed()) {
        LOG.info(
            "Row tracking backfill of {}: UPGRADE PROTOCOL committed as version {}",
            name,
            snapshot.version() + 1);
      } else {
        pending = pending(outcome.table(), wrote);
      }
      snapshot = outcome.table();
    }

    upgraded = true;
    int totalBatches = batches.totalBatches(pending.size());
    int commits = 0;
    long files = 0;
    Long first = null;
    Long last = null;
    while (true) {
      if (pending.isEmpty()) {
        break;
      }
      if (!batches.mayCommitAfter(commits)) {
        String checkpoint = checkpointIfDue(snapshot, startVersion);
        return new BackfillResult(
            name,
            false,
            files,
            commits,
            first,
            last,
            RowTrackingStatus.highWaterMark(snapshot),
            false,
            "Stopped after "
                + commits
                + " backfill commit(s) as max_commits asks; "
                + pending.size()
                + " file(s) still have no row IDs. Call again to continue."
                + checkpoint);
      }
      List<PendingFile> batch = pending.subList(0, batches.nextBatchSize(pending.size()));
      long version = snapshot.version() + 1;
      List<Action> actions = backfillActions(snapshot, batch, version);
      Outcome outcome =
          commit(
              writer,
              snapshot,
              commitInfo(snapshot, BACKFILL, Map.of("numFiles", Integer.toString(batch.size()))),
              actions);
      if (outcome.committed()) {
        numbered.committed(version, batch, actions);
        commits++;
        files += batch.size();
        first = first == null ? version : first;
        last = version;
        LOG.info(
            "Row tracking backfill of {}: batch {} of {}, {} files, committed version {}",
            name,
            commits,
            Math.max(totalBatches, commits),
            batch.size(),
            version);
        progress.batchCommitted(commits, Math.max(totalBatches, commits), batch.size(), version);
        pending = pending.subList(batch.size(), pending.size());
      } else {
        pending = pending(outcome.table(), wrote);
      }
      snapshot = outcome.table();
    }

    while (!fullyEnabled(snapshot)) {
      Metadata enabled = enabledMetadata(snapshot.metadata());
      List<Action> actions = new ArrayList<>(List.of(enabled));
      // The data versions of the rows just numbered, stored before log clean-up can lose them:
      // from what this run wrote and the log it started from, unless another writer came between.
      RowDataVersionFinder.Derived derived =
          conflicts == 0
              ? numbered.derive(startLog, startVersion)
              : RowDataVersionFinder.derive(TransactionLog.open(table, conf), snapshot.version());
      RowDataVersionDomain.preserve(snapshot, derived, maxRowDataVersionRuns)
          .ifPresent(preserved -> actions.add(preserved.action()));
      // As delta-spark's ALTER TABLE ... SET TBLPROPERTIES ('delta.enableRowTracking' = 'true'):
      // the property its user set, and the tag that lets a concurrent delta-spark transaction
      // without a metadata change commit over this one (its ConflictChecker,
      // tryResolveRowTrackingEnablementOnlyMetadataUpdateConflict) rather than fail.
      Outcome outcome =
          commit(
              writer,
              snapshot,
              CommitInfoLine.of(
                  snapshot,
                  "SET TBLPROPERTIES",
                  Map.of(
                      "properties",
                      ActionJson.objectJson(
                          new LinkedHashMap<>(
                              Map.of(TableProperties.ENABLE_ROW_TRACKING, "true")))),
                  Map.of(ROW_TRACKING_ENABLEMENT_ONLY_TAG, "true"),
                  engineInfo),
              actions);
      if (outcome.committed()) {
        LOG.info(
            "Row tracking backfill of {}: row tracking enabled in version {}",
            name,
            snapshot.version() + 1);
      }
      snapshot = outcome.table();
      if (!outcome.committed() && !pending(snapshot, wrote).isEmpty()) {
        throw WriteErrors.filesWithoutRowIdsAppeared(name);
      }
    }
    String checkpoint = checkpointIfDue(snapshot, startVersion);
    return new BackfillResult(
        name,
        false,
        files,
        commits,
        first,
        last,
        RowTrackingStatus.highWaterMark(snapshot),
        true,
        "Backfilled "
            + files
            + " file(s) in "
            + commits
            + " commit(s); row tracking is enabled."
            + checkpoint);
  }

  /**
   * Writes a checkpoint of the last version when this run's commits passed a multiple of {@code
   * delta.checkpointInterval}, as delta-spark checkpoints every tenth commit by default.
   */
  private String checkpointIfDue(Snapshot snapshot, long startVersion) {
    if (!CheckpointWriter.isDue(snapshot, startVersion)) {
      return "";
    }
    Optional<String> notWritten = CheckpointWriter.notWritten(snapshot);
    if (notWritten.isPresent()) {
      LOG.info(
          "Row tracking backfill of {}: no checkpoint of version {}: {}",
          tableName(snapshot),
          snapshot.version(),
          notWritten.get());
      return " No checkpoint of version "
          + snapshot.version()
          + " was written: "
          + notWritten.get()
          + "; the table is complete without it.";
    }
    try {
      new CheckpointWriter(conf).write(snapshot);
      LOG.info(
          "Row tracking backfill of {}: checkpoint written at version {}",
          tableName(snapshot),
          snapshot.version());
      return "";
    } catch (Exception e) { // an invalid table property is an AnalysisException, thrown as such
      // As delta-spark's (Checkpoints.checkpoint): the commits stand without a checkpoint, and a
      // later writer's takes its place, so a failed one does not fail the call.
      LOG.warn(
          "Row tracking backfill of {}: the checkpoint of version {} could not be written",
          tableName(snapshot),
          snapshot.version(),
          e);
      return " The checkpoint of version "
          + snapshot.version()
          + " could not be written ("
          + e
          + "); the table is complete without it.";
    }
  }

  /** What one attempt to commit left: whether it landed, and the table to go on from. */
  private record Outcome(boolean committed, Snapshot table) {}

  /**
   * Writes one commit on top of {@code snapshot}: the table after it when it lands, or the table as
   * another writer left it when that writer took the version first.
   */
  private Outcome commit(
      CommitWriter writer, Snapshot snapshot, CommitInfoLine info, List<Action> actions)
      throws IOException {
    List<String> lines = new ArrayList<>(actions.size() + 1);
    lines.add(info.json());
    actions.forEach(a -> lines.add(ActionJson.toJson(a)));
    byte[] content = CommitWriter.content(lines);
    if (writer.write(snapshot.version() + 1, content)) {
      wrote = true;
      return new Outcome(true, snapshot.withCommit(actions, info.timestamp(), content.length));
    }
    if (++conflicts > MAX_CONFLICTS) {
      throw WriteErrors.backfillConflicts(snapshot.tableRoot().toString(), MAX_CONFLICTS);
    }
    LOG.info(
        "Version {} of {} was taken by another writer; reading the table again",
        snapshot.version() + 1,
        snapshot.tableRoot());
    return new Outcome(false, latest());
  }

  private CommitInfoLine commitInfo(
      Snapshot snapshot, String operation, Map<String, String> parameters) {
    return CommitInfoLine.of(snapshot, operation, parameters, engineInfo);
  }

  private static String tableName(Snapshot snapshot) {
    return snapshot.tableRoot().toString();
  }
}
