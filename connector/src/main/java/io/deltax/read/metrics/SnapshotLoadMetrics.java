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

import io.deltax.snapshots.SnapshotLoad;
import java.util.Arrays;
import org.apache.spark.sql.connector.metric.CustomTaskMetric;

/**
 * The driver metrics of the load a scan's snapshot came from ({@link SnapshotLoad}): its time and
 * the log files it read, reported beside the planning counts.
 */
public final class SnapshotLoadMetrics {
  private SnapshotLoadMetrics() {}

  /** {@code planning} followed by the load's metrics. */
  public static CustomTaskMetric[] with(CustomTaskMetric[] planning, SnapshotLoad load) {
    CustomTaskMetric[] all = Arrays.copyOf(planning, planning.length + 2);
    all[planning.length] = ScanMetrics.value(ScanMetrics.SNAPSHOT_LOAD_TIME, load.nanos());
    all[planning.length + 1] = ScanMetrics.value(ScanMetrics.LOG_FILES_READ, load.logFilesRead());
    return all;
  }
}
