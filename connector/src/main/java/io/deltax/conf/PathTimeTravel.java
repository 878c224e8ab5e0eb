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

import java.time.ZoneId;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * delta-spark's time travel in a path: {@code load("/data/events@v12")}, or
 * {@code @yyyyMMddHHmmssSSS} for a time in the session's zone, read on the path before the
 * {@code @}. Only where the whole path names no directory that exists (as delta-spark's {@code
 * DeltaTableUtils.extractIfPathContainsTimeTravel}): the caller asks the file system.
 *
 * @param path the table's root, before the {@code @}
 * @param option the option this stands for, {@code versionAsOf} or {@code timestampAsOf}
 * @param given the version or time as the option would hold it, for error messages
 */
public record PathTimeTravel(String path, TimeTravel travel, String option, String given) {
  private static final Pattern VERSION_IN_PATH = Pattern.compile("(.*)@[vV](\\d+)");
  private static final Pattern TIMESTAMP_IN_PATH = Pattern.compile("(.*)@(\\d{17})");

  /** Whether {@code path} has the form of time travel; the file system decides whether it is. */
  public static boolean looksLikeTimeTravel(String path) {
    return VERSION_IN_PATH.matcher(path).matches() || TIMESTAMP_IN_PATH.matcher(path).matches();
  }

  /** The time travel in {@code path}, read in {@code zone}; empty where it has none. */
  public static Optional<PathTimeTravel> of(String path, ZoneId zone) {
    Matcher version = VERSION_IN_PATH.matcher(path);
    if (version.matches()) {
      String v = version.group(2);
      return Optional.of(
          new PathTimeTravel(
              version.group(1),
              TimeTravel.toVersion(ReadOptions.VERSION_AS_OF.parse(v)),
              ReadOptions.VERSION_AS_OF.key(),
              v));
    }
    Matcher timestamp = TIMESTAMP_IN_PATH.matcher(path);
    if (!timestamp.matches()) {
      return Optional.empty();
    }
    String t = timestamp.group(2);
    String shown =
        t.substring(0, 4)
            + "-"
            + t.substring(4, 6)
            + "-"
            + t.substring(6, 8)
            + " "
            + t.substring(8, 10)
            + ":"
            + t.substring(10, 12)
            + ":"
            + t.substring(12, 14)
            + "."
            + t.substring(14);
    return Optional.of(
        new PathTimeTravel(
            timestamp.group(1),
            TimeTravel.toTimestamp(ReadOptions.TIMESTAMP_AS_OF.parse(shown, zone), shown),
            ReadOptions.TIMESTAMP_AS_OF.key(),
            shown));
  }
}
