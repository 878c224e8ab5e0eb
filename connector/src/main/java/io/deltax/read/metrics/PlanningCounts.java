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
package io.deltax.read.metrics;

import io.deltax.actions.AddFile;
import io.deltax.read.skipping.DataSkipping.SkipReason;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.connector.metric.CustomTaskMetric;

/**
 * One planning's counts, reported by the driver ({@code Scan.reportDriverMetrics}): the files
 * planned and their bytes, and the files each kind of filter dropped. Filled while the scan chooses
 * its files; read once Spark has planned the tasks.
 */
public final class PlanningCounts {
  private long prunedByPartition;
  private long skippedByStatistics;
  private long skippedByRowId;
  private long skippedByRuntimeFilter;
  private long filesPlanned;
  private long bytesPlanned;

  /** Counts a file the scan's pushed filters dropped. */
  public synchronized void skipped(SkipReason reason) {
    switch (reason) {
      case PARTITION -> prunedByPartition++;
      case STATISTICS -> skippedByStatistics++;
      case ROW_ID -> skippedByRowId++;
    }
  }

  /** Records the files planned, and how many files the runtime filters dropped. */
  public synchronized void planned(List<AddFile> files, int droppedByRuntimeFilters) {
    skippedByRuntimeFilter = droppedByRuntimeFilters;
    filesPlanned = files.size();
    long bytes = 0;
    for (AddFile file : files) {
      bytes += file.size();
    }
    bytesPlanned = bytes;
  }

  public synchronized CustomTaskMetric[] driverMetrics() {
    List<CustomTaskMetric> values = new ArrayList<>();
    values.add(ScanMetrics.value(ScanMetrics.FILES_PLANNED, filesPlanned));
    values.add(ScanMetrics.value(ScanMetrics.BYTES_PLANNED, bytesPlanned));
    values.add(ScanMetrics.value(ScanMetrics.PRUNED_BY_PARTITION, prunedByPartition));
    values.add(ScanMetrics.value(ScanMetrics.SKIPPED_BY_STATISTICS, skippedByStatistics));
    values.add(ScanMetrics.value(ScanMetrics.SKIPPED_BY_ROW_ID, skippedByRowId));
    values.add(ScanMetrics.value(ScanMetrics.SKIPPED_BY_RUNTIME_FILTER, skippedByRuntimeFilter));
    return values.toArray(new CustomTaskMetric[0]);
  }

  /** The driver metrics of a scan that reads {@code files} files of {@code bytes} bytes. */
  public static CustomTaskMetric[] ofFiles(long files, long bytes) {
    return new CustomTaskMetric[] {
      ScanMetrics.value(ScanMetrics.FILES_PLANNED, files),
      ScanMetrics.value(ScanMetrics.BYTES_PLANNED, bytes)
    };
  }
}
