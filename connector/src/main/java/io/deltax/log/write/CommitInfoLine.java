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
package io.deltax.log.write;

import io.deltax.actions.ActionJson;
import io.deltax.log.Snapshot;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;

/**
 * A commit's {@code commitInfo} line, first in the commit, and the commit timestamp it states.
 *
 * @param timestamp the in-commit timestamp where the table has them, else the wall clock
 */
public record CommitInfoLine(String json, long timestamp) {

  /**
   * The {@code commitInfo} of a deltax commit on top of {@code snapshot}. Where in-commit
   * timestamps are enabled it carries one, later than the previous commit's (PROTOCOL.md,
   * "In-Commit Timestamps").
   */
  public static CommitInfoLine of(
      Snapshot snapshot, String operation, Map<String, String> parameters, String engineInfo) {
    return of(snapshot, operation, parameters, Map.of(), engineInfo);
  }

  /**
   * As {@link #of(Snapshot, String, Map, String)}, with commit {@code tags} that other writers'
   * conflict checks read (delta-spark's {@code DeltaCommitTag}s); none are written if empty.
   */
  public static CommitInfoLine of(
      Snapshot snapshot,
      String operation,
      Map<String, String> parameters,
      Map<String, String> tags,
      String engineInfo) {
    long now = System.currentTimeMillis();
    Map<String, Object> info = new LinkedHashMap<>();
    if (snapshot.properties().inCommitTimestampsEnabled()) {
      long ict = Math.max(now, snapshot.timestamp() + 1);
      info.put("inCommitTimestamp", ict);
      now = ict;
    }
    info.put("timestamp", now);
    info.put("operation", operation);
    info.put("operationParameters", parameters);
    info.put("readVersion", snapshot.version());
    info.put("isolationLevel", "SnapshotIsolation");
    info.put("isBlindAppend", false);
    info.put("operationMetrics", Map.of());
    if (!tags.isEmpty()) {
      info.put("tags", tags);
    }
    info.put("engineInfo", engineInfo);
    info.put("txnId", UUID.randomUUID().toString());
    return new CommitInfoLine(ActionJson.commitInfoJson(info), now);
  }
}
