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
 * Where a load gets its snapshot: {@link io.deltax.snapshots.SnapshotSource}, one table's source
 * (its root, the load's Hadoop configuration, the session's cache settings) that reads, streams,
 * procedures and the CLI ask for the latest version or a {@code TimeTravel}; and {@link
 * io.deltax.snapshots.SnapshotCache}, the JVM's cache of each table's latest snapshot (keyed by the
 * table's qualified root, checked against the table's id, refreshed by reading only the new
 * commits, bounded by a number of files, least recently used evicted first: an {@code
 * io.deltax.caching.BoundedLru} weighed again on each load). Each load says what it took ({@link
 * io.deltax.snapshots.SnapshotLoad}: its time and the log files it read), for the scans' metrics.
 *
 * <p>Not here: how a snapshot is rebuilt or advanced by new commits ({@code io.deltax.log}); the
 * row data version maps derived from a log, which {@code io.deltax.rowtracking} keeps in its own
 * cache ({@code DerivedRowDataVersionsCache}).
 */
package io.deltax.snapshots;
