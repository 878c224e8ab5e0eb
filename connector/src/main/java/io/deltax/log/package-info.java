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
 * A table's transaction log. {@link io.deltax.log.TransactionLog} is a facade bound to one listing
 * of {@code _delta_log} ({@link io.deltax.log.LogListing}, file names in {@link
 * io.deltax.log.LogFileName}) that hands each question to the class that answers it: {@code
 * SnapshotReconstruction} picks the files that rebuild a version ({@link
 * io.deltax.log.LogSegment}), has them read ({@link io.deltax.log.LogFiles}: commit lines, Parquet
 * files, the thread pool for long runs of commits) and replays their actions ({@link
 * io.deltax.log.LogReplay}, PROTOCOL.md "Action Reconciliation") into a {@link
 * io.deltax.log.Snapshot}, dated by {@code CommitTimestamps}; {@code SnapshotAdvance} advances a
 * snapshot read earlier by the commits a new listing shows after it ({@code Snapshot.withCommits}),
 * or refuses where a full load is needed; {@code VersionResolver} turns a time into a version
 * ({@link io.deltax.log.CommitTimeline}, for {@code timestampAsOf} and a {@code
 * startingTimestamp}); {@link io.deltax.log.TableHistory} tells the history of the commits still
 * there ({@link io.deltax.log.CommitSummary}), from the oldest version the log can rebuild, and
 * {@link io.deltax.log.CommitHistory} the newest commits' {@code commitInfo}, dated as {@code
 * DESCRIBE HISTORY} dates them. A snapshot keeps its active files compactly, one byte array per
 * file ({@link io.deltax.log.CompactFileList}, written by {@link io.deltax.log.FileListEncoder}).
 * Keeping snapshots between loads is {@code io.deltax.snapshots}' job.
 *
 * <p>Checkpoints are read and written side by side: {@link io.deltax.log.Checkpoint}, {@link
 * io.deltax.log.CheckpointReader}, {@link io.deltax.log.CheckpointWriter}, {@link
 * io.deltax.log.LastCheckpointHint}. They live here rather than in a sub-package because the writer
 * writes a {@code Snapshot} and {@code TransactionLog} reads checkpoints: a sub-package would both
 * import this one and be imported by it. A checkpoint file is published whole, as commits are, by
 * {@link io.deltax.log.LogFilePublisher}: put-if-absent chosen per store ({@code
 * PutIfAbsentMethod}; S3A's conditional create in {@code S3AConditionalCreate}, checked once per S3
 * or GCS store by {@code PutIfAbsentProbeCache}; what a store's failure means in {@code
 * StoreFailures}), refused where it cannot be had. {@code _last_checkpoint}, only a hint, is
 * replaced instead, the last writer winning ({@link io.deltax.log.HintFileWriter}). Both stage a
 * file beside its target where the store publishes by a link or a rename ({@code TemporaryFiles});
 * on Hadoop's local file system its files are created without Hadoop's {@code create} ({@code
 * LocalFileWrites}). A checkpoint that cannot be read all the same is passed over with a warning
 * for the previous one or the commits ({@code SnapshotReconstruction}).
 *
 * <p>Not here: the actions' fields and their JSON and Parquet forms ({@code io.deltax.actions});
 * writing commits ({@code io.deltax.log.write}); what row tracking reads into the log ({@code
 * io.deltax.rowtracking}).
 */
package io.deltax.log;
