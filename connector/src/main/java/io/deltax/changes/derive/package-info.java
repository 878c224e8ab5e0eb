/**
 * Change rows derived from one commit's files. {@link io.deltax.changes.derive.CommitChangeDeriver}
 * matches a commit's removed and added rows by row ID (inserts, updates with pre-images, deletes);
 * {@link io.deltax.changes.derive.CommitSlice} deals a large commit's files to several tasks;
 * {@link io.deltax.changes.derive.NetChanges} collapses a range to one entry per row ID;
 * {@link io.deltax.changes.derive.ChangeFeedColumns} names the columns a change feed adds, as
 * delta-spark names them.
 *
 * <p>Rows come through {@link io.deltax.changes.derive.FileRows}, which {@code changes.files}
 * implements with Spark's Parquet reader: nothing here opens a file.
 */
package io.deltax.changes.derive;
