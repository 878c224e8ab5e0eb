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
package io.deltax.rowtracking;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.deltax.errors.DeltaXErrors;
import io.deltax.log.CommitSummary;
import io.deltax.log.LogFileName;
import io.deltax.log.Snapshot;
import io.deltax.log.TableHistory;
import io.deltax.log.TransactionLog;
import io.deltax.protocol.TableFeatures;
import io.deltax.protocol.TableProperties;
import java.io.IOException;
import java.util.List;
import java.util.Optional;

/**
 * What row tracking looks like on a table, and what the log still tells of how it got there: the
 * {@code ROW TRACKING BACKFILL} commits (whoever wrote them) and the commit that set {@code
 * delta.enableRowTracking} — the boundary after which every pre-existing row carries the backfill's
 * version as its row commit version (field report, facts 5 and 8).
 *
 * @param backfills the backfill commits still in the log, oldest first
 * @param enablementVersion the newest version that turned {@code delta.enableRowTracking} on, where
 *     the log still shows the change (not where it was on already at the oldest version the log can
 *     rebuild)
 * @param filesWithoutRowIds active files lacking a {@code baseRowId} or a {@code
 *     defaultRowCommitVersion}: those a backfill still has to give them to
 * @param historyComplete whether the log still holds every commit from version 0
 * @param rowDataVersions where {@code _metadata.row_data_version} gets the backfilled rows' data
 *     versions from
 */
public record RowTrackingStatus(
    Snapshot snapshot,
    RowTrackingConfig config,
    boolean suspended,
    long highWaterMark,
    long filesWithoutRowIds,
    List<CommitSummary> backfills,
    Optional<Long> enablementVersion,
    boolean historyComplete,
    RowDataVersionState rowDataVersions) {

  /** Whether the data versions a backfill hid are known, and from where. */
  public enum RowDataVersionState {
    /** Stored in the {@code io.deltax.rowDataVersions} domain: survives log clean-up. */
    STORED("stored"),
    /** Not stored, but every backfill commit and the original adds are still in the log. */
    DERIVABLE("derivable"),
    /**
     * Some known: the backfill commits are in the log but some original adds (or earlier backfills)
     * no longer are, or a stored map misses a later backfill (call {@code
     * preserve_row_data_versions} again).
     */
    PARTIAL("partial"),
    /**
     * Not stored, and the log no longer reaches back to how row tracking was enabled: rows of a
     * backfill keep their row commit version.
     */
    LOST("lost"),
    /** The log shows no backfill: every row's data version is its row commit version. */
    NOT_NEEDED("not needed");

    private final String label;

    RowDataVersionState(String label) {
      this.label = label;
    }

    public String label() {
      return label;
    }
  }

  public static final String BACKFILL_OPERATION = "ROW TRACKING BACKFILL";
  private static final ObjectMapper MAPPER = new ObjectMapper();

  public static RowTrackingStatus of(TransactionLog log) {
    return of(log, log.latestSnapshot());
  }

  /** The status at {@code snapshot}, the latest snapshot of {@code log} (a cache's, say). */
  public static RowTrackingStatus of(TransactionLog log, Snapshot snapshot) {
    TableHistory history = TableHistory.of(log);
    List<CommitSummary> backfills =
        history.commits().stream().filter(c -> BACKFILL_OPERATION.equals(c.operation())).toList();
    Optional<Long> enablement =
        history.metadataTurnedOn(
            m -> TableProperties.of(snapshot.tableRoot().toString(), m).rowTrackingEnabled());
    long withoutRowIds =
        snapshot.activeFiles().stream()
            .filter(f -> f.baseRowId() == null || f.defaultRowCommitVersion() == null)
            .count();
    RowTrackingConfig config = RowTrackingConfig.of(snapshot);
    return new RowTrackingStatus(
        snapshot,
        config,
        snapshot.properties().rowTrackingSuspended(),
        highWaterMark(snapshot),
        withoutRowIds,
        backfills,
        enablement,
        history.complete(),
        rowDataVersionState(log, snapshot, config, backfills, history));
  }

  /**
   * Stored, or else what the log can still tell. The log tells of every backfill only where it
   * reaches back to a version whose protocol had no row tracking yet: backfills come after the
   * protocol upgrade. (A table created with row tracking and cleaned up since is therefore "lost",
   * though it may never have had a backfill: the log can no longer rule one out.)
   */
  private static RowDataVersionState rowDataVersionState(
      TransactionLog log,
      Snapshot snapshot,
      RowTrackingConfig config,
      List<CommitSummary> backfills,
      TableHistory history) {
    if (!config.supported()) {
      return RowDataVersionState.NOT_NEEDED;
    }
    Optional<RowDataVersions> stored = RowDataVersionFinder.stored(snapshot);
    if (stored.isPresent()) {
      boolean covers =
          backfills.stream().allMatch(c -> stored.get().isBackfillVersion(c.version()));
      return covers ? RowDataVersionState.STORED : RowDataVersionState.PARTIAL;
    }
    boolean reachesBeforeRowTracking =
        history
            .baseline()
            .map(b -> !TableFeatures.isSupported(b.protocol(), TableFeatures.ROW_TRACKING))
            .orElse(true);
    if (!backfills.isEmpty()) {
      List<Long> versions = backfills.stream().map(CommitSummary::version).toList();
      return reachesBeforeRowTracking && RowDataVersionFinder.derive(log, versions).exact()
          ? RowDataVersionState.DERIVABLE
          : RowDataVersionState.PARTIAL;
    }
    return reachesBeforeRowTracking ? RowDataVersionState.NOT_NEEDED : RowDataVersionState.LOST;
  }

  /** The row ID high-water mark of the {@code delta.rowTracking} domain; -1 before any row ID. */
  public static long highWaterMark(Snapshot snapshot) {
    return snapshot
        .domain(RowTrackingConfig.DOMAIN)
        .map(
            d -> {
              try {
                return MAPPER.readTree(d.configuration()).path("rowIdHighWaterMark").asLong(-1);
              } catch (IOException e) {
                throw DeltaXErrors.corruptLogFile(
                    LogFileName.logDir(snapshot.tableRoot()).toString(),
                    "the delta.rowTracking domain is not JSON",
                    e);
              }
            })
        .orElse(-1L);
  }
}
