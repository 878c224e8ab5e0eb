/**
 * Writing commits: {@link io.deltax.log.write.CommitWriter} publishes {@code N.json} only if no
 * other writer did, through {@link io.deltax.log.LogFilePublisher} (put-if-absent on each kind
 * of store: a link or rename of a hidden temporary file, or one conditional upload; refused,
 * before anything is written, where the store cannot do it; checkpoints are published the same
 * way), and
 * {@link io.deltax.log.write.CommitInfoLine} makes the {@code commitInfo} line a deltax commit
 * starts with. The actions' lines come from {@code io.deltax.actions.ActionJson}.
 *
 * <p>Not here: checkpoints' contents, written beside their reader in {@code io.deltax.log}
 * ({@code CheckpointWriter}); what a backfill commits ({@code io.deltax.backfill}).
 */
package io.deltax.log.write;
