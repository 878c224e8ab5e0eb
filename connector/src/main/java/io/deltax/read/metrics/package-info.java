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
/**
 * What a scan shows in the Spark UI: the metrics on its scan node ({@code CustomMetric}s, one class
 * each in {@link io.deltax.read.metrics.ScanMetrics}), the driver's counts of one planning ({@link
 * io.deltax.read.metrics.PlanningCounts}), what loading the scan's snapshot took ({@link
 * io.deltax.read.metrics.SnapshotLoadMetrics}), a stream's last micro-batch's counts ({@link
 * io.deltax.read.metrics.StreamBatchMetrics}) and the rows deletion vectors drop in a task ({@link
 * io.deltax.read.metrics.TaskCounts}). The batch scan, the change feed's scan and the streams
 * report them.
 *
 * <p>Not here: the planning decisions themselves ({@code io.deltax.read.skipping}, {@code
 * io.deltax.read.runtime}).
 */
package io.deltax.read.metrics;
