/**
 * Where a commit is written: {@code CommitWriter} publishes {@code N.json} put-if-absent on every
 * store, {@code CommitInfoLine} makes its {@code commitInfo}, and {@code CheckpointWriter} writes
 * classic and V2 checkpoints of a snapshot. Used by the backfill and the procedures; readers never
 * write.
 */
package io.deltax.log.write;
