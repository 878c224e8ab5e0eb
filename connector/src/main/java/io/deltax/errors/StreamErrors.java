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
import static io.deltax.errors.DeltaXErrorCondition.DELTAX_ROW_TRACKING_INCOMPLETE;
import static io.deltax.errors.DeltaXErrorCondition.DELTAX_STREAM_BAD_OFFSET;
import static io.deltax.errors.DeltaXErrorCondition.DELTAX_STREAM_DATA_REMOVED;
import static io.deltax.errors.DeltaXErrorCondition.DELTAX_STREAM_METADATA_EVOLUTION;
import static io.deltax.errors.DeltaXErrorCondition.DELTAX_STREAM_SCHEMA_CHANGED;
import static io.deltax.errors.DeltaXErrorCondition.DELTAX_STREAM_SCHEMA_CHANGE_BLOCKED;
import static io.deltax.errors.DeltaXErrorCondition.DELTAX_STREAM_SCHEMA_LOG;
import static io.deltax.errors.DeltaXErrorCondition.DELTAX_STREAM_TABLE_CHANGED;
import static io.deltax.errors.DeltaXErrorCondition.DELTAX_STREAM_VERSIONS_MISSING;

import java.util.Optional;

/**
 * The errors of streams ({@code readStream.format("deltax")}): raised when a micro-batch is
 * planned, before it reads. Built as {@link DeltaXErrors} builds its own.
 */
public final class StreamErrors {
  private StreamErrors() {}

  /** A commit that removed data, which an append-only stream cannot pass on. */
  public static RuntimeException streamDataRemoved(
      String tablePath, long version, String operation) {
    return error(
        DELTAX_STREAM_DATA_REMOVED,
        "streamDataRemoved",
        null,
        "tablePath",
        tablePath,
        "version",
        version,
        "operation",
        operation);
  }

  /** The table at the path is another table than the one the stream's offset is of. */
  public static RuntimeException streamTableChanged(
      String tablePath, String expectedId, String foundId) {
    return error(
        DELTAX_STREAM_TABLE_CHANGED,
        "streamTableChanged",
        null,
        "expectedId",
        expectedId,
        "tablePath",
        tablePath,
        "foundId",
        foundId);
  }

  /**
   * The commits the stream needs next were cleaned up from the log.
   *
   * @param next what the log holds after them ("version 7, the earliest it still holds after them",
   *     or that it holds none)
   */
  public static RuntimeException streamVersionsMissing(
      String tablePath, long firstMissing, long lastMissing, String next) {
    return error(
        DELTAX_STREAM_VERSIONS_MISSING,
        "streamVersionsMissing",
        null,
        "tablePath",
        tablePath,
        "firstMissing",
        firstMissing,
        "lastMissing",
        lastMissing,
        "next",
        next);
  }

  /**
   * Rows a stream must read were written under a schema its own cannot read them with, though the
   * names and types may look alike: a column dropped and added again (another physical name),
   * column mapping removed, a column the stream holds NOT NULL that may now be null.
   *
   * @param version the commit that set {@code versionSchema}
   */
  public static RuntimeException streamCannotReadVersion(
      String tablePath, long version, String versionSchema, String streamSchema, String why) {
    return error(
        DELTAX_STREAM_SCHEMA_CHANGED,
        "streamCannotReadVersion",
        null,
        "tablePath",
        tablePath,
        "version",
        version,
        "versionSchema",
        versionSchema,
        "streamSchema",
        streamSchema,
        "why",
        why);
  }

  /**
   * A stream's first rows, where a new query starts or a restarted one resumes, were written under
   * a schema its own (the latest) cannot read.
   */
  public static RuntimeException streamCannotResume(
      String tablePath,
      long version,
      boolean newQuery,
      String versionSchema,
      String streamSchema,
      String why) {
    return error(
        DELTAX_STREAM_SCHEMA_CHANGED,
        "streamCannotResume",
        null,
        "tablePath",
        tablePath,
        "action",
        newQuery ? "start" : "resume",
        "version",
        version,
        "versionSchema",
        versionSchema,
        "streamSchema",
        streamSchema,
        "why",
        why);
  }

  /** The table's schema changed under a running stream. */
  public static RuntimeException streamSchemaChanged(
      String tablePath, long version, String oldSchema, String newSchema) {
    return error(
        DELTAX_STREAM_SCHEMA_CHANGED,
        "streamSchemaChanged",
        null,
        "tablePath",
        tablePath,
        "version",
        version,
        "oldSchema",
        oldSchema,
        "newSchema",
        newSchema);
  }

  /** An offset from another source or a newer deltax. */
  public static RuntimeException badStreamOffset(String tablePath, String offset, String why) {
    return error(
        DELTAX_STREAM_BAD_OFFSET,
        "badStreamOffset",
        null,
        "tablePath",
        tablePath,
        "offset",
        offset,
        "why",
        why);
  }

  /**
   * A stream read a file from before row tracking's backfill, and neither the table's current
   * version nor a backfill commit still in the log holds the file with row IDs.
   */
  public static RuntimeException streamRowIdsUnknown(
      String tablePath, String file, long version, Optional<Long> enablementVersion) {
    String start =
        enablementVersion
            .map(
                v ->
                    "a startingVersion of "
                        + v
                        + " (where delta.enableRowTracking was turned on) "
                        + "or later")
            .orElse("a startingVersion at which delta.enableRowTracking was already on");
    return error(
        DELTAX_ROW_TRACKING_INCOMPLETE,
        "streamRowIdsUnknown",
        null,
        "tablePath",
        tablePath,
        "file",
        file,
        "version",
        version,
        "start",
        start);
  }

  /**
   * The stream read every row before {@code version}, whose metadata differs from the one it reads
   * with, and logged that metadata: the query stops, and reads on with it once restarted.
   */
  public static RuntimeException streamMetadataEvolved(
      String tablePath, long version, String schemaLog, String schema) {
    return error(
        DELTAX_STREAM_METADATA_EVOLUTION,
        "streamMetadataEvolved",
        null,
        "tablePath",
        tablePath,
        "version",
        version,
        "schemaLog",
        schemaLog,
        "schema",
        schema);
  }

  /**
   * A restarted stream's schema log ends with a rename, drop or type change that neither a SQL conf
   * nor a reader option unblocked.
   *
   * @param change what changed, as delta-spark names it ("RENAME COLUMN", "DROP COLUMN", …)
   * @param columns the columns, as {@code 'a' -> 'b'}, {@code 'c'} or {@code 'd': INT -> BIGINT}
   * @param confs the SQL confs that unblock it, comma-separated
   * @param options the reader options that unblock it, comma-separated
   */
  public static RuntimeException streamSchemaChangeBlocked(
      String tablePath,
      String change,
      long previousVersion,
      long version,
      String columns,
      String confs,
      int checkpointHash,
      String options) {
    return error(
        DELTAX_STREAM_SCHEMA_CHANGE_BLOCKED,
        "streamSchemaChangeBlocked",
        null,
        "tablePath",
        tablePath,
        "change",
        change,
        "previousVersion",
        previousVersion,
        "version",
        version,
        "columns",
        columns,
        "confs",
        confs,
        "checkpointHash",
        checkpointHash,
        "options",
        options);
  }

  /** {@code schemaTrackingLocation} outside the query's checkpoint location, as delta-spark. */
  public static RuntimeException schemaLocationNotUnderCheckpoint(
      String tablePath, String schemaLocation, String checkpointLocation) {
    return error(
        DELTAX_STREAM_SCHEMA_LOG,
        "schemaLocationNotUnderCheckpoint",
        null,
        "schemaLocation",
        schemaLocation,
        "tablePath",
        tablePath,
        "checkpointLocation",
        checkpointLocation);
  }

  /** An entry of the schema log that is not one delta-spark's format reads. */
  public static RuntimeException corruptSchemaLog(
      String tablePath, String location, String why, Throwable cause) {
    return error(
        DELTAX_STREAM_SCHEMA_LOG,
        "corruptSchemaLog",
        cause,
        "tablePath",
        tablePath,
        "location",
        location,
        "why",
        why);
  }

  /** The schema log's entries name another table. */
  public static RuntimeException schemaLogOfOtherTable(
      String tablePath, String location, String loggedId, String tableId) {
    return error(
        DELTAX_STREAM_SCHEMA_LOG,
        "schemaLogOfOtherTable",
        null,
        "location",
        location,
        "loggedId",
        loggedId,
        "tablePath",
        tablePath,
        "tableId",
        tableId);
  }
}
