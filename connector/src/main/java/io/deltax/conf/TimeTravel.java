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

import java.time.Instant;
import java.time.temporal.ChronoUnit;

/**
 * Which version of a table a read asks for: the latest, a version ({@code versionAsOf}, {@code
 * VERSION AS OF}, {@code path@v12}) or the version current at a time ({@code timestampAsOf}, {@code
 * TIMESTAMP AS OF}, {@code path@yyyyMMddHHmmssSSS}). Parsed where the load starts, before the log
 * is listed, so a malformed value costs nothing.
 */
public sealed interface TimeTravel {
  TimeTravel LATEST = new Latest();

  /** The latest version. */
  record Latest() implements TimeTravel {}

  /** The table as of {@code version}. */
  record AtVersion(long version) implements TimeTravel {}

  /**
   * The newest version committed at or before {@code timestampMillis} (epoch milliseconds).
   *
   * @param shown the time as the user wrote it, for error messages
   */
  record AsOf(long timestampMillis, String shown) implements TimeTravel {}

  static TimeTravel toVersion(long version) {
    return new AtVersion(version);
  }

  static TimeTravel toTimestamp(long millis, String shown) {
    return new AsOf(millis, shown);
  }

  /**
   * Spark's {@code TIMESTAMP AS OF}, in microseconds since the epoch: the commits are stamped in
   * whole milliseconds, so a commit is at or before it where its millisecond is at or before the
   * microsecond's.
   */
  static TimeTravel toMicros(long micros) {
    return new AsOf(
        Math.floorDiv(micros, 1000L), Instant.EPOCH.plus(micros, ChronoUnit.MICROS).toString());
  }
}
