package io.deltax.actions;

import static io.deltax.actions.FieldType.LONG;
import static io.deltax.actions.FieldType.STRING;
import static io.deltax.actions.FieldType.STRING_MAP;

import java.util.Map;

/**
 * The parts of {@code commitInfo} that deltax uses: the operation name and its metrics (empty
 * where the commit has none; the change feed skips a MERGE that changed no row, as delta-spark's
 * does) and, on tables with in-commit timestamps, the commit's timestamp (PROTOCOL.md, "In-Commit
 * Timestamps"). deltax writes its own {@code commitInfo} with more fields
 * ({@code io.deltax.log.write.CommitInfoLine}).
 */
public record CommitInfo(String operation, Map<String, String> operationMetrics, Long inCommitTimestamp,
    Long timestamp) implements Action {

  public static final ActionSchema<CommitInfo> SCHEMA = ActionSchema.builder(CommitInfo.class, "commitInfo")
      .field("inCommitTimestamp", LONG, CommitInfo::inCommitTimestamp)
      .field("timestamp", LONG, CommitInfo::timestamp)
      .field("operation", STRING, CommitInfo::operation)
      .field("operationMetrics", STRING_MAP, CommitInfo::operationMetrics, Map.of())
      .build(v -> new CommitInfo(v.string("operation"), v.map("operationMetrics"), v.int64("inCommitTimestamp"),
          v.int64("timestamp")));
}
