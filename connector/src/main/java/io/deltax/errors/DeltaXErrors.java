package io.deltax.errors;

import static io.deltax.errors.DeltaXErrorCondition.DELTAX_BACKFILL_INCOMPLETE;
import static io.deltax.errors.DeltaXErrorCondition.DELTAX_CHANGE_RANGE_NOT_AVAILABLE;
import static io.deltax.errors.DeltaXErrorCondition.DELTAX_CORRUPT_CHANGE_DATA;
import static io.deltax.errors.DeltaXErrorCondition.DELTAX_CORRUPT_DELETION_VECTOR;
import static io.deltax.errors.DeltaXErrorCondition.DELTAX_CORRUPT_LOG;
import static io.deltax.errors.DeltaXErrorCondition.DELTAX_INVALID_ARGUMENT;
import static io.deltax.errors.DeltaXErrorCondition.DELTAX_INVALID_CHANGE_RANGE;
import static io.deltax.errors.DeltaXErrorCondition.DELTAX_INVALID_OPTION;
import static io.deltax.errors.DeltaXErrorCondition.DELTAX_INVALID_TABLE_PROPERTY;
import static io.deltax.errors.DeltaXErrorCondition.DELTAX_IO_ERROR;
import static io.deltax.errors.DeltaXErrorCondition.DELTAX_LOG_INCOMPLETE;
import static io.deltax.errors.DeltaXErrorCondition.DELTAX_MISSING_PATH;
import static io.deltax.errors.DeltaXErrorCondition.DELTAX_MISSING_STATS;
import static io.deltax.errors.DeltaXErrorCondition.DELTAX_NOT_A_DELTA_TABLE;
import static io.deltax.errors.DeltaXErrorCondition.DELTAX_PROCEDURE_NOT_FOUND;
import static io.deltax.errors.DeltaXErrorCondition.DELTAX_ROW_TRACKING_INCOMPLETE;
import static io.deltax.errors.DeltaXErrorCondition.DELTAX_STREAM_BAD_OFFSET;
import static io.deltax.errors.DeltaXErrorCondition.DELTAX_STREAM_DATA_REMOVED;
import static io.deltax.errors.DeltaXErrorCondition.DELTAX_STREAM_SCHEMA_CHANGED;
import static io.deltax.errors.DeltaXErrorCondition.DELTAX_STREAM_TABLE_CHANGED;
import static io.deltax.errors.DeltaXErrorCondition.DELTAX_STREAM_VERSIONS_MISSING;
import static io.deltax.errors.DeltaXErrorCondition.DELTAX_TABLE_NOT_FOUND;
import static io.deltax.errors.DeltaXErrorCondition.DELTAX_TABLE_WITHOUT_COLUMNS;
import static io.deltax.errors.DeltaXErrorCondition.DELTAX_TIMESTAMP_NOT_AVAILABLE;
import static io.deltax.errors.DeltaXErrorCondition.DELTAX_TOO_MANY_CONFLICTS;
import static io.deltax.errors.DeltaXErrorCondition.DELTAX_UNSAFE_COMMIT_STORE;
import static io.deltax.errors.DeltaXErrorCondition.DELTAX_UNSUPPORTED_CHANGE_RANGE;
import static io.deltax.errors.DeltaXErrorCondition.DELTAX_UNSUPPORTED_OPTION;
import static io.deltax.errors.DeltaXErrorCondition.DELTAX_UNSUPPORTED_READER_FEATURE;
import static io.deltax.errors.DeltaXErrorCondition.DELTAX_UNSUPPORTED_READER_VERSION;
import static io.deltax.errors.DeltaXErrorCondition.DELTAX_UNSUPPORTED_TABLE;
import static io.deltax.errors.DeltaXErrorCondition.DELTAX_UNSUPPORTED_TYPE_CHANGE;
import static io.deltax.errors.DeltaXErrorCondition.DELTAX_UNSUPPORTED_WRITER_FEATURE;
import static io.deltax.errors.DeltaXErrorCondition.DELTAX_VERSION_NOT_AVAILABLE;

import java.io.IOException;
import java.util.Collection;
import java.util.Optional;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Every user-facing error deltax raises, in one place, so their wording stays consistent. Each
 * method renders its template, the one named after it in {@value DeltaXErrorCondition#RESOURCE},
 * with named parameters, and builds the exception its condition's kind asks for.
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
    return error(DELTAX_NOT_A_DELTA_TABLE, "notADeltaTable", null,
        "tablePath", tablePath, "why", why);
  }

  public static RuntimeException missingPathOption() {
    return error(DELTAX_MISSING_PATH, "missingPathOption", null);
  }

  public static RuntimeException logGap(String tablePath, long expected, long found) {
    return error(DELTAX_LOG_INCOMPLETE, "logGap", null,
        "tablePath", tablePath, "expected", expected, "found", found);
  }

  public static RuntimeException logStartMissing(String tablePath, long firstCommit) {
    return error(DELTAX_LOG_INCOMPLETE, "logStartMissing", null,
        "tablePath", tablePath, "firstCommit", firstCommit);
  }

  public static RuntimeException corruptLogFile(String file, String why, Throwable cause) {
    return error(DELTAX_CORRUPT_LOG, "corruptLogFile", cause, "file", file, "why", why);
  }

  public static RuntimeException corruptChangeDataFile(String tablePath, String file, String why) {
    return error(DELTAX_CORRUPT_CHANGE_DATA, "corruptChangeDataFile", null,
        "tablePath", tablePath, "file", file, "why", why);
  }

  /**
   * A checkpoint that cannot be read, with no older checkpoint or first commit to use instead.
   *
   * @param withoutIt why the log cannot rebuild the version without the checkpoint
   */
  public static RuntimeException unreadableCheckpoint(String tablePath, long version, String file,
      Throwable cause, Throwable withoutIt) {
    return error(DELTAX_CORRUPT_LOG, "unreadableCheckpoint", cause,
        "file", file, "tablePath", tablePath, "version", version, "why", cause.getMessage(),
        "whyNotWithout", withoutIt.getMessage());
  }

  /** A checkpoint that parses but lacks an action every checkpoint holds: a damaged file. */
  public static RuntimeException checkpointWithoutProtocolOrMetadata(String tablePath,
      long version, String file, String missing) {
    return error(DELTAX_CORRUPT_LOG, "checkpointWithoutProtocolOrMetadata", null,
        "tablePath", tablePath, "version", version, "file", file, "missing", missing);
  }

  public static RuntimeException missingProtocolOrMetadata(String tablePath, long version) {
    return error(DELTAX_CORRUPT_LOG, "missingProtocolOrMetadata", null,
        "tablePath", tablePath, "version", version);
  }

  public static RuntimeException unsupportedReaderFeatures(String tablePath, long version,
      Collection<String> features, Collection<String> supported) {
    return error(DELTAX_UNSUPPORTED_READER_FEATURE, "unsupportedReaderFeatures", null,
        "tablePath", tablePath, "version", version, "features", features, "supported", supported);
  }

  public static RuntimeException unsupportedTypeChange(String tablePath, long version,
      String column, String from, String to) {
    return error(DELTAX_UNSUPPORTED_TYPE_CHANGE, "unsupportedTypeChange", null,
        "tablePath", tablePath, "version", version, "column", column, "from", from, "to", to);
  }

  public static RuntimeException commitCoordinatorManaged(String tablePath, long version,
      String coordinator) {
    return error(DELTAX_UNSUPPORTED_TABLE, "commitCoordinatorManaged", null,
        "tablePath", tablePath, "version", version, "coordinator", coordinator);
  }

  public static RuntimeException unsupportedReaderVersion(String tablePath, long version,
      int minReaderVersion) {
    return error(DELTAX_UNSUPPORTED_READER_VERSION, "unsupportedReaderVersion", null,
        "tablePath", tablePath, "version", version, "minReaderVersion", minReaderVersion);
  }

  public static RuntimeException versionNotAvailable(String tablePath, long requested,
      long earliest, long latest) {
    return error(DELTAX_VERSION_NOT_AVAILABLE, "versionNotAvailable", null,
        "tablePath", tablePath, "requested", requested, "earliest", earliest, "latest", latest);
  }

  /** A new stream's {@code startingVersion} after the latest version, which delta-spark refuses. */
  public static RuntimeException streamStartAfterLatest(String tablePath, long requested,
      long latest) {
    return error(DELTAX_VERSION_NOT_AVAILABLE, "streamStartAfterLatest", null,
        "tablePath", tablePath, "requested", requested, "latest", latest);
  }

  public static RuntimeException timestampBeforeFirstCommit(String tablePath, String requested,
      String earliest) {
    return error(DELTAX_TIMESTAMP_NOT_AVAILABLE, "timestampBeforeFirstCommit", null,
        "tablePath", tablePath, "requested", requested, "earliest", earliest);
  }

  public static RuntimeException timestampAfterLastCommit(String tablePath, String requested,
      String latest) {
    return error(DELTAX_TIMESTAMP_NOT_AVAILABLE, "timestampAfterLastCommit", null,
        "tablePath", tablePath, "requested", requested, "latest", latest);
  }

  public static RuntimeException badOption(String option, String value, String expected) {
    return error(DELTAX_INVALID_OPTION, "badOption", null,
        "value", value, "option", option, "expected", expected);
  }

  public static RuntimeException unsupportedOption(String option, String why) {
    return error(DELTAX_UNSUPPORTED_OPTION, "unsupportedOption", null,
        "option", option, "why", why);
  }

  public static RuntimeException changeFeedOfLoadedTable(String tablePath) {
    return error(DELTAX_INVALID_OPTION, "changeFeedOfLoadedTable", null, "tablePath", tablePath);
  }

  public static RuntimeException conflictingTimeTravel() {
    return error(DELTAX_INVALID_OPTION, "conflictingTimeTravel", null);
  }

  public static RuntimeException badPartitionValue(String column, String value, String type) {
    return error(DELTAX_CORRUPT_LOG, "badPartitionValue", null,
        "value", value, "column", column, "type", type);
  }

  public static RuntimeException missingRowTrackingFields(String tablePath, long version,
      String file) {
    return error(DELTAX_ROW_TRACKING_INCOMPLETE, "missingRowTrackingFields", null,
        "tablePath", tablePath, "version", version, "file", file);
  }

  /**
   * A stream read a file from before row tracking's backfill, and the table's current version no
   * longer holds the file with the row IDs the backfill gave it.
   */
  public static RuntimeException streamRowIdsUnknown(String tablePath, String file, long version,
      Optional<Long> enablementVersion) {
    String start = enablementVersion
        .map(v -> "a startingVersion of " + v + " (where delta.enableRowTracking was turned on) "
            + "or later")
        .orElse("a startingVersion at which delta.enableRowTracking was already on");
    return error(DELTAX_ROW_TRACKING_INCOMPLETE, "streamRowIdsUnknown", null,
        "tablePath", tablePath, "file", file, "version", version, "start", start);
  }

  /** A read of a table whose metadata has no columns, which delta-spark refuses too. */
  public static RuntimeException tableWithoutColumns(String tablePath, long version) {
    return error(DELTAX_TABLE_WITHOUT_COLUMNS, "tableWithoutColumns", null,
        "tablePath", tablePath, "version", version);
  }

  public static RuntimeException unreadableDeletionVector(String tablePath, String dataFile,
      Throwable cause) {
    // Some I/O exceptions (an EOFException among them) carry no message: name their kind instead.
    String why = cause.getMessage() != null ? cause.getMessage() : cause.getClass().getSimpleName();
    return error(DELTAX_CORRUPT_DELETION_VECTOR, "unreadableDeletionVector", cause,
        "dataFile", dataFile, "tablePath", tablePath, "why", why);
  }

  public static RuntimeException fileSystemError(String tablePath, Throwable cause) {
    return error(DELTAX_IO_ERROR, "fileSystemError", cause,
        "tablePath", tablePath, "why", cause.getMessage());
  }

  public static RuntimeException unsupportedWriterFeatures(String tablePath,
      Collection<String> features, Collection<String> writable) {
    return error(DELTAX_UNSUPPORTED_WRITER_FEATURE, "unsupportedWriterFeatures", null,
        "tablePath", tablePath, "features", features, "writable", writable);
  }

  public static RuntimeException invalidTableProperty(String tablePath, String key, String value,
      String expected) {
    return error(DELTAX_INVALID_TABLE_PROPERTY, "invalidTableProperty", null,
        "tablePath", tablePath, "key", key, "value", value, "expected", expected);
  }

  // Writers and their arguments: the procedures, the backfill, the preservation, bin/deltax.

  /**
   * A procedure argument, session conf or {@code bin/deltax} flag that takes a whole number, given
   * something else; raised before anything is written.
   *
   * @param range "1 to 2147483647 files per commit"
   */
  public static RuntimeException notAWholeNumber(String setting, String value, String range) {
    return error(DELTAX_INVALID_ARGUMENT, "notAWholeNumber", null,
        "setting", setting, "range", range, "value", value);
  }

  /** As {@link #notAWholeNumber}, for a whole number outside the range. */
  public static RuntimeException outOfRange(String setting, String value, String range,
      boolean above) {
    return error(DELTAX_INVALID_ARGUMENT, "outOfRange", null,
        "setting", setting, "value", value, "comparison", above ? "exceeds" : "is below",
        "range", range);
  }

  public static RuntimeException nullArgument(String argument, String expected) {
    return error(DELTAX_INVALID_ARGUMENT, "nullArgument", null,
        "argument", argument, "expected", expected);
  }

  public static RuntimeException missingTableArgument() {
    return error(DELTAX_INVALID_ARGUMENT, "missingTableArgument", null);
  }

  public static RuntimeException catalogTableNotFound(String table, Throwable cause) {
    String why = cause.getMessage() == null ? cause.toString()
        : cause.getMessage().lines().findFirst().orElse("");
    return error(DELTAX_TABLE_NOT_FOUND, "catalogTableNotFound", cause, "table", table, "why", why);
  }

  public static RuntimeException notADeltaCatalogTable(String table, String provider) {
    return error(DELTAX_NOT_A_DELTA_TABLE, "notADeltaCatalogTable", null,
        "table", table, "provider", provider);
  }

  public static RuntimeException procedureNotFound(String procedure, String catalog,
      Collection<String> procedures) {
    return error(DELTAX_PROCEDURE_NOT_FOUND, "procedureNotFound", null,
        "procedure", procedure, "catalog", catalog, "procedures", procedures);
  }

  /** @param wrote whether the backfill committed versions before it came to the file */
  public static RuntimeException missingRecordCount(String tablePath, String file, boolean wrote) {
    return error(DELTAX_MISSING_STATS, "missingRecordCount", null,
        "file", file, "tablePath", tablePath, "written", written(wrote));
  }

  /** @param what the work that failed, such as "Storing the row data versions of /t" */
  public static RuntimeException ioError(String what, IOException cause) {
    return error(DELTAX_IO_ERROR, "ioError", cause, "what", what, "error", cause);
  }

  /** @param wrote whether the backfill committed versions before the failure */
  public static RuntimeException backfillIoError(String tablePath, boolean wrote,
      IOException cause) {
    return error(DELTAX_IO_ERROR, "backfillIoError", cause,
        "tablePath", tablePath, "error", cause, "written", written(wrote));
  }

  public static RuntimeException filesWithoutRowIdsAppeared(String tablePath) {
    return error(DELTAX_BACKFILL_INCOMPLETE, "filesWithoutRowIdsAppeared", null,
        "tablePath", tablePath);
  }

  public static RuntimeException backfillConflicts(String tablePath, int conflicts) {
    return error(DELTAX_TOO_MANY_CONFLICTS, "backfillConflicts", null,
        "tablePath", tablePath, "conflicts", conflicts);
  }

  public static RuntimeException preservationConflicts(String tablePath, int conflicts) {
    return error(DELTAX_TOO_MANY_CONFLICTS, "preservationConflicts", null,
        "tablePath", tablePath, "conflicts", conflicts);
  }

  public static RuntimeException rowTrackingSuspended(String table) {
    return error(DELTAX_UNSUPPORTED_TABLE, "rowTrackingSuspended", null, "table", table);
  }

  public static RuntimeException rowTrackingSuspendedDuringBackfill(String table) {
    return error(DELTAX_UNSUPPORTED_TABLE, "rowTrackingSuspendedDuringBackfill", null,
        "table", table);
  }

  public static RuntimeException rowTrackingDroppedDuringBackfill(String table, long version) {
    return error(DELTAX_UNSUPPORTED_TABLE, "rowTrackingDroppedDuringBackfill", null,
        "table", table, "version", version);
  }

  public static RuntimeException noDomainMetadata(String tablePath) {
    return error(DELTAX_UNSUPPORTED_TABLE, "noDomainMetadata", null, "tablePath", tablePath);
  }

  // The change feed (readChangeFeed, deltax_changes): raised before any data file is read.

  public static RuntimeException missingChangeFeedStart() {
    return error(DELTAX_INVALID_OPTION, "missingChangeFeedStart", null);
  }

  public static RuntimeException conflictingOptions(String first, String second) {
    return error(DELTAX_INVALID_OPTION, "conflictingOptions", null,
        "first", first, "second", second);
  }

  public static RuntimeException changeRangeReversed(String tablePath, long start, long end) {
    return error(DELTAX_INVALID_CHANGE_RANGE, "changeRangeReversed", null,
        "tablePath", tablePath, "start", start, "end", end);
  }

  public static RuntimeException changeRangeStartsAfterLatest(String tablePath, long start,
      long latest) {
    return error(DELTAX_CHANGE_RANGE_NOT_AVAILABLE, "changeRangeStartsAfterLatest", null,
        "tablePath", tablePath, "start", start, "latest", latest);
  }

  /** @param startChosen whether a batch read chose the start, else a stream resumes there */
  public static RuntimeException changeRangeStateBeforeGone(String tablePath, long start,
      boolean startChosen) {
    String whatToDo = startChosen ? "Start from version " + (start + 1) + "."
        : "The stream cannot go on from there: start a new one (a new checkpoint location) "
            + "from version " + (start + 1) + ".";
    return error(DELTAX_CHANGE_RANGE_NOT_AVAILABLE, "changeRangeStateBeforeGone", null,
        "tablePath", tablePath, "start", start, "whatToDo", whatToDo);
  }

  /** @param available "versions 3 to 17" */
  public static RuntimeException changeRangeNotAvailable(String tablePath, long start, long end,
      String available) {
    return error(DELTAX_CHANGE_RANGE_NOT_AVAILABLE, "changeRangeNotAvailable", null,
        "tablePath", tablePath, "start", start, "end", end, "available", available);
  }

  /**
   * @param readableFrom the first version whose changes the later schemas can represent: the
   *     schema change's own, or the next one where that commit also removed rows written before it
   */
  public static RuntimeException changeRangeSchemaChange(String tablePath, long version,
      String why, long readableFrom) {
    return error(DELTAX_UNSUPPORTED_CHANGE_RANGE, "changeRangeSchemaChange", null,
        "tablePath", tablePath, "version", version, "why", why, "previousVersion", version - 1,
        "readableFrom", readableFrom);
  }

  public static RuntimeException rowTrackingDisabledInRange(String tablePath, long version) {
    return error(DELTAX_UNSUPPORTED_CHANGE_RANGE, "rowTrackingDisabledInRange", null,
        "tablePath", tablePath, "version", version, "previousVersion", version - 1);
  }

  /**
   * A table column has the name of a column the change feed adds; delta-spark refuses to turn its
   * change data feed on for such a table ({@code DELTA_TABLE_ALREADY_CONTAINS_CDC_COLUMNS}).
   */
  public static RuntimeException tableHasChangeFeedColumn(String tablePath, String column) {
    return error(DELTAX_UNSUPPORTED_TABLE, "tableHasChangeFeedColumn", null,
        "tablePath", tablePath, "column", column);
  }

  /** Spark 4.2's CHANGES query asked for post-processing that needs row IDs the range lacks. */
  public static RuntimeException changelogWithoutRowIds(String tablePath, long version,
      String deduplicationMode, boolean computeUpdates) {
    return error(DELTAX_UNSUPPORTED_CHANGE_RANGE, "changelogWithoutRowIds", null,
        "tablePath", tablePath, "deduplicationMode", deduplicationMode,
        "computeUpdates", computeUpdates, "version", version);
  }

  public static RuntimeException badTableFunctionArgument(String function, String given,
      String expected) {
    return error(DELTAX_INVALID_ARGUMENT, "badTableFunctionArgument", null,
        "function", function, "expected", expected, "given", given);
  }

  /**
   * A commit refused before anything is written: on {@code store} deltax cannot make a commit
   * put-if-absent, so a concurrent writer could overwrite it unnoticed.
   *
   * @param why what is missing, and how to turn it on
   */
  public static RuntimeException unsafeCommitStore(String store, String tablePath, String why) {
    return error(DELTAX_UNSAFE_COMMIT_STORE, "unsafeCommitStore", null,
        "tablePath", tablePath, "store", store, "why", why);
  }

  // Streams (readStream.format("deltax")): raised when a micro-batch is planned, before it reads.

  /** A commit that removed data, which an append-only stream cannot pass on. */
  public static RuntimeException streamDataRemoved(String tablePath, long version,
      String operation) {
    return error(DELTAX_STREAM_DATA_REMOVED, "streamDataRemoved", null,
        "tablePath", tablePath, "version", version, "operation", operation);
  }

  /** The table at the path is another table than the one the stream's offset is of. */
  public static RuntimeException streamTableChanged(String tablePath, String expectedId,
      String foundId) {
    return error(DELTAX_STREAM_TABLE_CHANGED, "streamTableChanged", null,
        "expectedId", expectedId, "tablePath", tablePath, "foundId", foundId);
  }

  /**
   * The commits the stream needs next were cleaned up from the log.
   *
   * @param next what the log holds after them ("version 7, the earliest it still holds after
   *     them", or that it holds none)
   */
  public static RuntimeException streamVersionsMissing(String tablePath, long firstMissing,
      long lastMissing, String next) {
    return error(DELTAX_STREAM_VERSIONS_MISSING, "streamVersionsMissing", null,
        "tablePath", tablePath, "firstMissing", firstMissing, "lastMissing", lastMissing,
        "next", next);
  }

  /**
   * Rows a stream must read were written under a schema its own cannot read them with, though the
   * names and types may look alike: a column dropped and added again (another physical name),
   * column mapping removed, a column the stream holds NOT NULL that may now be null.
   *
   * @param version the commit that set {@code versionSchema}
   */
  public static RuntimeException streamCannotReadVersion(String tablePath, long version,
      String versionSchema, String streamSchema, String why) {
    return error(DELTAX_STREAM_SCHEMA_CHANGED, "streamCannotReadVersion", null,
        "tablePath", tablePath, "version", version, "versionSchema", versionSchema,
        "streamSchema", streamSchema, "why", why);
  }

  /**
   * A stream's first rows, where a new query starts or a restarted one resumes, were written under
   * a schema its own (the latest) cannot read.
   */
  public static RuntimeException streamCannotResume(String tablePath, long version,
      boolean newQuery, String versionSchema, String streamSchema, String why) {
    return error(DELTAX_STREAM_SCHEMA_CHANGED, "streamCannotResume", null,
        "tablePath", tablePath, "action", newQuery ? "start" : "resume", "version", version,
        "versionSchema", versionSchema, "streamSchema", streamSchema, "why", why);
  }

  /** The table's schema changed under a running stream. */
  public static RuntimeException streamSchemaChanged(String tablePath, long version,
      String oldSchema, String newSchema) {
    return error(DELTAX_STREAM_SCHEMA_CHANGED, "streamSchemaChanged", null,
        "tablePath", tablePath, "version", version, "oldSchema", oldSchema, "newSchema", newSchema);
  }

  /** An offset from another source or a newer deltax. */
  public static RuntimeException badStreamOffset(String tablePath, String offset, String why) {
    return error(DELTAX_STREAM_BAD_OFFSET, "badStreamOffset", null,
        "tablePath", tablePath, "offset", offset, "why", why);
  }

  private static final String COMMITS_STAY = "The commits already written stay valid, and the "
      + "next call goes on from them.";

  /** What a writer that failed leaves behind. */
  private static String written(boolean wrote) {
    return wrote ? COMMITS_STAY : "Nothing was written.";
  }

  /**
   * The exception of {@code condition}, its message rendered from the template {@code message}.
   *
   * @param parameters names and values, alternating
   */
  private static RuntimeException error(DeltaXErrorCondition condition, String message,
      Throwable cause, Object... parameters) {
    Map<String, String> named = new LinkedHashMap<>();
    for (int i = 0; i < parameters.length; i += 2) {
      named.put((String) parameters[i], String.valueOf(parameters[i + 1]));
    }
    String template = condition.template(message);
    String text = "[" + condition.name() + "] " + DeltaXErrorCondition.render(template, named)
        + " SQLSTATE: " + condition.sqlState();
    return switch (condition.kind()) {
      case ANALYSIS ->
          throw DeltaXErrors.<RuntimeException>unchecked(
              new DeltaXAnalysisException(condition, template, named, text, cause));
      case ILLEGAL_ARGUMENT ->
          new DeltaXIllegalArgumentException(condition, template, named, text, cause);
      case RUNTIME -> new DeltaXRuntimeException(condition, template, named, text, cause);
    };
  }

  /** Throws {@code e}, checked or not, as the JVM allows. */
  @SuppressWarnings("unchecked")
  private static <E extends Throwable> RuntimeException unchecked(Throwable e) throws E {
    throw (E) e;
  }
}
