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
 * Structured Streaming: {@code spark.readStream.format("deltax")}. {@code DeltaXMicroBatchStream}
 * streams a table's snapshot, then the files every later commit adds, as delta-spark's source;
 * {@code ChangeFeedMicroBatchStream} streams the change feed of {@code io.deltax.changes} commit by
 * commit. What both do alike is in their base {@code LogMicroBatchStream}; what they do where log
 * clean-up removed commits ({@code failOnDataLoss}) in {@code MissingCommits}. Offsets are {@code
 * DeltaXSourceOffset} JSON; {@code StreamFiles} decides which files a micro-batch admits and which
 * commits it skips or refuses. The commits a stream read recently are kept per stream in {@code
 * io.deltax.caching.BoundedLru}s ({@code StreamFiles}, {@code CommitActionsCache}).
 *
 * <p>Above {@code io.deltax.read} and {@code io.deltax.changes} in the layout: it implements their
 * {@code FileStreams} and {@code ChangeStreams} ({@code DeltaXStreams}), which the load ({@code
 * io.deltax.catalog}) hands to the tables, and reads each micro-batch through {@code
 * DeltaXScanBuilder.streamBatch} and {@code ChangeFeedScan.streamBatch}. Nothing below imports it.
 */
package io.deltax.streaming;
