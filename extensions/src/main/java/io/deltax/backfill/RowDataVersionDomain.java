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

import io.deltax.actions.DomainMetadata;
import io.deltax.conf.SessionSettings;
import io.deltax.conf.WholeNumberRange;
import io.deltax.log.Snapshot;
import io.deltax.log.TransactionLog;
import io.deltax.rowtracking.RowDataVersionFinder;
import io.deltax.rowtracking.RowDataVersions;
import java.util.Arrays;
import java.util.Optional;

/**
 * The {@code io.deltax.rowDataVersions} domain action that keeps what the log tells of rows' data
 * versions past log clean-up. A user-controlled domain: every writer must keep it (PROTOCOL.md,
 * "Domain Metadata"), checkpoints included.
 */
public final class RowDataVersionDomain {
  /**
   * @param versions the map as stored, at most {@code maxRuns} runs
   * @param exact whether the log told every backfilled file's data version
   * @param merged whether runs were merged to fit {@code maxRuns} (rows then look newer)
   */
  public record Preserved(
      DomainMetadata action, RowDataVersions versions, boolean exact, boolean merged) {}

  private RowDataVersionDomain() {}

  /**
   * {@code maxRuns}, checked against {@code spark.deltax.rowDataVersions.maxRuns}'s range: the one
   * check of the writers that take a bound from their callers, before they write anything.
   */
  static int checkedMaxRuns(int maxRuns) {
    WholeNumberRange.MAX_RUNS.check(SessionSettings.ROW_DATA_VERSIONS_MAX_RUNS.key(), maxRuns);
    return maxRuns;
  }

  /**
   * What the commits up to {@code snapshot} tell, merged with the map the table already stores
   * (which may know what clean-up has since removed from the log); empty when there is nothing new
   * to store: no backfill in the log, or none the stored map lacks.
   */
  public static Optional<Preserved> derive(TransactionLog log, Snapshot snapshot, int maxRuns) {
    return preserve(snapshot, RowDataVersionFinder.derive(log, snapshot.version()), maxRuns);
  }

  /**
   * {@code derived}, what is known of the backfills up to {@code snapshot}, merged with the map the
   * table already stores, as {@link #derive} does.
   */
  static Optional<Preserved> preserve(
      Snapshot snapshot, RowDataVersionFinder.Derived derived, int maxRuns) {
    long[] backfills = derived.versions().backfillVersions();
    Optional<RowDataVersions> stored = RowDataVersionFinder.stored(snapshot);
    if (backfills.length == 0
        || stored.isPresent()
            && Arrays.stream(backfills).allMatch(stored.get()::isBackfillVersion)) {
      return Optional.empty();
    }
    RowDataVersions full =
        stored.map(s -> s.mergedWith(derived.versions())).orElse(derived.versions());
    RowDataVersions bounded = full.bounded(maxRuns);
    return Optional.of(
        new Preserved(
            new DomainMetadata(RowDataVersions.DOMAIN, bounded.toJson(), false),
            bounded,
            !full.hasUnknownVersions() && derived.exact(),
            bounded.runCount() < full.runCount()));
  }
}
