/**
 * The transaction log of one table: listing {@code _delta_log} ({@code LogListing}), the segment of
 * a version (newest checkpoint plus the commits after it), replay ({@code LogReplay}, checked line
 * by line against PROTOCOL.md "Action Reconciliation"), snapshots, history and time travel. Reads
 * files; writes none (see {@code io.deltax.log.write}). Knows nothing of Spark's read path.
 */
package io.deltax.log;
