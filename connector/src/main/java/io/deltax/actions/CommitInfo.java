package io.deltax.actions;

import static io.deltax.actions.FieldType.LONG;
import static io.deltax.actions.FieldType.STRING;

/**
 * The parts of {@code commitInfo} that deltax uses: the operation name and, on tables with
 * in-commit timestamps, the commit's timestamp (PROTOCOL.md, "In-Commit Timestamps"). deltax
 * writes its own {@code commitInfo} with more fields ({@code io.deltax.log.write.CommitInfoLine}).
 */
public record CommitInfo(String operation, Long inCommitTimestamp, Long timestamp) implements Action {

  public static final ActionSchema<CommitInfo> SCHEMA = ActionSchema.builder(CommitInfo.class, "commitInfo")
      .field("inCommitTimestamp", LONG, CommitInfo::inCommitTimestamp)
      .field("timestamp", LONG, CommitInfo::timestamp)
      .field("operation", STRING, CommitInfo::operation)
      .build(v -> new CommitInfo(v.string("operation"), v.int64("inCommitTimestamp"), v.int64("timestamp")));
}
