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
import static io.deltax.errors.DeltaXErrorCondition.DELTAX_BACKFILL_INCOMPLETE;
import static io.deltax.errors.DeltaXErrorCondition.DELTAX_INVALID_ARGUMENT;
import static io.deltax.errors.DeltaXErrorCondition.DELTAX_IO_ERROR;
import static io.deltax.errors.DeltaXErrorCondition.DELTAX_MISSING_STATS;
import static io.deltax.errors.DeltaXErrorCondition.DELTAX_NOT_A_DELTA_TABLE;
import static io.deltax.errors.DeltaXErrorCondition.DELTAX_PROCEDURE_NOT_FOUND;
import static io.deltax.errors.DeltaXErrorCondition.DELTAX_TABLE_NOT_FOUND;
import static io.deltax.errors.DeltaXErrorCondition.DELTAX_TOO_MANY_CONFLICTS;
import static io.deltax.errors.DeltaXErrorCondition.DELTAX_UNSAFE_COMMIT_STORE;
import static io.deltax.errors.DeltaXErrorCondition.DELTAX_UNSUPPORTED_TABLE;

import java.io.IOException;
import java.util.Collection;

/**
 * The errors of writers and their arguments: the procedures, the backfill, the preservation of row
 * data versions, {@code bin/deltax}, and the stores deltax commits to. Built as {@link
 * DeltaXErrors} builds its own.
 */
public final class WriteErrors {
  private WriteErrors() {}

  /**
   * A procedure argument, session conf or {@code bin/deltax} flag that takes a whole number, given
   * something else; raised before anything is written.
   *
   * @param range "1 to 2147483647 files per commit"
   */
  public static RuntimeException notAWholeNumber(String setting, String value, String range) {
    return error(
        DELTAX_INVALID_ARGUMENT,
        "notAWholeNumber",
        null,
        "setting",
        setting,
        "range",
        range,
        "value",
        value);
  }

  /** As {@link #notAWholeNumber}, for a whole number outside the range. */
  public static RuntimeException outOfRange(
      String setting, String value, String range, boolean above) {
    return error(
        DELTAX_INVALID_ARGUMENT,
        "outOfRange",
        null,
        "setting",
        setting,
        "value",
        value,
        "comparison",
        above ? "exceeds" : "is below",
        "range",
        range);
  }

  public static RuntimeException nullArgument(String argument, String expected) {
    return error(
        DELTAX_INVALID_ARGUMENT, "nullArgument", null, "argument", argument, "expected", expected);
  }

  public static RuntimeException missingTableArgument() {
    return error(DELTAX_INVALID_ARGUMENT, "missingTableArgument", null);
  }

  public static RuntimeException catalogTableNotFound(String table, Throwable cause) {
    String why =
        cause.getMessage() == null
            ? cause.toString()
            : cause.getMessage().lines().findFirst().orElse("");
    return error(DELTAX_TABLE_NOT_FOUND, "catalogTableNotFound", cause, "table", table, "why", why);
  }

  /**
   * A name the session catalog does not know, in a session whose catalog keeps its tables in memory
   * ({@code spark.sql.catalogImplementation=in-memory}): no metastore was configured.
   */
  public static RuntimeException noMetastore(String table, Throwable cause) {
    String why =
        cause.getMessage() == null
            ? cause.toString()
            : cause.getMessage().lines().findFirst().orElse("");
    return error(DELTAX_TABLE_NOT_FOUND, "noMetastore", cause, "table", table, "why", why);
  }

  public static RuntimeException notADeltaCatalogTable(String table, String provider) {
    return error(
        DELTAX_NOT_A_DELTA_TABLE,
        "notADeltaCatalogTable",
        null,
        "table",
        table,
        "provider",
        provider);
  }

  public static RuntimeException procedureNotFound(
      String procedure, String catalog, Collection<String> procedures) {
    return error(
        DELTAX_PROCEDURE_NOT_FOUND,
        "procedureNotFound",
        null,
        "procedure",
        procedure,
        "catalog",
        catalog,
        "procedures",
        procedures);
  }

  /**
   * @param wrote whether the backfill committed versions before it came to the file
   */
  public static RuntimeException missingRecordCount(String tablePath, String file, boolean wrote) {
    return error(
        DELTAX_MISSING_STATS,
        "missingRecordCount",
        null,
        "file",
        file,
        "tablePath",
        tablePath,
        "written",
        written(wrote));
  }

  /**
   * @param what the work that failed, such as "Storing the row data versions of /t"
   */
  public static RuntimeException ioError(String what, IOException cause) {
    return error(DELTAX_IO_ERROR, "ioError", cause, "what", what, "error", cause);
  }

  /**
   * @param wrote whether the backfill committed versions before the failure
   */
  public static RuntimeException backfillIoError(
      String tablePath, boolean wrote, IOException cause) {
    return error(
        DELTAX_IO_ERROR,
        "backfillIoError",
        cause,
        "tablePath",
        tablePath,
        "error",
        cause,
        "written",
        written(wrote));
  }

  public static RuntimeException filesWithoutRowIdsAppeared(String tablePath) {
    return error(
        DELTAX_BACKFILL_INCOMPLETE, "filesWithoutRowIdsAppeared", null, "tablePath", tablePath);
  }

  public static RuntimeException backfillConflicts(String tablePath, int conflicts) {
    return error(
        DELTAX_TOO_MANY_CONFLICTS,
        "backfillConflicts",
        null,
        "tablePath",
        tablePath,
        "conflicts",
        conflicts);
  }

  public static RuntimeException preservationConflicts(String tablePath, int conflicts) {
    return error(
        DELTAX_TOO_MANY_CONFLICTS,
        "preservationConflicts",
        null,
        "tablePath",
        tablePath,
        "conflicts",
        conflicts);
  }

  public static RuntimeException rowTrackingSuspended(String table) {
    return error(DELTAX_UNSUPPORTED_TABLE, "rowTrackingSuspended", null, "table", table);
  }

  public static RuntimeException rowTrackingSuspendedDuringBackfill(String table) {
    return error(
        DELTAX_UNSUPPORTED_TABLE, "rowTrackingSuspendedDuringBackfill", null, "table", table);
  }

  public static RuntimeException rowTrackingDroppedDuringBackfill(String table, long version) {
    return error(
        DELTAX_UNSUPPORTED_TABLE,
        "rowTrackingDroppedDuringBackfill",
        null,
        "table",
        table,
        "version",
        version);
  }

  public static RuntimeException noDomainMetadata(String tablePath) {
    return error(DELTAX_UNSUPPORTED_TABLE, "noDomainMetadata", null, "tablePath", tablePath);
  }

  /**
   * A commit refused before anything is written: on {@code store} deltax cannot make a commit
   * put-if-absent, so a concurrent writer could overwrite it unnoticed.
   *
   * @param why what is missing, and how to turn it on
   */
  public static RuntimeException unsafeCommitStore(String store, String tablePath, String why) {
    return error(
        DELTAX_UNSAFE_COMMIT_STORE,
        "unsafeCommitStore",
        null,
        "tablePath",
        tablePath,
        "store",
        store,
        "why",
        why);
  }

  private static final String COMMITS_STAY =
      "The commits already written stay valid, and the next call goes on from them.";

  /** What a writer that failed leaves behind. */
  private static String written(boolean wrote) {
    return wrote ? COMMITS_STAY : "Nothing was written.";
  }
}
