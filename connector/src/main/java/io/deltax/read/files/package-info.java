/**
 * How a data file is split and read, for the batch scan, the change feed and the streams alike:
 * {@code FileSplitter} cuts files into {@code FileSplit}s and groups them into tasks
 * ({@code DeltaXInputPartition}); {@code SparkParquet} is the one touch point with Spark's internal
 * vectorized Parquet reader, with {@code FieldIdLookup} for column mapping's id mode in its
 * row-based reader; {@code SplitFirstRow} is the row index a split's counted indexes start at;
 * {@code Schemas} holds the small schema operations the scans share.
 */
package io.deltax.read.files;
