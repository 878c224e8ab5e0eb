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
package io.deltax.conf;

import static io.deltax.conf.ReadOptions.ENDING_TIMESTAMP;
import static io.deltax.conf.ReadOptions.ENDING_VERSION;
import static io.deltax.conf.ReadOptions.STARTING_TIMESTAMP;
import static io.deltax.conf.ReadOptions.STARTING_VERSION;

import io.deltax.errors.ChangeFeedErrors;
import java.time.ZoneId;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/**
 * What a change feed read asks for ({@code readChangeFeed = true}), checked before the log is
 * listed: the first and last version of the range, each given as a version or a timestamp, and the
 * {@code changeMode}. An end left out is the latest version.
 *
 * @param startVersion the first version, or null when {@code startTimestampMillis} is given
 * @param startTimestampMillis the first version committed at or after this time, or null
 * @param startTimestamp the start as the user wrote it, for errors, or null
 * @param endVersion the last version, or null
 * @param endTimestampMillis the last version committed at or before this time, or null
 * @param endTimestamp the end as the user wrote it, or null
 */
public record ChangeFeedRequest(
    Long startVersion,
    Long startTimestampMillis,
    String startTimestamp,
    Long endVersion,
    Long endTimestampMillis,
    String endTimestamp,
    ChangeMode mode) {

  /**
   * The range and mode the options give, checked; needs no file system. A start is not required
   * here (a stream without one starts with the snapshot); a version and a timestamp for the same
   * end conflict.
   */
  public static ChangeFeedRequest parse(CaseInsensitiveStringMap options, ZoneId zone) {
    String startVersion = options.get(STARTING_VERSION.key());
    String startTimestamp = options.get(STARTING_TIMESTAMP.key());
    String endVersion = options.get(ENDING_VERSION.key());
    String endTimestamp = options.get(ENDING_TIMESTAMP.key());
    if (startVersion != null && startTimestamp != null) {
      throw ChangeFeedErrors.conflictingOptions(STARTING_VERSION.key(), STARTING_TIMESTAMP.key());
    }
    if (endVersion != null && endTimestamp != null) {
      throw ChangeFeedErrors.conflictingOptions(ENDING_VERSION.key(), ENDING_TIMESTAMP.key());
    }
    ChangeMode mode = ReadOptions.CHANGE_MODE.from(options, zone);
    return new ChangeFeedRequest(
        STARTING_VERSION.from(options, zone),
        STARTING_TIMESTAMP.from(options, zone),
        startTimestamp,
        ENDING_VERSION.from(options, zone),
        ENDING_TIMESTAMP.from(options, zone),
        endTimestamp,
        mode);
  }

  /** Whether a start was given; without one only a stream reads (the snapshot first). */
  public boolean hasStart() {
    return startVersion != null || startTimestampMillis != null;
  }

  /** {@code changeMode}: every change of every commit, or one entry per row for the range. */
  public enum ChangeMode {
    /** delta-spark's change data feed semantics: every change of every commit in the range. */
    ALL,
    /** One entry per row ID for the whole range (the start compared with the end). */
    NET
  }
}
