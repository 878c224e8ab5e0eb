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
 * The batch scan, the DataSource V2 read chain followed by name: {@code DeltaXTable} → {@code
 * DeltaXScanBuilder} → {@code DeltaXScan} → {@code DeltaXReaderFactory}. The builder takes Spark's
 * pushed columns, filters, aggregates and limits (answered in {@code read.pushdown}); the scan
 * prunes, skips and splits the snapshot's files: {@code ScanColumns} are the columns it reads and
 * outputs, {@code ScanInputs} its candidate files and {@code _metadata} read plan, {@code
 * ScanSplits} its tasks; {@code ScanPartitioning} whether it reports its rows grouped by partition
 * (storage-partitioned joins) and its tasks' layout then; {@code RowTrackingFiles} checks that the
 * files carry what {@code _metadata} needs.
 *
 * <p>Below it: {@code read.files} (splits, Spark's Parquet reader), {@code read.metadata} (the
 * {@code _metadata} column), {@code read.skipping} (pruning and data skipping), {@code
 * read.pushdown} (aggregates, limits and statistics from the log), {@code read.runtime} (runtime
 * filters from joins), {@code read.metrics} (the Spark UI's metrics). {@code readStream}: the scan
 * hands Spark a stream of {@link io.deltax.read.FileStreams}, which the load passes in ({@code
 * io.deltax.catalog}); the stream reads each micro-batch through {@code
 * DeltaXScanBuilder.streamBatch}. Nothing here imports the change feed or the streams.
 */
package io.deltax.read;
