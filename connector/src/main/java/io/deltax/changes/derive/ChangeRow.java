package io.deltax.changes.derive;

import org.apache.spark.sql.catalyst.InternalRow;

/**
 * One row of the change feed before its output columns are put together.
 *
 * @param row as {@link FileRows} read it: the read columns, then (for files with row IDs) the
 *     {@code (row_id, row_commit_version)} struct
 */
public record ChangeRow(InternalRow row, ChangeType type, long version, long timestampMillis) {}
