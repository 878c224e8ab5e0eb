package io.deltax.spark42;

import io.deltax.conf.DeltaXConf;
import io.deltax.errors.DeltaXErrors;
import java.time.Instant;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.apache.spark.sql.connector.catalog.ChangelogRange;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/**
 * A {@code ChangelogRange} as the change feed's read options. The change feed's bounds are
 * inclusive and its timestamps whole milliseconds (Delta's commit times), so exclusive bounds and
 * microsecond timestamps become the inclusive version or millisecond that selects the same commits.
 */
final class ChangelogRanges {
  private ChangelogRanges() {}

  /**
   * Spark's own keys for a changelog's range and post-processing: Spark reads them into the
   * {@code ChangelogContext}, and leaves them in the options too.
   */
  private static final Set<String> SPARK_KEYS = Set.of("startingversion", "endingversion",
      "startingtimestamp", "endingtimestamp", "startingboundinclusive", "endingboundinclusive",
      "deduplicationmode", "computeupdates");

  /**
   * The change feed's read options: the user's, but for Spark's range and post-processing keys
   * (the range is {@code range}'s, already made inclusive), and for deltax's own change feed
   * switches, which Spark's post-processing replaces here and which are refused by name.
   */
  static Map<String, String> readOptions(CaseInsensitiveStringMap options, ChangelogRange range) {
    Map<String, String> read = new HashMap<>();
    options.asCaseSensitiveMap().forEach((key, value) -> {
      String lower = key.toLowerCase(Locale.ROOT);
      if (lower.equals(DeltaXConf.CHANGE_MODE.toLowerCase(Locale.ROOT))
          || lower.equals(DeltaXConf.READ_CHANGE_FEED.toLowerCase(Locale.ROOT))) {
        throw DeltaXErrors.unsupportedOption(key, "a CHANGES query is a change feed already, "
            + "and Spark's 'deduplicationMode' = 'netChanges' gives its net changes");
      }
      if (!SPARK_KEYS.contains(lower)) {
        read.put(key, value);
      }
    });
    read.putAll(toOptions(range));
    return read;
  }

  static Map<String, String> toOptions(ChangelogRange range) {
    Map<String, String> options = new HashMap<>();
    if (range instanceof ChangelogRange.VersionRange v) {
      long start = version(DeltaXConf.STARTING_VERSION, v.startingVersion());
      options.put(DeltaXConf.STARTING_VERSION,
          Long.toString(v.startingBoundInclusive() ? start : start + 1));
      v.endingVersion().ifPresent(e -> {
        long end = version(DeltaXConf.ENDING_VERSION, e);
        options.put(DeltaXConf.ENDING_VERSION, Long.toString(v.endingBoundInclusive() ? end : end - 1));
      });
    } else if (range instanceof ChangelogRange.TimestampRange t) {
      // A commit at millisecond m is at or after micros s when m * 1000 >= s, after it when >.
      long s = t.startingTimestamp();
      long startMillis = t.startingBoundInclusive() ? ceilMillis(s) : Math.floorDiv(s, 1000L) + 1;
      options.put(DeltaXConf.STARTING_TIMESTAMP, Instant.ofEpochMilli(startMillis).toString());
      t.endingTimestamp().ifPresent(e -> {
        long endMillis = t.endingBoundInclusive() ? Math.floorDiv(e, 1000L) : ceilMillis(e) - 1;
        options.put(DeltaXConf.ENDING_TIMESTAMP, Instant.ofEpochMilli(endMillis).toString());
      });
    } else {
      // Unbounded: the whole history the log still holds starts at version 0 only when no
      // clean-up removed it; an older start is refused by name (DELTAX_CHANGE_RANGE_NOT_AVAILABLE).
      options.put(DeltaXConf.STARTING_VERSION, "0");
    }
    return options;
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
