/**
 * Writing commits: {@link io.deltax.log.write.CommitWriter} publishes {@code N.json} only if no
 * other writer did (put-if-absent on each kind of store), and
 * {@link io.deltax.log.write.CommitInfoLine} makes the {@code commitInfo} line a deltax commit
 * starts with. The actions' lines come from {@code io.deltax.actions.ActionJson}.
 *
 * <p>Not here: checkpoints, written beside their reader in {@code io.deltax.log}
 * ({@code CheckpointWriter}); what a backfill commits ({@code io.deltax.backfill}).
 */
package io.deltax.log.write;
