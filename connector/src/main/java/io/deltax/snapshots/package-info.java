/**
 * Where a load gets its snapshot: {@link io.deltax.snapshots.SnapshotSource}, one table's
 * source (its root, the load's Hadoop configuration, the session's cache settings) that reads,
 * streams, procedures and the CLI ask for the latest version or a {@code TimeTravel}; and
 * {@link io.deltax.snapshots.SnapshotCache}, the JVM's cache of each table's latest snapshot
 * (keyed by the table's qualified root, checked against the table's id, refreshed by reading
 * only the new commits, bounded by a number of files, least recently used evicted first: an
 * {@code io.deltax.caching.BoundedLru} weighed again on each load).
 *
 * <p>Not here: how a snapshot is rebuilt or advanced by new commits ({@code io.deltax.log});
 * the row data version maps derived from a log, which {@code io.deltax.rowtracking} keeps in its
 * own cache ({@code DerivedRowDataVersionsCache}).
 */
package io.deltax.snapshots;
