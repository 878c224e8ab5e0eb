/**
 * The row tracking backfill (PROTOCOL.md, "Row Tracking", "Writer Requirements for Row
 * Tracking"): plans batches of files ({@code PendingFile}: the files still without row IDs, in
 * order), commits them put-if-absent through {@code io.deltax.log.write}, enables row tracking
 * ({@code RowTrackingEnablement}: what each step writes), and stores the row data version map
 * ({@code RowDataVersionDomain}, {@code RowDataVersionPreservation}).
 */
package io.deltax.backfill;
