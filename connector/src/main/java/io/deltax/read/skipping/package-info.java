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
 * Which files of a scan can hold rows its filters accept. {@link
 * io.deltax.read.skipping.DataSkipping} is the scan's one entry point, built (by {@code
 * TableSkipping}, for the pushed filters and for each set of runtime filters) when Spark pushes the
 * filters: it says which filters deltax uses, which it evaluates exactly (partition filters,
 * reported complete to Spark) and whether a file may match. {@code FileBounds} says what a file
 * tells about a column (partition value, {@code stats}, row ID range, footer, data-version bound);
 * {@code FilterEvaluator} whether a filter can hold on those bounds; {@code FilteredColumnStats}
 * parses the statistics of only the columns the filters name; {@code SnapshotColumnBounds} keeps
 * them with the snapshot, so a cached snapshot's files are parsed once, not once per query.
 *
 * <p>Not here: the rows' own filtering, which Spark (or the Parquet reader's row-group filters)
 * does; partition values' serialization ({@code io.deltax.partitions.PartitionValues}); the row
 * data version map ({@code io.deltax.rowtracking}).
 */
package io.deltax.read.skipping;
