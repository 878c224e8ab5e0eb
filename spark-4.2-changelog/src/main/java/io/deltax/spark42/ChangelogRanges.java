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
package io.deltax.spark42;

import static io.deltax.conf.ReadOptions.ENDING_VERSION;
import static io.deltax.conf.ReadOptions.STARTING_VERSION;

import io.deltax.conf.ChangeFeedRequest;
import io.deltax.conf.ChangeFeedRequest.ChangeMode;
import io.deltax.conf.ReadOptions;
import io.deltax.errors.DeltaXErrors;
import java.time.Instant;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.apache.spark.sql.connector.catalog.ChangelogRange;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/**
 * A {@code ChangelogRange} as the change feed's range, typed. The change feed's bounds are
 * inclusive and its timestamps whole milliseconds (Delta's commit times), so exclusive bounds and
 * microsecond timestamps become the inclusive version or millisecond that selects the same commits.
 */
final class ChangelogRanges {
  private ChangelogRanges() {}

  /**
   * Spark's own keys for a changelog's range and post-processing: Spark reads them into the {@code
   * ChangelogContext}, and leaves them in the options too.
   */
  private static final Set<String> SPARK_KEYS =
      Set.of(
          "startingversion",
          "endingversion",
          "startingtimestamp",
          "endingtimestamp",
          "startingboundinclusive",
          "endingboundinclusive",
          "deduplicationmode",
          "computeupdates");

  /**
   * The change feed's read options: the user's, but for Spark's range and post-processing keys (the
   * range is {@link #toRequest}'s, made inclusive), and for deltax's own change feed switches,
   * which Spark's post-processing replaces here and which are refused by name.
   */
  static Map<String, String> readOptions(CaseInsensitiveStringMap options) {
    Map<String, String> read = new HashMap<>();
    options
        .asCaseSensitiveMap()
        .forEach(
            (key, value) -> {
              String lower = key.toLowerCase(Locale.ROOT);
              if (lower.equals(ReadOptions.CHANGE_MODE.key().toLowerCase(Locale.ROOT))
                  || lower.equals(ReadOptions.READ_CHANGE_FEED.key().toLowerCase(Locale.ROOT))) {
                throw DeltaXErrors.unsupportedOption(
                    key,
                    "a CHANGES query is a change feed already, "
                        + "and Spark's 'deduplicationMode' = 'netChanges' gives its net changes");
              }
              if (!SPARK_KEYS.contains(lower)) {
                read.put(key, value);
              }
            });
    return read;
  }

  /** {@code range} as the change feed's range, inclusive, in mode {@code all}. */
  static ChangeFeedRequest toRequest(ChangelogRange range) {
    if (range instanceof ChangelogRange.VersionRange v) {
      long start = version(STARTING_VERSION.key(), v.startingVersion());
      Long end =
          v.endingVersion()
              .map(
                  e -> {
                    long given = version(ENDING_VERSION.key(), e);
                    return checked(
                        ENDING_VERSION.key(), v.endingBoundInclusive() ? given : given - 1);
                  })
              .orElse(null);
      return new ChangeFeedRequest(
          checked(STARTING_VERSION.key(), v.startingBoundInclusive() ? start : start + 1),
          null,
          null,
          end,
          null,
          null,
          ChangeMode.ALL);
    }
    if (range instanceof ChangelogRange.TimestampRange t) {
      // A commit at millisecond m is at or after micros s when m * 1000 >= s, after it when >.
      long s = t.startingTimestamp();
      long startMillis = t.startingBoundInclusive() ? ceilMillis(s) : Math.floorDiv(s, 1000L) + 1;
      Long endMillis =
          t.endingTimestamp()
              .map(e -> t.endingBoundInclusive() ? Math.floorDiv(e, 1000L) : ceilMillis(e) - 1)
              .orElse(null);
      return new ChangeFeedRequest(
          null,
          startMillis,
          Instant.ofEpochMilli(startMillis).toString(),
          null,
          endMillis,
          endMillis == null ? null : Instant.ofEpochMilli(endMillis).toString(),
          ChangeMode.ALL);
    }
    // Unbounded: the whole history the log still holds starts at version 0 only when no
    // clean-up removed it; an older start is refused by name (DELTAX_CHANGE_RANGE_NOT_AVAILABLE).
    return new ChangeFeedRequest(0L, null, null, null, null, null, ChangeMode.ALL);
  }

  /** A bound made inclusive, refused as the option would refuse it where it is below 0. */
  private static long checked(String bound, long version) {
    if (version < 0) {
      throw DeltaXErrors.badOption(
          bound,
          Long.toString(version),
          "a table version, a whole number from 0 to " + Long.MAX_VALUE);
    }
    return version;
  }

  private static long ceilMillis(long micros) {
    return -Math.floorDiv(-micros, 1000L);
  }

  private static long version(String bound, String given) {
    try {
      return Long.parseLong(given.trim());
    } catch (NumberFormatException e) {
      throw DeltaXErrors.badOption(bound, given, "a table version (a whole number)");
    }
  }
}
