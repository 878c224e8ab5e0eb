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
 * The change feed: which rows a range of commits inserted, updated (with pre-images) and deleted,
 * derived from row tracking (PROTOCOL.md, "Row Tracking") without Change Data Feed, or read from a
 * commit's change data files where that gives the same answer. Every class of the change feed is in
 * this package tree, under the one name "change feed".
 *
 * <p>This package is its DataSource V2 chain, followed by name: {@code ChangeFeedTable} → {@code
 * ChangeFeedScanBuilder} → {@code ChangeFeedScan} → {@code ChangeFeedReaderFactory} (tasks of
 * {@code ChangeFeedInputPartition}; rows shaped by {@code ChangeFeedOutput}). {@code readStream}
 * with {@code readChangeFeed}: the scan hands Spark a stream of {@link
 * io.deltax.changes.ChangeStreams}, which the load passes in, and the stream reads each micro-batch
 * through {@code ChangeFeedScan.streamBatch}. {@code ChangeFeedTable} is public for the load
 * ({@code io.deltax.catalog}) and the Spark 4.2 module ({@code io.deltax.spark42}), which wraps it
 * as Spark's {@code Changelog}.
 *
 * <p>Below it, in import order: {@code changes.files} (how a task reads a commit's files), {@code
 * changes.derive} (matching rows by row ID), {@code changes.plan} (a range's commits, read from the
 * log). {@code ChangesTableFunction} is the plan behind SQL's {@code deltax_changes(…)}, which the
 * session extension registers; it reads through {@code spark.read.format("deltax")}.
 */
package io.deltax.changes;
