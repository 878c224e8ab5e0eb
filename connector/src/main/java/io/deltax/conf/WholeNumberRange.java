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

import io.deltax.errors.WriteErrors;
import java.math.BigDecimal;

/**
 * The range of a whole-number setting of deltax's writers, one answer for the {@code CALL}
 * argument, the session conf and the {@code bin/deltax} flag that set it. A value outside it is
 * refused with one message that names the setting, the value and the range, never truncated ({@code
 * 2.5} is not 2) nor wrapped (a number past {@code Integer.MAX_VALUE} is not negative).
 *
 * @param unit what the number counts, for messages: "files per commit"
 * @param minMeaning what the smallest value means where it is special ("no limit"), else null
 */
public record WholeNumberRange(long min, long max, String unit, String minMeaning) {
  /** {@code batch_size}, {@code spark.deltax.backfill.maxFilesPerCommit}, {@code --batch-size}. */
  public static final WholeNumberRange FILES_PER_COMMIT =
      new WholeNumberRange(1, Integer.MAX_VALUE, "files per commit", null);

  /** {@code max_commits}, {@code --max-commits}. */
  public static final WholeNumberRange MAX_COMMITS =
      new WholeNumberRange(0, Integer.MAX_VALUE, "commits", "no limit");

  /** {@code table_history}'s {@code limit}. */
  public static final WholeNumberRange HISTORY_VERSIONS =
      new WholeNumberRange(1, Integer.MAX_VALUE, "versions", null);

  /** {@code spark.deltax.rowDataVersions.maxRuns}. */
  public static final WholeNumberRange MAX_RUNS =
      new WholeNumberRange(1, Integer.MAX_VALUE, "runs", null);

  /** The stream option {@code maxFilesPerTrigger}. */
  public static final WholeNumberRange FILES_PER_TRIGGER =
      new WholeNumberRange(1, Integer.MAX_VALUE, "files per trigger", null);

  /** {@code spark.deltax.stream.metricsMaxCommits}. */
  public static final WholeNumberRange METRICS_COMMITS =
      new WholeNumberRange(0, Integer.MAX_VALUE, "commits", "count only where nothing is left");

  /** {@code spark.deltax.snapshot.cache.maxFiles}. */
  public static final WholeNumberRange CACHED_FILES =
      new WholeNumberRange(0, Long.MAX_VALUE, "files", "cache nothing");

  /**
   * The range in words: "1 to 2147483647 files per commit", "0 (no limit) to 2147483647 commits".
   */
  public String describe() {
    return min + (minMeaning == null ? "" : " (" + minMeaning + ")") + " to " + max + " " + unit;
  }

  /** {@code text} (a CLI flag, a session conf) as a number in range. */
  public long parse(String setting, String text) {
    BigDecimal value;
    try {
      value = new BigDecimal(text.trim());
    } catch (NumberFormatException e) {
      throw WriteErrors.notAWholeNumber(setting, "'" + text + "'", describe());
    }
    return check(setting, value, text);
  }

  /** A {@code CALL} argument, of whichever numeric type it was given in, as a number in range. */
  public long check(String setting, Number given) {
    if (given instanceof Double d && (d.isNaN() || d.isInfinite())
        || given instanceof Float f && (f.isNaN() || f.isInfinite())) {
      throw WriteErrors.notAWholeNumber(setting, given.toString(), describe());
    }
    BigDecimal value =
        given instanceof BigDecimal b
            ? b
            : given instanceof Double || given instanceof Float
                ? new BigDecimal(given.toString())
                : new BigDecimal(given.longValue());
    return check(setting, value, given.toString());
  }

  /** An {@code int} setting given through the Java API. */
  public int check(String setting, int given) {
    return (int) check(setting, BigDecimal.valueOf(given), Integer.toString(given));
  }

  private long check(String setting, BigDecimal value, String shown) {
    if (value.signum() != 0 && value.stripTrailingZeros().scale() > 0) {
      throw WriteErrors.notAWholeNumber(setting, shown, describe());
    }
    if (value.compareTo(BigDecimal.valueOf(min)) < 0
        || value.compareTo(BigDecimal.valueOf(max)) > 0) {
      throw WriteErrors.outOfRange(
          setting, shown, describe(), value.compareTo(BigDecimal.valueOf(max)) > 0);
    }
    return value.longValueExact();
  }
}
