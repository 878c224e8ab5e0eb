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
package io.deltax.read.runtime;

import io.deltax.actions.AddFile;
import io.deltax.read.metrics.PlanningCounts;
import io.deltax.read.pushdown.FilesForLimit;
import io.deltax.read.pushdown.NeededFiles;
import io.deltax.read.skipping.DataSkipping;
import io.deltax.read.skipping.TableSkipping;
import java.util.List;
import java.util.OptionalInt;
import org.apache.spark.sql.sources.Filter;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The files a batch scan plans, chosen in four steps: those the pushed filters keep (once), of
 * those the ones the runtime filters keep (again after each new runtime filter), the files an
 * aggregate or an order with a limit that Spark computes needs ({@link NeededFiles}), then the
 * files a pushed {@code LIMIT} needs ({@link FilesForLimit}). Counts what the filters dropped for
 * the UI.
 */
public final class PlannedFiles {
  private static final Logger LOG = LoggerFactory.getLogger(PlannedFiles.class);

  /** The skipping of the pushed filters. */
  private final DataSkipping skipping;

  /** Builds the skipping of the runtime filters, as for the pushed ones. */
  private final TableSkipping table;

  private final OptionalInt limit;

  private final NeededFiles needed;

  /** What the scan reads, for the log: the table and version. */
  private final String scanOf;

  /** Whether the candidates are the snapshot's own file list, in its order. */
  private final boolean snapshotFiles;

  private final RuntimeFilters runtimeFilters = new RuntimeFilters();

  private PlanningCounts counts;

  /** The files the pushed filters keep; computed once. */
  private List<AddFile> skippedFiles;

  /** Of those, the files the runtime filters keep; computed again after a new runtime filter. */
  private List<AddFile> selectedFiles;

  public PlannedFiles(
      String scanOf,
      DataSkipping skipping,
      TableSkipping table,
      OptionalInt limit,
      NeededFiles needed,
      boolean snapshotFiles) {
    this.scanOf = scanOf;
    this.skipping = skipping;
    this.table = table;
    this.limit = limit;
    this.needed = needed;
    this.snapshotFiles = snapshotFiles;
  }

  /**
   * Takes the filters Spark derives from the other side of a join: the files they rule out are
   * dropped from the next {@link #select}.
   */
  public synchronized void addRuntimeFilters(Filter[] filters) {
    if (runtimeFilters.add(filters)) {
      selectedFiles = null;
    }
  }

  /**
   * The files that may hold matching rows: those the pushed, then the runtime, filters keep.
   *
   * @param candidates the scan's candidate files, the same list on every call
   */
  public synchronized List<AddFile> select(List<AddFile> candidates) {
    if (skippedFiles == null) {
      counts = new PlanningCounts();
      skippedFiles = skipping.select(candidates, snapshotFiles, counts::skipped);
      LOG.debug(
          "Scan of {}: filters {} kept {} of {} files",
          scanOf,
          skipping.usableFilters(),
          skippedFiles.size(),
          candidates.size());
    }
    if (selectedFiles == null) {
      List<AddFile> filtered =
          runtimeFilters.select(
              skippedFiles, snapshotFiles && skippedFiles == candidates, table::of);
      List<AddFile> neededFiles = needed.of(filtered);
      selectedFiles =
          limit.isPresent() ? FilesForLimit.take(neededFiles, limit.getAsInt()) : neededFiles;
      counts.planned(selectedFiles, skippedFiles.size() - filtered.size());
    }
    return selectedFiles;
  }

  /**
   * Whether every file the filters keep is planned, with no limit or needed files to choose among
   * them: only then does a runtime filter plan a subset of the partitions planned before it, as a
   * storage-partitioned join requires.
   */
  public boolean plansEveryFilteredFile() {
    return limit.isEmpty() && needed == NeededFiles.ALL;
  }

  /** The counts of the last {@link #select}. */
  public synchronized PlanningCounts counts() {
    return counts;
  }

  /**
   * Whether both choose the same files from the same candidates: the same pushed filters, runtime
   * filters, needed files and limit.
   */
  public boolean selectsAs(PlannedFiles other) {
    return skipping.usableFilters().equals(other.skipping.usableFilters())
        && runtimeFilters.equals(other.runtimeFilters)
        && limit.equals(other.limit)
        && needed.equals(other.needed);
  }

  /** The filters and limit, as the scan's description shows them. */
  @Override
  public String toString() {
    return "skipping filters "
        + skipping.usableFilters()
        + (runtimeFilters.isEmpty() ? "" : ", runtime filters " + runtimeFilters)
        + (limit.isPresent() ? ", limit " + limit.getAsInt() : "")
        + needed;
  }
}
