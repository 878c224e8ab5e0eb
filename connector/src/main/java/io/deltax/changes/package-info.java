/**
 * The change feed, derived from row tracking (PROTOCOL.md, "Row Tracking"): which rows a range of
 * commits inserted, updated (with pre-images) and deleted, without Change Data Feed files. Those
 * are read where a commit wrote some and has no row IDs to match (before row tracking), or where
 * the read needs no row ID ({@link io.deltax.changes.CommitChanges#asRecorded}): they hold only
 * the changed rows, as PROTOCOL.md's "Add CDC File" asks readers to use them.
 *
 * <p>{@link io.deltax.changes.ChangeRangePlanner} resolves a range's
 * {@link io.deltax.changes.ChangeBounds} (versions, end snapshot; no commit of the range opened),
 * then, when a batch scan plans, reads the range's commits (and no data file) into
 * {@link io.deltax.changes.CommitChanges}: per commit with a data change, the files it removed (as
 * they were before it, deletion vector included) and the files it added, or, before row tracking,
 * the change data files it wrote. Commits with
 * {@code dataChange = false} (row tracking backfills, OPTIMIZE, property changes) contribute
 * nothing; {@link io.deltax.changes.RangeSchemas} checks that the range's last schema can read
 * every row it holds. {@link io.deltax.changes.CommitChangeDeriver} matches one commit's removed and added rows
 * by row ID; {@link io.deltax.changes.NetChanges} collapses a range to one entry per row ID.
 *
 * <p>Not here: reading the files (the read path implements {@link io.deltax.changes.FileRows} with
 * Spark's Parquet reader) and the DataSource V2 classes ({@code io.deltax.read.ChangeFeedTable}).
 * This package imports the log, the actions, the protocol, column mapping, the conf and the
 * errors, nothing above.
 */
package io.deltax.changes;
