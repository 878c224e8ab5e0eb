package io.deltax.changes.files;

import java.io.Serializable;

/**
 * The ways a change feed's tasks read files, each built on the driver only where a commit of the
 * range needs it, else null.
 *
 * @param withRowIds files with row IDs: their rows and their {@code (row_id, row_commit_version,
 *     row_index)}
 * @param withoutRowIds files without row IDs: their rows alone
 * @param rowIdsOnly the added files of row-tracked commits: their row IDs and commit versions alone
 * @param changeData change data files: their rows, then their {@code _change_type}
 */
public record TaskReadFunctions(ReadFunction withRowIds, ReadFunction withoutRowIds,
    ReadFunction rowIdsOnly, ReadFunction changeData) implements Serializable {}
