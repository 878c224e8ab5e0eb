package io.deltax.actions;

/**
 * The parts of {@code commitInfo} that deltax uses: the operation name and, on tables with
 * in-commit timestamps, the commit's timestamp (PROTOCOL.md, "In-Commit Timestamps").
 */
public record CommitInfo(String operation, Long inCommitTimestamp, Long timestamp) implements Action {}
