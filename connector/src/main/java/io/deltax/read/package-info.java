/**
 * The DataSource V2 read chain, followed by name: {@code DeltaXDataSource} → {@code DeltaXTable} →
 * {@code DeltaXScanBuilder} → {@code DeltaXScan} → {@code DeltaXReaderFactory} (splits of files,
 * read by Spark's vectorized Parquet reader through {@code SparkParquet}, the one touch point with
 * that internal reader; {@code SplitFirstRow}, the row index a split's counted indexes start at).
 * Pruning and skipping are in {@code read.skipping}; the {@code _metadata}
 * column in {@code read.metadata}. With {@code readChangeFeed = true} the chain is
 * {@code ChangeFeedTable} → {@code ChangeFeedScanBuilder} → {@code ChangeFeedScan} →
 * {@code ChangeFeedReaderFactory}, which reads the files of a range's commits
 * ({@code ChangeFileReader}: by batches in {@code LiveRowsByBatch}, by rows in
 * {@code LiveRowsByRow}) for {@code io.deltax.changes} to match by row ID. {@code readStream}:
 * both scans hand Spark a stream of {@code io.deltax.streaming}, found as the service
 * {@code MicroBatchStreams} (that package sits above this one), which reads each micro-batch
 * through {@code StreamBatches}. {@code ChangeFeedTable}
 * is public for the Spark 4.2 module ({@code io.deltax.spark42}), which wraps it as Spark's
 * {@code Changelog}; the rest of the chain stays package-private.
 */
package io.deltax.read;
