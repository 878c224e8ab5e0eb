/*
 * Copyright 2026 The deltax Authors
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *     http://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
package io.deltax.actions;

import static io.deltax.actions.FieldType.LONG;
import static io.deltax.actions.FieldType.STRING;
import static io.deltax.actions.FieldType.STRING_MAP;

import java.util.Map;

/**
 * The parts of {@code commitInfo} that deltax uses: the operation name and its metrics (empty where
 * the commit has none; the change feed skips a MERGE that changed no row, as delta-spark's does),
 * its tags (empty where it has none) and, on tables with in-commit timestamps, the commit's
 * timestamp (PROTOCOL.md, "In-Commit Timestamps"). deltax writes its own {@code commitInfo} with
 * more fields ({@code io.deltax.log.write.CommitInfoLine}).
 */
public record CommitInfo(
    String operation,
    Map<String, String> operationMetrics,
    Long inCommitTimestamp,
    Long timestamp,
    Map<String, String> tags)
    implements Action {

  /** The tag a writer sets to {@code false} when the commit did not keep its rows' row IDs. */
  public static final String ROW_TRACKING_PRESERVED_TAG = "delta.rowTracking.preserved";

  public static final ActionSchema<CommitInfo> SCHEMA =
      ActionSchema.builder(CommitInfo.class, "commitInfo")
          .field("inCommitTimestamp", LONG, CommitInfo::inCommitTimestamp)
          .field("timestamp", LONG, CommitInfo::timestamp)
          .field("operation", STRING, CommitInfo::operation)
          .field("operationMetrics", STRING_MAP, CommitInfo::operationMetrics, Map.of())
          .field("tags", STRING_MAP, CommitInfo::tags, Map.of())
          .build(
              v ->
                  new CommitInfo(
                      v.string("operation"),
                      v.map("operationMetrics"),
                      v.int64("inCommitTimestamp"),
                      v.int64("timestamp"),
                      v.map("tags")));

  /**
   * Whether the commit says it did not keep the row IDs of the rows it updated or copied: its tag
   * {@value #ROW_TRACKING_PRESERVED_TAG} is {@code false} (delta-spark's {@code
   * DeltaCommitTag.PreservedRowTrackingTag}; PROTOCOL.md on delta-io/delta's main branch, "Row
   * Tracking", writer requirements). delta-spark sets it so on a transaction that began before row
   * tracking was enabled and committed after ({@code ConflictChecker}): it wrote its rows without
   * their row IDs. A commit without the tag is taken as keeping them: delta-spark tags {@code true}
   * every UPDATE, DELETE, MERGE and OPTIMIZE on a table with row tracking, and the commits it
   * leaves untagged (appends, RESTORE, other engines' writes) must keep row IDs (PROTOCOL.md, "Row
   * IDs").
   */
  public boolean rowTrackingNotPreserved() {
    return "false".equalsIgnoreCase(tags.get(ROW_TRACKING_PRESERVED_TAG));
  }
}
