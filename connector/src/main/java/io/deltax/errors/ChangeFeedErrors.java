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
package io.deltax.errors;

import static io.deltax.errors.ConditionExceptions.error;
import static io.deltax.errors.DeltaXErrorCondition.DELTAX_CHANGE_RANGE_NOT_AVAILABLE;
import static io.deltax.errors.DeltaXErrorCondition.DELTAX_INVALID_ARGUMENT;
import static io.deltax.errors.DeltaXErrorCondition.DELTAX_INVALID_CHANGE_RANGE;
import static io.deltax.errors.DeltaXErrorCondition.DELTAX_INVALID_OPTION;
import static io.deltax.errors.DeltaXErrorCondition.DELTAX_UNSUPPORTED_CHANGE_RANGE;
import static io.deltax.errors.DeltaXErrorCondition.DELTAX_UNSUPPORTED_TABLE;

/**
 * The errors of the change feed ({@code readChangeFeed}, {@code deltax_changes}, Spark 4.2's {@code
 * CHANGES}): raised before any data file is read. Built as {@link DeltaXErrors} builds its own.
 */
public final class ChangeFeedErrors {
  private ChangeFeedErrors() {}

  public static RuntimeException missingChangeFeedStart() {
    return error(DELTAX_INVALID_OPTION, "missingChangeFeedStart", null);
  }

  public static RuntimeException conflictingOptions(String first, String second) {
    return error(
        DELTAX_INVALID_OPTION, "conflictingOptions", null, "first", first, "second", second);
  }

  public static RuntimeException changeRangeReversed(String tablePath, long start, long end) {
    return error(
        DELTAX_INVALID_CHANGE_RANGE,
        "changeRangeReversed",
        null,
        "tablePath",
        tablePath,
        "start",
        start,
        "end",
        end);
  }

  public static RuntimeException changeRangeStartsAfterLatest(
      String tablePath, long start, long latest) {
    return error(
        DELTAX_CHANGE_RANGE_NOT_AVAILABLE,
        "changeRangeStartsAfterLatest",
        null,
        "tablePath",
        tablePath,
        "start",
        start,
        "latest",
        latest);
  }

  /**
   * @param startChosen whether a batch read chose the start, else a stream resumes there
   */
  public static RuntimeException changeRangeStateBeforeGone(
      String tablePath, long start, boolean startChosen) {
    String whatToDo =
        startChosen
            ? "Start from version " + (start + 1) + "."
            : "The stream cannot go on from there: start a new one (a new checkpoint location) "
                + "from version "
                + (start + 1)
                + ".";
    return error(
        DELTAX_CHANGE_RANGE_NOT_AVAILABLE,
        "changeRangeStateBeforeGone",
        null,
        "tablePath",
        tablePath,
        "start",
        start,
        "whatToDo",
        whatToDo);
  }

  /**
   * @param available "versions 3 to 17"
   */
  public static RuntimeException changeRangeNotAvailable(
      String tablePath, long start, long end, String available) {
    return error(
        DELTAX_CHANGE_RANGE_NOT_AVAILABLE,
        "changeRangeNotAvailable",
        null,
        "tablePath",
        tablePath,
        "start",
        start,
        "end",
        end,
        "available",
        available);
  }

  /**
   * @param readableFrom the first version whose changes the later schemas can represent: the schema
   *     change's own, or the next one where that commit also removed rows written before it
   */
  public static RuntimeException changeRangeSchemaChange(
      String tablePath, long version, String why, long readableFrom) {
    return error(
        DELTAX_UNSUPPORTED_CHANGE_RANGE,
        "changeRangeSchemaChange",
        null,
        "tablePath",
        tablePath,
        "version",
        version,
        "why",
        why,
        "previousVersion",
        version - 1,
        "readableFrom",
        readableFrom);
  }

  public static RuntimeException rowTrackingDisabledInRange(String tablePath, long version) {
    return error(
        DELTAX_UNSUPPORTED_CHANGE_RANGE,
        "rowTrackingDisabledInRange",
        null,
        "tablePath",
        tablePath,
        "version",
        version,
        "previousVersion",
        version - 1);
  }

  /**
   * A table column has the name of a column the change feed adds; delta-spark refuses to turn its
   * change data feed on for such a table ({@code DELTA_TABLE_ALREADY_CONTAINS_CDC_COLUMNS}).
   */
  public static RuntimeException tableHasChangeFeedColumn(String tablePath, String column) {
    return error(
        DELTAX_UNSUPPORTED_TABLE,
        "tableHasChangeFeedColumn",
        null,
        "tablePath",
        tablePath,
        "column",
        column);
  }

  /** Spark 4.2's CHANGES query asked for post-processing that needs row IDs the range lacks. */
  public static RuntimeException changelogWithoutRowIds(
      String tablePath, long version, String deduplicationMode, boolean computeUpdates) {
    return error(
        DELTAX_UNSUPPORTED_CHANGE_RANGE,
        "changelogWithoutRowIds",
        null,
        "tablePath",
        tablePath,
        "deduplicationMode",
        deduplicationMode,
        "computeUpdates",
        computeUpdates,
        "version",
        version);
  }

  public static RuntimeException badTableFunctionArgument(
      String function, String given, String expected) {
    return error(
        DELTAX_INVALID_ARGUMENT,
        "badTableFunctionArgument",
        null,
        "function",
        function,
        "expected",
        expected,
        "given",
        given);
  }
}
