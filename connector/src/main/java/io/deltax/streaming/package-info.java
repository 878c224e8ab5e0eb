/**
 * Structured Streaming: {@code spark.readStream.format("deltax")}. {@code DeltaXMicroBatchStream}
 * streams a table's snapshot, then the files every later commit adds, as delta-spark's source;
 * {@code ChangeFeedMicroBatchStream} streams the change feed of {@code io.deltax.changes} commit by
 * commit. What both do alike is in their base {@code LogMicroBatchStream}; what they do where log
 * clean-up removed commits ({@code failOnDataLoss}) in {@code MissingCommits}. Offsets are
 * {@code DeltaXSourceOffset} JSON; {@code StreamFiles} decides which files a micro-batch admits and
 * which commits it skips or refuses. The commits a stream read recently are kept per stream in
 * {@code io.deltax.caching.BoundedLru}s ({@code StreamFiles}, {@code CommitActionsCache}).
 *
 * <p>Beside {@code io.deltax.read} in the layout: it imports the read chain (micro-batches are read
 * through {@code read.StreamBatches}), {@code changes}, {@code snapshots} and {@code log}; nothing
 * below imports it. The scans reach it as the service {@code read.MicroBatchStreams}.
 */
package io.deltax.streaming;
