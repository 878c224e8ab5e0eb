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

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.EnumMap;
import java.util.Iterator;
import java.util.Map;
import java.util.regex.Matcher;

/**
 * The error reference, {@code docs/errors.md}, written from {@link DeltaXErrorCondition} and its
 * table of conditions ({@value DeltaXErrorCondition#RESOURCE}): per condition its SQLSTATE, the
 * exception it is thrown as, what to do, and its message templates. What to do is the one text kept
 * here, beside the generator, one entry per condition; {@link ErrorReferenceTest} checks that every
 * condition has one and that the documented file is this text.
 */
final class ErrorReference {
  private ErrorReference() {}

  /** What a user does about each condition. */
  static final Map<DeltaXErrorCondition, String> WHAT_TO_DO =
      new EnumMap<>(DeltaXErrorCondition.class);

  static {
    advise(
        DeltaXErrorCondition.DELTAX_TABLE_NOT_FOUND,
        "Check the path (its scheme too) and that the session can reach that file system; for a"
            + " catalog name, that the session catalog knows the table and that the session was"
            + " started with the metastore's settings.");
    advise(
        DeltaXErrorCondition.DELTAX_NOT_A_DELTA_TABLE,
        "Give the root of a Delta table: the directory that holds `_delta_log` with at least one"
            + " commit, or a catalog table whose provider is Delta.");
    advise(
        DeltaXErrorCondition.DELTAX_TABLE_WITHOUT_COLUMNS,
        "The version's `metaData` has no schema. Read a version that has columns, or give the"
            + " table columns with a writer that sets its schema.");
    advise(
        DeltaXErrorCondition.DELTAX_MISSING_PATH,
        "Give the table's path: `.load(path)` or `.option(\"path\", …)`.");
    advise(
        DeltaXErrorCondition.DELTAX_LOG_INCOMPLETE,
        "A commit file or the checkpoint to start from is missing from `_delta_log`. Restore it,"
            + " or read a version the log can still rebuild.");
    advise(
        DeltaXErrorCondition.DELTAX_CORRUPT_LOG,
        "A commit or checkpoint file is damaged and nothing else in the log can stand in for it."
            + " Restore the file the message names, or the commits before it.");
    advise(
        DeltaXErrorCondition.DELTAX_CORRUPT_CHANGE_DATA,
        "A change data file (`_change_data`) has a row without a valid `_change_type`. Restore"
            + " the file, or read the range with"
            + " `spark.deltax.changeFeed.readChangeDataFiles=false` where row tracking was on.");
    advise(
        DeltaXErrorCondition.DELTAX_CORRUPT_DELETION_VECTOR,
        "The deletion vector file is missing or cut short. Restore it; without it the rows it"
            + " deletes cannot be told.");
    advise(
        DeltaXErrorCondition.DELTAX_UNSUPPORTED_READER_FEATURE,
        "The table needs a reader feature deltax does not implement. Read it with an engine that"
            + " does (a catalog-managed table through its catalog); `CALL table_features` lists"
            + " the features.");
    advise(
        DeltaXErrorCondition.DELTAX_UNSUPPORTED_READER_VERSION,
        "The table needs a newer Delta reader than version 3. Read it with an engine that"
            + " supports that version.");
    advise(
        DeltaXErrorCondition.DELTAX_UNSUPPORTED_TYPE_CHANGE,
        "The table records a type change that PROTOCOL.md does not allow as a widening, so its"
            + " older files cannot be read with the new type. Read it with the writer that made"
            + " the change.");
    advise(
        DeltaXErrorCondition.DELTAX_UNSUPPORTED_TABLE,
        "Do what the message says: a coordinated-commits table is read with delta-spark or after"
            + " `DROP FEATURE 'coordinatedCommits-preview'`; `delta.rowTrackingSuspended` is unset"
            + " before a backfill; a column named like a change feed column is renamed.");
    advise(
        DeltaXErrorCondition.DELTAX_UNSUPPORTED_WRITER_FEATURE,
        "The table has a feature whose write rules deltax does not implement, so deltax writes"
            + " nothing. Enable row tracking with the engine that wrote the feature.");
    advise(
        DeltaXErrorCondition.DELTAX_WRITE_NOT_SUPPORTED,
        "deltax's session catalog reads Delta tables and creates none. Create and write the table"
            + " in a session whose session catalog is delta-spark's `DeltaCatalog`; deltax then"
            + " reads it by name in either set-up.");
    advise(
        DeltaXErrorCondition.DELTAX_VERSION_NOT_AVAILABLE,
        "Give a version inside the range the message names; a stream starts at `latest` to read"
            + " only new commits.");
    advise(
        DeltaXErrorCondition.DELTAX_TIMESTAMP_NOT_AVAILABLE,
        "Give a time between the first and the latest commit the message names.");
    advise(
        DeltaXErrorCondition.DELTAX_INVALID_OPTION,
        "Fix the option the message names: its value, or the options that exclude each other.");
    advise(
        DeltaXErrorCondition.DELTAX_UNSUPPORTED_OPTION,
        "Leave the option out; the message says what to use instead.");
    advise(
        DeltaXErrorCondition.DELTAX_INVALID_ARGUMENT,
        "Give the argument or setting a value in the range the message names. Nothing was"
            + " written.");
    advise(
        DeltaXErrorCondition.DELTAX_INVALID_TABLE_PROPERTY,
        "Set the property to a valid value with `ALTER TABLE … SET TBLPROPERTIES`.");
    advise(
        DeltaXErrorCondition.DELTAX_ROW_TRACKING_INCOMPLETE,
        "Row tracking was enabled without giving every file row IDs: run `CALL"
            + " backfill_row_tracking`. A stream reads row IDs from the start the message names.");
    advise(
        DeltaXErrorCondition.DELTAX_IO_ERROR,
        "The store failed. Fix what the cause says (access, network, space) and run again; a"
            + " backfill goes on from the commits it wrote.");
    advise(
        DeltaXErrorCondition.DELTAX_PROCEDURE_NOT_FOUND,
        "Call one of the procedures the message lists.");
    advise(
        DeltaXErrorCondition.DELTAX_MISSING_STATS,
        "A file has no `numRecords` statistic, so its rows cannot be numbered. Recompute the"
            + " table's statistics, then call the backfill again.");
    advise(
        DeltaXErrorCondition.DELTAX_BACKFILL_INCOMPLETE,
        "Another writer added files without row IDs meanwhile; call the backfill again.");
    advise(
        DeltaXErrorCondition.DELTAX_TOO_MANY_CONFLICTS,
        "Other writers won every commit. What was committed stays; call again when the table is"
            + " quieter.");
    advise(
        DeltaXErrorCondition.DELTAX_UNSAFE_COMMIT_STORE,
        "Turn the store's conditional writes on, or, if no other job writes the table at the same"
            + " time, set `spark.deltax.commit.singleWriter=true` (see storage.md).");
    advise(DeltaXErrorCondition.DELTAX_INVALID_CHANGE_RANGE, "Give a start at or before the end.");
    advise(
        DeltaXErrorCondition.DELTAX_CHANGE_RANGE_NOT_AVAILABLE,
        "Give a range inside the versions the log still holds, as the message names them.");
    advise(
        DeltaXErrorCondition.DELTAX_UNSUPPORTED_CHANGE_RANGE,
        "Read the ranges the message names separately, or start after row tracking was enabled.");
    advise(
        DeltaXErrorCondition.DELTAX_STREAM_DATA_REMOVED,
        "Set `skipChangeCommits` (or `ignoreDeletes` for commits that only delete), or stream the"
            + " changes with `readChangeFeed`; then restart the query.");
    advise(
        DeltaXErrorCondition.DELTAX_STREAM_TABLE_CHANGED,
        "The table was replaced at the same path: start the query with a new checkpoint"
            + " location.");
    advise(
        DeltaXErrorCondition.DELTAX_STREAM_VERSIONS_MISSING,
        "Set `failOnDataLoss=false` to skip what log clean-up removed, or start the query with a"
            + " new checkpoint location.");
    advise(
        DeltaXErrorCondition.DELTAX_STREAM_SCHEMA_CHANGED,
        "Restart the query to read on with the new schema where it allows; else start a new"
            + " query, with a new checkpoint location, from the version the message names.");
    advise(
        DeltaXErrorCondition.DELTAX_STREAM_METADATA_EVOLUTION,
        "Restart the query: it reads on with the metadata its schema log now holds (a rename, drop"
            + " or type change asks to be unblocked first).");
    advise(
        DeltaXErrorCondition.DELTAX_STREAM_SCHEMA_CHANGE_BLOCKED,
        "Make the sink ready for the change, then set one of the SQL confs or reader options the"
            + " message names and restart the query.");
    advise(
        DeltaXErrorCondition.DELTAX_STREAM_SCHEMA_LOG,
        "Give a schemaTrackingLocation under the checkpoint location, or a new one (with a new"
            + " checkpoint location) where the log is corrupt or of another table.");
    advise(
        DeltaXErrorCondition.DELTAX_STREAM_BAD_OFFSET,
        "The checkpoint holds an offset deltax cannot read: start the query with a new checkpoint"
            + " location.");
  }

  private static void advise(DeltaXErrorCondition condition, String whatToDo) {
    WHAT_TO_DO.put(condition, whatToDo);
  }

  /** The whole file. */
  static String markdown() {
    JsonNode table = table();
    StringBuilder out = new StringBuilder();
    out.append("# Errors\n\n")
        .append("Every error deltax raises, with what to do about it. This file is generated from")
        .append("\n`connector/src/main/resources/error/deltax-error-conditions.json` (see")
        .append(" `ErrorReferenceTest` to refresh\nit); do not edit it by hand.\n\n")
        .append("A message starts with its condition and ends with its SQLSTATE, as Spark's do:\n")
        .append("`[DELTAX_VERSION_NOT_AVAILABLE] Cannot time travel /data/events to version 12:")
        .append(" the available versions\nare 0 to 8. SQLSTATE: 22023`.")
        .append(" Each error is a `SparkThrowable` (`getCondition()`,\n`getSqlState()`,")
        .append(" `getMessageParameters()`) of one of three kinds, so it is caught as Spark's\n")
        .append("own are:\n\n")
        .append("| kind | class | extends |\n")
        .append("| --- | --- | --- |\n")
        .append("| a query that cannot run as asked |")
        .append(" `io.deltax.errors.DeltaXAnalysisException` |")
        .append(" `org.apache.spark.sql.AnalysisException` |\n")
        .append("| a bad option or argument |")
        .append(" `io.deltax.errors.DeltaXIllegalArgumentException` |")
        .append(" `java.lang.IllegalArgumentException` |\n")
        .append("| a failure while running |")
        .append(" `io.deltax.errors.DeltaXRuntimeException` |")
        .append(" `java.lang.RuntimeException` |\n\n")
        .append("An error raised in a task reaches the driver inside Spark's `SparkException`.\n")
        .append("In the messages below, `<name>` stands for a value the message names.\n\n")
        .append("| condition | SQLSTATE | kind |\n")
        .append("| --- | --- | --- |\n");
    for (DeltaXErrorCondition c : DeltaXErrorCondition.values()) {
      out.append("| [`")
          .append(c.name())
          .append("`](#")
          .append(c.name().toLowerCase(java.util.Locale.ROOT))
          .append(") | `")
          .append(c.sqlState())
          .append("` | ")
          .append(kind(c.kind()))
          .append(" |\n");
    }
    for (DeltaXErrorCondition c : DeltaXErrorCondition.values()) {
      out.append("\n## ")
          .append(c.name())
          .append("\n\nSQLSTATE `")
          .append(c.sqlState())
          .append("`, ")
          .append(kind(c.kind()))
          .append(".\n\n")
          .append(WHAT_TO_DO.getOrDefault(c, "(no advice written)"))
          .append("\n\n");
      Iterator<Map.Entry<String, JsonNode>> messages =
          table.path(c.name()).path("messages").properties().iterator();
      while (messages.hasNext()) {
        out.append("- ").append(message(c.template(messages.next().getKey()))).append("\n");
      }
    }
    return out.toString();
  }

  private static String kind(DeltaXErrorCondition.Kind kind) {
    return switch (kind) {
      case ANALYSIS -> "an `AnalysisException`";
      case ILLEGAL_ARGUMENT -> "an `IllegalArgumentException`";
      case RUNTIME -> "a `RuntimeException`";
    };
  }

  /**
   * A template as Markdown: each {@code <parameter>} as code, and the characters Markdown would
   * read as emphasis or HTML escaped.
   */
  static String message(String template) {
    StringBuilder text = new StringBuilder();
    Matcher m = DeltaXErrorCondition.PARAMETER.matcher(template);
    int at = 0;
    while (m.find()) {
      text.append(escape(template.substring(at, m.start())))
          .append("`<")
          .append(m.group(1))
          .append(">`");
      at = m.end();
    }
    return text.append(escape(template.substring(at))).toString();
  }

  private static String escape(String text) {
    return text.replace("\\", "\\\\")
        .replace("_", "\\_")
        .replace("*", "\\*")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace("|", "\\|");
  }

  private static JsonNode table() {
    try (InputStream in =
        ErrorReference.class.getClassLoader().getResourceAsStream(DeltaXErrorCondition.RESOURCE)) {
      return new ObjectMapper().readTree(in);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
