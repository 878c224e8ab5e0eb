/**
 * How a change feed task reads a commit's files, as {@code changes.derive} consumes them
 * ({@link io.deltax.changes.derive.FileRows}). {@link io.deltax.changes.files.ChangeFileReader}
 * opens one {@code ChangeFile} with the {@link io.deltax.changes.files.ReadFunction} built for its
 * kind on the driver ({@link io.deltax.changes.files.TaskReadFunctions}): Spark's Parquet read
 * function, the {@code _metadata} read plan and deletion vectors. The live rows come by batches
 * ({@code LiveRowsByBatch}) or by rows ({@code LiveRowsByRow}); change data files' rows with their
 * recorded change type ({@code RecordedChangeRows}).
 */
package io.deltax.changes.files;
