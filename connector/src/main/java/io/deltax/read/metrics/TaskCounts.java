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

import org.apache.spark.sql.connector.metric.CustomTaskMetric;

/**
 * One task's counts, reported by its reader ({@code PartitionReader.currentMetricsValues}): the
 * rows deletion vectors dropped. A reader is used by one thread, so the count is a plain field.
 */
public final class TaskCounts {
  private long deletionVectorRowsDropped;

  public void droppedByDeletionVector(long rows) {
    deletionVectorRowsDropped += rows;
  }

  public CustomTaskMetric[] taskMetrics() {
    return new CustomTaskMetric[] {
      ScanMetrics.value(ScanMetrics.DELETION_VECTOR_ROWS_DROPPED, deletionVectorRowsDropped)
    };
  }
}
