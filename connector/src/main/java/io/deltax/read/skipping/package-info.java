/**
 * Which files of a scan can hold rows its filters accept. {@link
 * io.deltax.read.skipping.DataSkipping} is the scan's one entry point, built once when Spark
 * pushes the filters: it says which filters deltax uses, which it evaluates exactly (partition
 * filters, reported complete to Spark) and whether a file may match. {@code FileBounds} says what
 * a file tells about a column (partition value, {@code stats}, row ID range, footer, data-version
 * bound); {@code FilterEvaluator} whether a filter can hold on those bounds; {@code FilteredColumnStats}
 * parses the statistics of only the columns the filters name; {@code SnapshotColumnBounds} keeps them with
 * the snapshot, so a cached snapshot's files are parsed once, not once per query.
 *
 * <p>Not here: the rows' own filtering, which Spark (or the Parquet reader's row-group filters)
 * does; partition values' serialization ({@code io.deltax.partitions.PartitionValues}); the row data
 * version map ({@code io.deltax.rowtracking}).
 */
package io.deltax.read.skipping;
