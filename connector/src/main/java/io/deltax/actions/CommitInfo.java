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

import static io.deltax.actions.FieldType.BOOLEAN;
import static io.deltax.actions.FieldType.LONG;
import static io.deltax.actions.FieldType.STRING;
import static io.deltax.actions.FieldType.STRING_MAP;

import java.util.Map;

/**
 * The {@code commitInfo} of a commit: what PROTOCOL.md leaves to writers ("Commit Provenance
 * Information"), as delta-spark writes it and its {@code DESCRIBE HISTORY} shows it. deltax uses
 * the operation name and its metrics (the change feed skips a MERGE that changed no row, as
 * delta-spark's does), the tags and, on tables with in-commit timestamps, the commit's timestamp
 * (PROTOCOL.md, "In-Commit Timestamps"); {@code CALL table_history} shows the rest. A field the
 * commit does not have is null, but {@code operationParameters} and {@code tags}, which are empty;
 * {@code operationMetrics} is null where absent and empty where written empty, as delta-spark's
 * history tells the two apart. deltax writes its own {@code commitInfo} ({@code
 * io.deltax.log.write.CommitInfoLine}).
 *
 * @param operationParameters each value as the log wrote it: a JSON string's text, or a number's or
 *     boolean's JSON text (delta-spark's history shows them so); an object or array is null
 */
public record CommitInfo(
    Long inCommitTimestamp,
    Long timestamp,
    String userId,
    String userName,
    String operation,
    Map<String, String> operationParameters,
    Job job,
    Notebook notebook,
    String clusterId,
    Long readVersion,
    String isolationLevel,
    Boolean isBlindAppend,
    Map<String, String> operationMetrics,
    String userMetadata,
    Map<String, String> tags,
    String engineInfo)
    implements Action {

  /** The job that made the commit, where its writer ran in one (delta-spark's {@code JobInfo}). */
  public record Job(
      String jobId,
      String jobName,
      String jobRunId,
      String runId,
      String jobOwnerId,
      String triggerType) {
    static final ActionSchema<Job> SCHEMA =
        ActionSchema.builder(Job.class, "job")
            .field("jobId", STRING, Job::jobId)
            .field("jobName", STRING, Job::jobName)
            .field("jobRunId", STRING, Job::jobRunId)
            .field("runId", STRING, Job::runId)
            .field("jobOwnerId", STRING, Job::jobOwnerId)
            .field("triggerType", STRING, Job::triggerType)
            .build(
                v ->
                    new Job(
                        v.string("jobId"),
                        v.string("jobName"),
                        v.string("jobRunId"),
                        v.string("runId"),
                        v.string("jobOwnerId"),
                        v.string("triggerType")));
  }

  /** The notebook that made the commit (delta-spark's {@code NotebookInfo}). */
  public record Notebook(String notebookId) {
    static final ActionSchema<Notebook> SCHEMA =
        ActionSchema.builder(Notebook.class, "notebook")
            .field("notebookId", STRING, Notebook::notebookId)
            .build(v -> new Notebook(v.string("notebookId")));
  }

  /** The {@code commitInfo} of a commit that has none: every field absent. */
  public static final CommitInfo NONE =
      new CommitInfo(
          null, null, null, null, null, Map.of(), null, null, null, null, null, null, null, null,
          Map.of(), null);

  /** The tag a writer sets to {@code false} when the commit did not keep its rows' row IDs. */
  public static final String ROW_TRACKING_PRESERVED_TAG = "delta.rowTracking.preserved";

  public static final ActionSchema<CommitInfo> SCHEMA =
      ActionSchema.builder(CommitInfo.class, "commitInfo")
          .field("inCommitTimestamp", LONG, CommitInfo::inCommitTimestamp)
          .field("timestamp", LONG, CommitInfo::timestamp)
          .field("userId", STRING, CommitInfo::userId)
          .field("userName", STRING, CommitInfo::userName)
          .field("operation", STRING, CommitInfo::operation)
          .field("operationParameters", STRING_MAP, CommitInfo::operationParameters, Map.of())
          .struct(Job.SCHEMA, CommitInfo::job)
          .struct(Notebook.SCHEMA, CommitInfo::notebook)
          .field("clusterId", STRING, CommitInfo::clusterId)
          .field("readVersion", LONG, CommitInfo::readVersion)
          .field("isolationLevel", STRING, CommitInfo::isolationLevel)
          .field("isBlindAppend", BOOLEAN, CommitInfo::isBlindAppend)
          .field("operationMetrics", STRING_MAP, CommitInfo::operationMetrics)
          .field("userMetadata", STRING, CommitInfo::userMetadata)
          .field("tags", STRING_MAP, CommitInfo::tags, Map.of())
          .field("engineInfo", STRING, CommitInfo::engineInfo)
          .build(
              v ->
                  new CommitInfo(
                      v.int64("inCommitTimestamp"),
                      v.int64("timestamp"),
                      v.string("userId"),
                      v.string("userName"),
                      v.string("operation"),
                      v.map("operationParameters"),
                      v.struct("job"),
                      v.struct("notebook"),
                      v.string("clusterId"),
                      v.int64("readVersion"),
                      v.string("isolationLevel"),
                      v.bool("isBlindAppend"),
                      v.map("operationMetrics"),
                      v.string("userMetadata"),
                      v.map("tags"),
                      v.string("engineInfo")));

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
