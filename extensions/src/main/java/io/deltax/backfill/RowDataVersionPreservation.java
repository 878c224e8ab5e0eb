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

import io.deltax.actions.ActionJson;
import io.deltax.conf.SessionSettings;
import io.deltax.errors.WriteErrors;
import io.deltax.log.LogFileName;
import io.deltax.log.Snapshot;
import io.deltax.log.TransactionLog;
import io.deltax.log.write.CommitInfoLine;
import io.deltax.log.write.CommitWriter;
import io.deltax.protocol.TableFeatures;
import io.deltax.rowtracking.RowDataVersionFinder;
import io.deltax.rowtracking.RowDataVersions;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;

/**
 * Stores what the log tells of rows' data versions in the {@code io.deltax.rowDataVersions} domain,
 * in one commit of its own: for tables whose row tracking was enabled by delta-spark or Databricks,
 * before log clean-up removes the backfill commits and the original adds. A map already stored is
 * merged with what the log tells of later backfills; a table whose stored map covers every backfill
 * in the log, or whose log shows none, is left as it is.
 */
public final class RowDataVersionPreservation {
  public static final String OPERATION = "PRESERVE ROW DATA VERSIONS";
  private static final int MAX_CONFLICTS = 10;

  private final String table;
  private final Configuration conf;
  private final int maxRuns;
  private final String engineInfo;

  /**
   * What a call did.
   *
   * @param version the commit that stored the map, or null when nothing was written
   * @param versions the map as stored (or already stored), or null when there is none
   * @param exact whether the log told every backfilled row's data version
   */
  public record Result(
      String table,
      boolean stored,
      Long version,
      RowDataVersions versions,
      boolean exact,
      String message) {}

  public RowDataVersionPreservation(
      String table, Configuration conf, int maxRuns, String engineInfo) {
    this.table = table;
    this.conf = conf;
    this.maxRuns = RowDataVersionDomain.checkedMaxRuns(maxRuns);
    this.engineInfo = engineInfo;
  }

  public Result run() throws IOException {
    for (int attempt = 1; attempt <= MAX_CONFLICTS; attempt++) {
      TransactionLog log = TransactionLog.open(table, conf);
      Snapshot snapshot = log.latestSnapshot();
      String name = snapshot.tableRoot().toString();
      Optional<RowDataVersions> stored = RowDataVersionFinder.stored(snapshot);
      Optional<RowDataVersionDomain.Preserved> preserved =
          RowDataVersionDomain.derive(log, snapshot, maxRuns);
      if (preserved.isEmpty() && stored.isPresent()) {
        return new Result(
            name,
            false,
            null,
            stored.get(),
            !stored.get().hasUnknownVersions(),
            "The table already stores the data versions of every backfill the log shows ("
                + stored.get().runCount()
                + " runs); nothing written.");
      }
      if (preserved.isEmpty()) {
        return new Result(
            name,
            false,
            null,
            null,
            false,
            "The log shows no ROW TRACKING BACKFILL "
                + "commit, so there is no map to store; nothing written. See row_tracking_status.");
      }
      TableFeatures.checkWritable(name, snapshot.protocol());
      if (!TableFeatures.isSupported(snapshot.protocol(), TableFeatures.DOMAIN_METADATA)) {
        throw WriteErrors.noDomainMetadata(name);
      }
      RowDataVersionDomain.Preserved p = preserved.get();
      CommitInfoLine info =
          CommitInfoLine.of(
              snapshot,
              OPERATION,
              Map.of(
                  "domain", RowDataVersions.DOMAIN,
                  "backfillVersions", Arrays.toString(p.versions().backfillVersions()),
                  "runs", Integer.toString(p.versions().runCount())),
              engineInfo);
      long version = snapshot.version() + 1;
      boolean written =
          new CommitWriter(LogFileName.logDir(snapshot.tableRoot()), conf)
              .write(version, List.of(info.json(), ActionJson.toJson(p.action())));
      if (written) {
        return new Result(
            name,
            true,
            version,
            p.versions(),
            p.exact(),
            String.format(
                "Stored the data versions of the rows of %d backfill commit(s) in %d runs in"
                    + " version %d%s%s.",
                p.versions().backfillVersions().length,
                p.versions().runCount(),
                version,
                p.exact()
                    ? ""
                    : "; the log no longer told some files' versions, whose rows keep "
                        + "their row commit version",
                p.merged()
                    ? "; runs were merged to fit "
                        + SessionSettings.ROW_DATA_VERSIONS_MAX_RUNS.key()
                        + ", so some rows look newer than they are"
                    : ""));
      }
    }
    throw WriteErrors.preservationConflicts(table, MAX_CONFLICTS);
  }
}
