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
import static io.deltax.errors.DeltaXErrorCondition.DELTAX_CORRUPT_CHANGE_DATA;
import static io.deltax.errors.DeltaXErrorCondition.DELTAX_CORRUPT_DELETION_VECTOR;
import static io.deltax.errors.DeltaXErrorCondition.DELTAX_CORRUPT_LOG;
import static io.deltax.errors.DeltaXErrorCondition.DELTAX_INVALID_OPTION;
import static io.deltax.errors.DeltaXErrorCondition.DELTAX_INVALID_TABLE_PROPERTY;
import static io.deltax.errors.DeltaXErrorCondition.DELTAX_IO_ERROR;
import static io.deltax.errors.DeltaXErrorCondition.DELTAX_LOG_INCOMPLETE;
import static io.deltax.errors.DeltaXErrorCondition.DELTAX_MISSING_PATH;
import static io.deltax.errors.DeltaXErrorCondition.DELTAX_NOT_A_DELTA_TABLE;
import static io.deltax.errors.DeltaXErrorCondition.DELTAX_ROW_TRACKING_INCOMPLETE;
import static io.deltax.errors.DeltaXErrorCondition.DELTAX_TABLE_NOT_FOUND;
import static io.deltax.errors.DeltaXErrorCondition.DELTAX_TABLE_WITHOUT_COLUMNS;
import static io.deltax.errors.DeltaXErrorCondition.DELTAX_TIMESTAMP_NOT_AVAILABLE;
import static io.deltax.errors.DeltaXErrorCondition.DELTAX_UNSUPPORTED_OPTION;
import static io.deltax.errors.DeltaXErrorCondition.DELTAX_UNSUPPORTED_READER_FEATURE;
import static io.deltax.errors.DeltaXErrorCondition.DELTAX_UNSUPPORTED_READER_VERSION;
import static io.deltax.errors.DeltaXErrorCondition.DELTAX_UNSUPPORTED_TABLE;
import static io.deltax.errors.DeltaXErrorCondition.DELTAX_UNSUPPORTED_TYPE_CHANGE;
import static io.deltax.errors.DeltaXErrorCondition.DELTAX_UNSUPPORTED_WRITER_FEATURE;
import static io.deltax.errors.DeltaXErrorCondition.DELTAX_VERSION_NOT_AVAILABLE;
import static io.deltax.errors.DeltaXErrorCondition.DELTAX_WRITE_NOT_SUPPORTED;

import java.util.Collection;

/**
 * The errors of reading a table: finding it, its log, its protocol, the options and time travel.
 * The other areas have their own factory beside this one ({@link WriteErrors}, {@link
 * ChangeFeedErrors}, {@link StreamErrors}); all render from one table. Each method renders its
 * template, the one named after it in {@value DeltaXErrorCondition#RESOURCE}, with named
 * parameters, and builds the exception its condition's kind asks for.
 *
 * <p>Each method is declared to return an unchecked exception, written {@code throw
 * DeltaXErrors.tableNotFound(path)}. A condition of kind {@code ANALYSIS} is an {@code
 * AnalysisException}, which Java checks and Spark's Java interfaces do not declare: such a method
 * throws it itself, as Scala code throws it, rather than return it.
 */
public final class DeltaXErrors {
  private DeltaXErrors() {}

  public static RuntimeException tableNotFound(String tablePath) {
    return error(DELTAX_TABLE_NOT_FOUND, "tableNotFound", null, "tablePath", tablePath);
  }

  public static RuntimeException notADeltaTable(String tablePath, String why) {
    return error(
        DELTAX_NOT_A_DELTA_TABLE, "notADeltaTable", null, "tablePath", tablePath, "why", why);
  }

  public static RuntimeException missingPathOption() {
    return error(DELTAX_MISSING_PATH, "missingPathOption", null);
  }

  public static RuntimeException logGap(String tablePath, long expected, long found) {
    return error(
        DELTAX_LOG_INCOMPLETE,
        "logGap",
        null,
        "tablePath",
        tablePath,
        "expected",
        expected,
        "found",
        found);
  }

  public static RuntimeException logStartMissing(String tablePath, long firstCommit) {
    return error(
        DELTAX_LOG_INCOMPLETE,
        "logStartMissing",
        null,
        "tablePath",
        tablePath,
        "firstCommit",
        firstCommit);
  }

  public static RuntimeException corruptLogFile(String file, String why, Throwable cause) {
    return error(DELTAX_CORRUPT_LOG, "corruptLogFile", cause, "file", file, "why", why);
  }

  public static RuntimeException corruptChangeDataFile(String tablePath, String file, String why) {
    return error(
        DELTAX_CORRUPT_CHANGE_DATA,
        "corruptChangeDataFile",
        null,
        "tablePath",
        tablePath,
        "file",
        file,
        "why",
        why);
  }

  /**
   * A checkpoint that cannot be read, with no older checkpoint or first commit to use instead.
   *
   * @param withoutIt why the log cannot rebuild the version without the checkpoint
   */
  public static RuntimeException unreadableCheckpoint(
      String tablePath, long version, String file, Throwable cause, Throwable withoutIt) {
    return error(
        DELTAX_CORRUPT_LOG,
        "unreadableCheckpoint",
        cause,
        "file",
        file,
        "tablePath",
        tablePath,
        "version",
        version,
        "why",
        cause.getMessage(),
        "whyNotWithout",
        withoutIt.getMessage());
  }

  /** A checkpoint that parses but lacks an action every checkpoint holds: a damaged file. */
  public static RuntimeException checkpointWithoutProtocolOrMetadata(
      String tablePath, long version, String file, String missing) {
    return error(
        DELTAX_CORRUPT_LOG,
        "checkpointWithoutProtocolOrMetadata",
        null,
        "tablePath",
        tablePath,
        "version",
        version,
        "file",
        file,
        "missing",
        missing);
  }

  public static RuntimeException missingProtocolOrMetadata(String tablePath, long version) {
    return error(
        DELTAX_CORRUPT_LOG,
        "missingProtocolOrMetadata",
        null,
        "tablePath",
        tablePath,
        "version",
        version);
  }

  public static RuntimeException unsupportedReaderFeatures(
      String tablePath, long version, Collection<String> features, Collection<String> supported) {
    return error(
        DELTAX_UNSUPPORTED_READER_FEATURE,
        "unsupportedReaderFeatures",
        null,
        "tablePath",
        tablePath,
        "version",
        version,
        "features",
        features,
        "supported",
        supported);
  }

  public static RuntimeException unsupportedTypeChange(
      String tablePath, long version, String column, String from, String to) {
    return error(
        DELTAX_UNSUPPORTED_TYPE_CHANGE,
        "unsupportedTypeChange",
        null,
        "tablePath",
        tablePath,
        "version",
        version,
        "column",
        column,
        "from",
        from,
        "to",
        to);
  }

  public static RuntimeException commitCoordinatorManaged(
      String tablePath, long version, String coordinator) {
    return error(
        DELTAX_UNSUPPORTED_TABLE,
        "commitCoordinatorManaged",
        null,
        "tablePath",
        tablePath,
        "version",
        version,
        "coordinator",
        coordinator);
  }

  public static RuntimeException unsupportedReaderVersion(
      String tablePath, long version, int minReaderVersion) {
    return error(
        DELTAX_UNSUPPORTED_READER_VERSION,
        "unsupportedReaderVersion",
        null,
        "tablePath",
        tablePath,
        "version",
        version,
        "minReaderVersion",
        minReaderVersion);
  }

  public static RuntimeException versionNotAvailable(
      String tablePath, long requested, long earliest, long latest) {
    return error(
        DELTAX_VERSION_NOT_AVAILABLE,
        "versionNotAvailable",
        null,
        "tablePath",
        tablePath,
        "requested",
        requested,
        "earliest",
        earliest,
        "latest",
        latest);
  }

  /** A new stream's {@code startingVersion} after the latest version, which delta-spark refuses. */
  public static RuntimeException streamStartAfterLatest(
      String tablePath, long requested, long latest) {
    return error(
        DELTAX_VERSION_NOT_AVAILABLE,
        "streamStartAfterLatest",
        null,
        "tablePath",
        tablePath,
        "requested",
        requested,
        "latest",
        latest);
  }

  public static RuntimeException timestampBeforeFirstCommit(
      String tablePath, String requested, String earliest) {
    return error(
        DELTAX_TIMESTAMP_NOT_AVAILABLE,
        "timestampBeforeFirstCommit",
        null,
        "tablePath",
        tablePath,
        "requested",
        requested,
        "earliest",
        earliest);
  }

  public static RuntimeException timestampAfterLastCommit(
      String tablePath, String requested, String latest) {
    return error(
        DELTAX_TIMESTAMP_NOT_AVAILABLE,
        "timestampAfterLastCommit",
        null,
        "tablePath",
        tablePath,
        "requested",
        requested,
        "latest",
        latest);
  }

  /** A Delta table created or written through deltax's session catalog, which writes no data. */
  public static RuntimeException deltaTableWriteRefused(String table) {
    return error(DELTAX_WRITE_NOT_SUPPORTED, "deltaTableWriteRefused", null, "table", table);
  }

  public static RuntimeException badOption(String option, String value, String expected) {
    return error(
        DELTAX_INVALID_OPTION,
        "badOption",
        null,
        "value",
        value,
        "option",
        option,
        "expected",
        expected);
  }

  public static RuntimeException unsupportedOption(String option, String why) {
    return error(
        DELTAX_UNSUPPORTED_OPTION, "unsupportedOption", null, "option", option, "why", why);
  }

  public static RuntimeException changeFeedOfLoadedTable(String tablePath) {
    return error(DELTAX_INVALID_OPTION, "changeFeedOfLoadedTable", null, "tablePath", tablePath);
  }

  public static RuntimeException conflictingTimeTravel() {
    return error(DELTAX_INVALID_OPTION, "conflictingTimeTravel", null);
  }

  public static RuntimeException badPartitionValue(String column, String value, String type) {
    return error(
        DELTAX_CORRUPT_LOG,
        "badPartitionValue",
        null,
        "value",
        value,
        "column",
        column,
        "type",
        type);
  }

  public static RuntimeException missingRowTrackingFields(
      String tablePath, long version, String file) {
    return error(
        DELTAX_ROW_TRACKING_INCOMPLETE,
        "missingRowTrackingFields",
        null,
        "tablePath",
        tablePath,
        "version",
        version,
        "file",
        file);
  }

  /** A read of a table whose metadata has no columns, which delta-spark refuses too. */
  public static RuntimeException tableWithoutColumns(String tablePath, long version) {
    return error(
        DELTAX_TABLE_WITHOUT_COLUMNS,
        "tableWithoutColumns",
        null,
        "tablePath",
        tablePath,
        "version",
        version);
  }

  public static RuntimeException unreadableDeletionVector(
      String tablePath, String dataFile, Throwable cause) {
    // Some I/O exceptions (an EOFException among them) carry no message: name their kind instead.
    String why = cause.getMessage() != null ? cause.getMessage() : cause.getClass().getSimpleName();
    return error(
        DELTAX_CORRUPT_DELETION_VECTOR,
        "unreadableDeletionVector",
        cause,
        "dataFile",
        dataFile,
        "tablePath",
        tablePath,
        "why",
        why);
  }

  public static RuntimeException fileSystemError(String tablePath, Throwable cause) {
    return error(
        DELTAX_IO_ERROR,
        "fileSystemError",
        cause,
        "tablePath",
        tablePath,
        "why",
        cause.getMessage());
  }

  public static RuntimeException unsupportedWriterFeatures(
      String tablePath, Collection<String> features, Collection<String> writable) {
    return error(
        DELTAX_UNSUPPORTED_WRITER_FEATURE,
        "unsupportedWriterFeatures",
        null,
        "tablePath",
        tablePath,
        "features",
        features,
        "writable",
        writable);
  }

  public static RuntimeException invalidTableProperty(
      String tablePath, String key, String value, String expected) {
    return error(
        DELTAX_INVALID_TABLE_PROPERTY,
        "invalidTableProperty",
        null,
        "tablePath",
        tablePath,
        "key",
        key,
        "value",
        value,
        "expected",
        expected);
  }
}
