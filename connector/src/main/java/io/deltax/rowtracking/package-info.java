/**
 * Row tracking (PROTOCOL.md, "Row Tracking"): the table's row tracking configuration and
 * materialized column names, where a row ID and a row commit version are computed
 * ({@code RowIdVectors}: the materialized value, else base + physical index), the row data version
 * map ({@code RowDataVersions}; stored as {@code RowDataVersionsJson}, bounded by
 * {@code RunMerges}) and where it comes from (stored, or derived from the log), and the
 * status of a table's enablement ({@code RowTrackingStatus}). Derived maps are kept per JVM in
 * {@code DerivedRowDataVersionsCache}, an {@code io.deltax.caching.BoundedLru} of a few tables.
 */
package io.deltax.rowtracking;
