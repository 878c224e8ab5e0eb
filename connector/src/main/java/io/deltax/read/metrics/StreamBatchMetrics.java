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
import org.apache.spark.sql.connector.metric.CustomTaskMetric;

/**
 * The driver metrics of a stream's last planned micro-batch. Spark asks the stream's scan for its
 * driver metrics once per micro-batch, right after the stream planned it; the scan plans nothing
 * itself, so it answers with what the stream recorded here.
 */
public final class StreamBatchMetrics {
  private volatile CustomTaskMetric[] last = new CustomTaskMetric[0];

  /** Records the metrics of the micro-batch just planned. */
  public void planned(CustomTaskMetric[] metrics) {
    last = metrics.clone();
  }

  /** Records a micro-batch that planned no file: its metrics are the stream's snapshot load. */
  public void plannedNothing(SnapshotLoad load) {
    planned(SnapshotLoadMetrics.with(PlanningCounts.ofFiles(0, 0), load));
  }

  public CustomTaskMetric[] last() {
    return last.clone();
  }
}
