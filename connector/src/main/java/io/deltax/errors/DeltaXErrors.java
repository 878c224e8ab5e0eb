package io.deltax.errors;

import java.io.IOException;
import java.util.Collection;
import java.util.Optional;

/** Every user-facing error deltax raises, in one place, so their wording stays consistent. */
public final class DeltaXErrors {
  private DeltaXErrors() {}

  public static DeltaXException tableNotFound(String tablePath) {
    return new DeltaXException("DELTAX_TABLE_NOT_FOUND",
        "No Delta table at " + tablePath + ": the path does not exist. Check the path and that this "
            + "Spark session can reach its file system.");
  }

  public static DeltaXException notADeltaTable(String tablePath, String why) {
    return new DeltaXException("DELTAX_NOT_A_DELTA_TABLE",
        tablePath + " is not a Delta table: " + why
            + ". deltax reads tables that have a _delta_log directory with at least one commit.");
  }

  public static DeltaXException missingPathOption() {
    return new DeltaXException("DELTAX_MISSING_PATH",
        "No table path given. Use spark.read.format(\"deltax\").load(\"/path/to/table\") "
            + "or .option(\"path\", ...).");
  }

  public static DeltaXException logGap(String tablePath, long expected, long found) {
    return new DeltaXException("DELTAX_LOG_INCOMPLETE",
        "The _delta_log of " + tablePath + " is missing commit " + expected + " (the next commit "
            + "found is " + found + "). The log is incomplete; the table cannot be read at this "
            + "version.");
  }

  public static DeltaXException logStartMissing(String tablePath, long firstCommit) {
    return new DeltaXException("DELTAX_LOG_INCOMPLETE",
        "The _delta_log of " + tablePath + " starts at commit " + firstCommit
            + " and has no checkpoint to start from, so no version of the table can be rebuilt.");
  }

  public static DeltaXException corruptLogFile(String file, String why, Throwable cause) {
    return new DeltaXException("DELTAX_CORRUPT_LOG",
        "Cannot read Delta log file " + file + ": " + why
            + ". The file may be truncated or was not written by a Delta writer.", cause);
  }

  public static DeltaXException corruptChangeDataFile(String tablePath, String file, String why) {
    return new DeltaXException("DELTAX_CORRUPT_CHANGE_DATA",
        "Cannot read the change data file " + file + " of " + tablePath + ": " + why
            + ". Each row of a change data file names its change in _change_type: insert, "
            + "update_preimage, update_postimage or delete.");
  }

  /** A checkpoint that cannot be read, with no older checkpoint or first commit to use instead. */
  /** @param withoutIt why the log cannot rebuild the version without the checkpoint */
  public static DeltaXException unreadableCheckpoint(String tablePath, long version, String file,
      Throwable cause, Throwable withoutIt) {
    return new DeltaXException("DELTAX_CORRUPT_LOG",
        "Cannot read checkpoint " + file + " of table " + tablePath + " to rebuild version "
            + version + " (" + cause.getMessage() + "), and the log cannot rebuild it without "
            + "that checkpoint (" + withoutIt.getMessage() + "). Restore the checkpoint file, or "
            + "the commits before it.", cause);
  }

  /** A checkpoint that parses but lacks an action every checkpoint holds: a damaged file. */
  public static DeltaXException checkpointWithoutProtocolOrMetadata(String tablePath,
      long version, String file, String missing) {
    return new DeltaXException("DELTAX_CORRUPT_LOG",
        "Checkpoint " + file + " of table " + tablePath + " (version " + version + ") has no "
            + missing + " action, which every checkpoint holds: the file is damaged.");
  }

  public static DeltaXException missingProtocolOrMetadata(String tablePath, long version) {
    return new DeltaXException("DELTAX_CORRUPT_LOG",
        "The log of " + tablePath + " at version " + version
            + " has no protocol or no metaData action; it is not a valid Delta table state.");
  }

  public static DeltaXException unsupportedReaderFeatures(
      String tablePath, long version, Collection<String> features, Collection<String> supported) {
    return new DeltaXException("DELTAX_UNSUPPORTED_READER_FEATURE",
        "Table " + tablePath + " (version " + version + ") requires reader feature(s) " + features
            + " that deltax does not support, so it refuses to read the table. deltax supports "
            + "the reader features " + supported + ".");
  }

  public static DeltaXException unsupportedTypeChange(String tablePath, long version, String column,
      String from, String to) {
    return new DeltaXException("DELTAX_UNSUPPORTED_TYPE_CHANGE", "Table " + tablePath + " (version "
        + version + ") records a type change of column " + column + " from " + from + " to " + to
        + " (delta.typeChanges), which is not one of the widenings PROTOCOL.md's Type Widening "
        + "allows, so deltax cannot read the files written before it and refuses the table.");
  }

  public static DeltaXException commitCoordinatorManaged(String tablePath, long version, String coordinator) {
    return new DeltaXException("DELTAX_UNSUPPORTED_TABLE", "Table " + tablePath + " (version " + version
        + ") has its commits managed by the commit coordinator '" + coordinator + "' (table property "
        + "delta.coordinatedCommits.commitCoordinator-preview): its newest commits may exist only in "
        + "_delta_log/_commits until the coordinator copies them into the log, and deltax reads the "
        + "log's files alone, so it refuses rather than read an older version as the latest. Read "
        + "it with delta-spark, or turn coordination off (ALTER TABLE ... DROP FEATURE "
        + "'coordinatedCommits-preview' backfills every commit).");
  }

  public static DeltaXException unsupportedReaderVersion(String tablePath, long version, int minReaderVersion) {
    return new DeltaXException("DELTAX_UNSUPPORTED_READER_VERSION",
        "Table " + tablePath + " (version " + version + ") requires Delta reader version "
            + minReaderVersion + "; deltax reads versions 1 to 3.");
  }

  public static DeltaXException versionNotAvailable(String tablePath, long requested, long earliest, long latest) {
    return new DeltaXException("DELTAX_VERSION_NOT_AVAILABLE",
        "Cannot time travel " + tablePath + " to version " + requested
            + ": the available versions are " + earliest + " to " + latest + ".");
  }

  /** A new stream's {@code startingVersion} after the latest version (delta-spark refuses it too). */
  public static DeltaXException streamStartAfterLatest(String tablePath, long requested, long latest) {
    return new DeltaXException("DELTAX_VERSION_NOT_AVAILABLE",
        "Cannot start a stream of " + tablePath + " at version " + requested + ": the latest version is "
            + latest + ". Use startingVersion = 'latest' to read the commits made from now on.");
  }

  public static DeltaXException timestampBeforeFirstCommit(String tablePath, String requested, String earliest) {
    return new DeltaXException("DELTAX_TIMESTAMP_NOT_AVAILABLE",
        "Cannot find the version of " + tablePath + " as of " + requested
            + ": it is before the earliest available commit (" + earliest + ").");
  }

  public static DeltaXException timestampAfterLastCommit(String tablePath, String requested, String latest) {
    return new DeltaXException("DELTAX_TIMESTAMP_NOT_AVAILABLE",
        "Cannot find the version of " + tablePath + " as of " + requested
            + ": it is after the latest commit (" + latest + "). Use a timestamp at or before it.");
  }

  public static DeltaXException badOption(String option, String value, String expected) {
    return new DeltaXException("DELTAX_INVALID_OPTION",
        "Invalid value '" + value + "' for option " + option + ": expected " + expected + ".");
  }

  public static DeltaXException unsupportedOption(String option, String why) {
    return new DeltaXException("DELTAX_UNSUPPORTED_OPTION",
        "Option " + option + " is not supported: " + why + ".");
  }

  public static DeltaXException changeFeedOfLoadedTable(String tablePath) {
    return new DeltaXException("DELTAX_INVALID_OPTION",
        "Option readChangeFeed cannot be given to a table a catalog loaded (" + tablePath
            + "): Spark resolved it to the table's snapshot before it read the options. Read the "
            + "changes with spark.read.format(\"deltax\").option(\"readChangeFeed\", \"true\")"
            + ".option(\"startingVersion\", ...).load(\"" + tablePath + "\"), or in SQL with "
            + "deltax_changes('" + tablePath + "', start[, end[, mode]]).");
  }

  public static DeltaXException conflictingTimeTravel() {
    return new DeltaXException("DELTAX_INVALID_OPTION",
        "Options versionAsOf and timestampAsOf cannot be used together; give one of them.");
  }

  public static DeltaXException badPartitionValue(String column, String value, String type) {
    return new DeltaXException("DELTAX_CORRUPT_LOG",
        "Partition value '" + value + "' of column " + column + " cannot be read as " + type + ".");
  }

  public static DeltaXException missingRowTrackingFields(String tablePath, long version, String file) {
    return new DeltaXException("DELTAX_ROW_TRACKING_INCOMPLETE",
        "Table " + tablePath + " (version " + version + ") has row tracking enabled, but its file "
            + file + " has no baseRowId or defaultRowCommitVersion, so its rows have no row IDs. "
            + "The table was enabled without a complete backfill; backfill it before reading "
            + "_metadata.row_id.");
  }

  /**
   * A stream read a file from before row tracking's backfill, and the table's current version no
   * longer holds the file with the row IDs the backfill gave it.
   */
  public static DeltaXException streamRowIdsUnknown(String tablePath, String file, long version,
      Optional<Long> enablementVersion) {
    String start = enablementVersion
        .map(v -> "a startingVersion of " + v + " (where delta.enableRowTracking was turned on) "
            + "or later")
        .orElse("a startingVersion at which delta.enableRowTracking was already on");
    return new DeltaXException("DELTAX_ROW_TRACKING_INCOMPLETE",
        "The stream of table " + tablePath + " reads file " + file + " from a commit made before "
            + "row tracking was enabled. Its add action has no baseRowId, and version " + version
            + " no longer holds the file with the row IDs the backfill gave it, so its rows have "
            + "no known row IDs. A stream that starts from the table's snapshot (no "
            + "startingVersion or startingTimestamp) or with " + start + " reads row IDs.");
  }

  /** A read of a table whose metadata has no columns, which delta-spark refuses too. */
  public static DeltaXException tableWithoutColumns(String tablePath, long version) {
    return new DeltaXException("DELTAX_TABLE_WITHOUT_COLUMNS",
        "Table " + tablePath + " (version " + version + ") has no columns: its metaData action has "
            + "no schemaString or an empty one, so there is nothing to read. Give the table "
            + "columns (a writer that sets its schema), or read a version that has them.");
  }

  public static DeltaXException unreadableDeletionVector(String tablePath, String dataFile, Throwable cause) {
    // Some I/O exceptions (an EOFException among them) carry no message: name their kind instead.
    String why = cause.getMessage() != null ? cause.getMessage() : cause.getClass().getSimpleName();
    return new DeltaXException("DELTAX_CORRUPT_DELETION_VECTOR",
        "Cannot read the deletion vector of " + dataFile + " in table " + tablePath + ": "
            + why + ". Without it deltax cannot tell which rows were deleted.", cause);
  }

  public static DeltaXException fileSystemError(String tablePath, Throwable cause) {
    return new DeltaXException("DELTAX_IO_ERROR",
        "Cannot read the Delta log of " + tablePath + ": " + cause.getMessage(), cause);
  }

  public static DeltaXException unsupportedWriterFeatures(
      String tablePath, Collection<String> features, Collection<String> writable) {
    return new DeltaXException("DELTAX_UNSUPPORTED_WRITER_FEATURE",
        "Cannot write to " + tablePath + ": it has table feature(s) " + features + " whose rules "
            + "deltax does not implement, so deltax writes nothing. deltax writes tables with the "
            + "features " + writable + ".");
  }

  public static DeltaXException invalidTableProperty(String tablePath, String key, String value,
      String expected) {
    return new DeltaXException("DELTAX_INVALID_TABLE_PROPERTY",
        "Table " + tablePath + " has " + key + " = '" + value + "', which is not " + expected
            + ". Set a valid value with ALTER TABLE ... SET TBLPROPERTIES.");
  }

  // ---------------------------------------------------------------------------------------------
  // Writers and their arguments: the procedures, the backfill, the preservation, bin/deltax.
  // ---------------------------------------------------------------------------------------------

  /**
   * A procedure argument, session conf or {@code bin/deltax} flag that takes a whole number, given
   * something else; raised before anything is written.
   *
   * @param range "1 to 2147483647 files per commit"
   */
  public static DeltaXException notAWholeNumber(String setting, String value, String range) {
    return new DeltaXException("DELTAX_INVALID_ARGUMENT",
        setting + " takes a whole number from " + range + ", not " + value + ". Nothing was written.");
  }

  /** As {@link #notAWholeNumber}, for a whole number outside the range. */
  public static DeltaXException outOfRange(String setting, String value, String range, boolean above) {
    return new DeltaXException("DELTAX_INVALID_ARGUMENT", setting + " " + value
        + (above ? " exceeds" : " is below") + " the range of " + range + ". Nothing was written.");
  }

  public static DeltaXException nullArgument(String argument, String expected) {
    return new DeltaXException("DELTAX_INVALID_ARGUMENT",
        argument + " takes " + expected + ", not NULL. Nothing was written.");
  }

  public static DeltaXException missingTableArgument() {
    return new DeltaXException("DELTAX_INVALID_ARGUMENT",
        "table must name a Delta table: a path such as '/data/events' or a table name.");
  }

  public static DeltaXException catalogTableNotFound(String table, Throwable cause) {
    String why = cause.getMessage() == null ? cause.toString() : cause.getMessage().lines().findFirst().orElse("");
    return new DeltaXException("DELTAX_TABLE_NOT_FOUND", "No table " + table + " in the session "
        + "catalog (" + why + "). Give a table name the session catalog knows, or the table's path.", cause);
  }

  public static DeltaXException notADeltaCatalogTable(String table, String provider) {
    return new DeltaXException("DELTAX_NOT_A_DELTA_TABLE",
        "Table " + table + " has provider '" + provider + "', not delta.");
  }

  public static DeltaXException procedureNotFound(String procedure, String catalog, Collection<String> procedures) {
    return new DeltaXException("DELTAX_PROCEDURE_NOT_FOUND", "No procedure " + procedure
        + " in catalog " + catalog + "; deltax has " + procedures + ".");
  }

  /** @param wrote whether the backfill committed versions before it came to the file */
  public static DeltaXException missingRecordCount(String tablePath, String file, boolean wrote) {
    return new DeltaXException("DELTAX_MISSING_STATS", "Cannot assign row IDs to " + file
        + " in " + tablePath + ": its add action has no numRecords statistic, and row IDs are "
        + "assigned by record count. Recompute statistics for the table first. "
        + (wrote ? COMMITS_STAY : "Nothing was written."));
  }

  private static final String COMMITS_STAY = "The commits already written stay valid, and the "
      + "next call goes on from them.";

  /** @param what the work that failed, such as "Storing the row data versions of /t" */
  public static DeltaXException ioError(String what, IOException cause) {
    return new DeltaXException("DELTAX_IO_ERROR", what + " failed reading or writing its files: " + cause, cause);
  }

  /** @param wrote whether the backfill committed versions before the failure */
  public static DeltaXException backfillIoError(String tablePath, boolean wrote, IOException cause) {
    return new DeltaXException("DELTAX_IO_ERROR", "Row tracking backfill of " + tablePath
        + " failed reading or writing its files: " + cause + ". "
        + (wrote ? COMMITS_STAY : "Nothing was written."), cause);
  }

  public static DeltaXException filesWithoutRowIdsAppeared(String tablePath) {
    return new DeltaXException("DELTAX_BACKFILL_INCOMPLETE", "Files without row IDs appeared "
        + "in " + tablePath + " while row tracking was being enabled; call backfill_row_tracking again.");
  }

  public static DeltaXException backfillConflicts(String tablePath, int conflicts) {
    return new DeltaXException("DELTAX_TOO_MANY_CONFLICTS", "Gave up the row tracking backfill of "
        + tablePath + " after " + conflicts + " commits lost to concurrent "
        + "writers. What was committed stays; call again when the table is quieter.");
  }

  public static DeltaXException preservationConflicts(String tablePath, int conflicts) {
    return new DeltaXException("DELTAX_TOO_MANY_CONFLICTS", "Gave up storing the row data versions of "
        + tablePath + " after " + conflicts + " commits lost to concurrent writers; call again.");
  }

  public static DeltaXException rowTrackingSuspended(String table) {
    return new DeltaXException("DELTAX_UNSUPPORTED_TABLE", "Cannot backfill row IDs of " + table
        + ": its property delta.rowTrackingSuspended is true, so no writer may assign row IDs and "
        + "row tracking cannot be enabled beside it. Nothing was written. To backfill, first run "
        + "ALTER TABLE ... UNSET TBLPROPERTIES ('delta.rowTrackingSuspended').");
  }

  public static DeltaXException rowTrackingSuspendedDuringBackfill(String table) {
    return new DeltaXException("DELTAX_UNSUPPORTED_TABLE", "Row tracking backfill of " + table
        + " stopped: another writer set its property delta.rowTrackingSuspended to true, so no "
        + "writer may assign row IDs and row tracking cannot be enabled beside it. The commits "
        + "already written stay valid. To backfill, first run ALTER TABLE ... UNSET TBLPROPERTIES "
        + "('delta.rowTrackingSuspended'), then call the backfill again.");
  }

  public static DeltaXException rowTrackingDroppedDuringBackfill(String table, long version) {
    return new DeltaXException("DELTAX_UNSUPPORTED_TABLE", "Row tracking backfill of " + table
        + " stopped: another writer removed the rowTracking feature from its protocol (version "
        + version + " has it no more), so row tracking cannot be enabled. The commits already "
        + "written stay valid; call the backfill again to add the feature back and finish.");
  }

  public static DeltaXException noDomainMetadata(String tablePath) {
    return new DeltaXException("DELTAX_UNSUPPORTED_TABLE", "Cannot store row data versions in "
        + tablePath + ": its protocol does not support the domainMetadata writer feature. "
        + "Nothing was written.");
  }

  // ---------------------------------------------------------------------------------------------
  // The change feed (readChangeFeed, deltax_changes): raised before any data file is read.
  // ---------------------------------------------------------------------------------------------

  public static DeltaXException missingChangeFeedStart() {
    return new DeltaXException("DELTAX_INVALID_OPTION",
        "readChangeFeed needs the start of the range: give startingVersion or startingTimestamp "
            + "(and optionally endingVersion or endingTimestamp; the default end is the latest version).");
  }

  public static DeltaXException conflictingOptions(String first, String second) {
    return new DeltaXException("DELTAX_INVALID_OPTION",
        "Options " + first + " and " + second + " cannot be used together; give one of them.");
  }

  public static DeltaXException changeRangeReversed(String tablePath, long start, long end) {
    return new DeltaXException("DELTAX_INVALID_CHANGE_RANGE",
        "Cannot read the changes of " + tablePath + " from version " + start + " to version " + end
            + ": the start is after the end. Give a starting version at or before the ending version.");
  }

  public static DeltaXException changeRangeStartsAfterLatest(String tablePath, long start, long latest) {
    return new DeltaXException("DELTAX_CHANGE_RANGE_NOT_AVAILABLE",
        "Cannot read the changes of " + tablePath + " from version " + start + ": the latest version is "
            + latest + ". Give a starting version at or before it.");
  }

  /** @param startChosen whether the user chose the start (a batch read), else a stream resumes there */
  public static DeltaXException changeRangeStateBeforeGone(String tablePath, long start, boolean startChosen) {
    return new DeltaXException("DELTAX_CHANGE_RANGE_NOT_AVAILABLE",
        "Cannot read the changes of " + tablePath + " from version " + start + ": version " + start
            + " changes the table's protocol or metadata, and log clean-up removed the commits that say what"
            + " they were before it. " + (startChosen ? "Start from version " + (start + 1) + "."
                : "The stream cannot go on from there: start a new one (a new checkpoint location) from version "
                    + (start + 1) + "."));
  }

  /** @param available "versions 3 to 17" */
  public static DeltaXException changeRangeNotAvailable(String tablePath, long start, long end,
      String available) {
    return new DeltaXException("DELTAX_CHANGE_RANGE_NOT_AVAILABLE",
        "Cannot read the changes of " + tablePath + " from version " + start + " to version " + end
            + ": the log holds the commits of " + available + " only. Give a range inside it.");
  }

  /**
   * @param readableFrom the first version whose changes the later schemas can represent: the
   *     schema change's own, or the next one where that commit also removed rows written before it
   */
  public static DeltaXException changeRangeSchemaChange(String tablePath, long version, String why,
      long readableFrom) {
    return new DeltaXException("DELTAX_UNSUPPORTED_CHANGE_RANGE",
        "Cannot read the changes of " + tablePath + " across version " + version + ": its schema "
            + "change " + why + ", which the range's last schema cannot represent. Read the changes "
            + "up to version " + (version - 1) + " and from version " + readableFrom + " on "
            + "separately.");
  }

  public static DeltaXException rowTrackingDisabledInRange(String tablePath, long version) {
    return new DeltaXException("DELTAX_UNSUPPORTED_CHANGE_RANGE",
        "Cannot read the changes of " + tablePath + " across version " + version + ": it disabled "
            + "row tracking, so the rows after it cannot be matched with the rows before it. Read "
            + "the changes up to version " + (version - 1) + " instead.");
  }

  /**
   * A table column has the name of a column the change feed adds; delta-spark refuses to turn its
   * change data feed on for such a table ({@code DELTA_TABLE_ALREADY_CONTAINS_CDC_COLUMNS}).
   */
  public static DeltaXException tableHasChangeFeedColumn(String tablePath, String column) {
    return new DeltaXException("DELTAX_UNSUPPORTED_TABLE",
        "Cannot give the changes of " + tablePath + ": its column " + column + " has the name of a "
            + "column the change feed adds (_change_type, _commit_version, _commit_timestamp), so "
            + "the feed could not tell them apart. Rename the column to read its changes.");
  }

  /** Spark 4.2's CHANGES query asked for post-processing that needs row IDs the range lacks. */
  public static DeltaXException changelogWithoutRowIds(String tablePath, long version,
      String deduplicationMode, boolean computeUpdates) {
    return new DeltaXException("DELTAX_UNSUPPORTED_CHANGE_RANGE",
        "Cannot give the changes of " + tablePath + " with deduplicationMode = " + deduplicationMode
            + " and computeUpdates = " + computeUpdates + ": version " + version + " was committed "
            + "without row tracking, so its rows have no row ID to match them by. Start the range "
            + "after the table's row tracking enablement, or ask with deduplicationMode = 'none' and "
            + "computeUpdates = 'false' for its file-level deletes and inserts.");
  }

  public static DeltaXException badTableFunctionArgument(String function, String given, String expected) {
    return new DeltaXException("DELTAX_INVALID_ARGUMENT",
        function + " takes " + expected + ", not " + given + ".");
  }

  /**
   * A commit refused before anything is written: on {@code store} deltax cannot make a commit
   * put-if-absent, so a concurrent writer could overwrite it unnoticed.
   *
   * @param why what is missing, and how to turn it on
   */
  public static DeltaXException unsafeCommitStore(String store, String tablePath, String why) {
    return new DeltaXException("DELTAX_UNSAFE_COMMIT_STORE", "Cannot commit to " + tablePath
        + ": on " + store + " deltax cannot write a commit only if it is absent (" + why + "), so "
        + "two writers could overwrite each other's commit. Nothing was written. Turn conditional "
        + "writes on, or, if no other job writes this table at the same time, set "
        + "spark.deltax.commit.singleWriter=true to commit with a plain create.");
  }

  // ---------------------------------------------------------------------------------------------
  // Streams (readStream.format("deltax")): raised when a micro-batch is planned, before it reads.
  // ---------------------------------------------------------------------------------------------

  /** A commit that removed data, which an append-only stream cannot pass on. */
  public static DeltaXException streamDataRemoved(String tablePath, long version, String operation) {
    return new DeltaXException("DELTAX_STREAM_DATA_REMOVED",
        "The stream of " + tablePath + " met version " + version + " (" + operation + "), which "
            + "removes or rewrites rows: a stream of appends cannot pass that on. Set the option "
            + "skipChangeCommits=true to skip such commits (or ignoreDeletes=true for commits that "
            + "only delete), or read the changes with readChangeFeed=true; then restart the query.");
  }

  /** The table at the path is another table than the one the stream's offset is of. */
  public static DeltaXException streamTableChanged(String tablePath, String expectedId, String foundId) {
    return new DeltaXException("DELTAX_STREAM_TABLE_CHANGED",
        "The stream's checkpoint is of table id " + expectedId + ", but " + tablePath + " now holds "
            + "table id " + foundId + ": the table was replaced at the same path. Start the query "
            + "with a new checkpoint location.");
  }

  /**
   * The commits the stream needs next were cleaned up from the log.
   *
   * @param next what the log holds after them ("version 7, the earliest it still holds after
   *     them", or that it holds none)
   */
  public static DeltaXException streamVersionsMissing(String tablePath, long firstMissing,
      long lastMissing, String next) {
    return new DeltaXException("DELTAX_STREAM_VERSIONS_MISSING",
        "The stream of " + tablePath + " needs versions " + firstMissing + " to " + lastMissing
            + ", which the log no longer holds (log clean-up); it holds " + next + ". The rows of "
            + "those versions cannot be read. Set the option failOnDataLoss=false to skip ahead to "
            + "what the log holds, or start the query with a new checkpoint location.");
  }

  /**
   * Rows a stream must read were written under a schema its own cannot read them with, though the
   * names and types may look alike: a column dropped and added again (another physical name),
   * column mapping removed, a column the stream holds NOT NULL that may now be null.
   *
   * @param version the commit that set {@code versionSchema}
   */
  public static DeltaXException streamCannotReadVersion(String tablePath, long version,
      String versionSchema, String streamSchema, String why) {
    return new DeltaXException("DELTAX_STREAM_SCHEMA_CHANGED",
        "The stream of " + tablePath + " cannot read the rows of version " + version + " with its "
            + "schema: going from theirs (" + versionSchema + ") to the stream's (" + streamSchema
            + ") " + why + ". Restart the query: it reads on with the table's latest schema where "
            + "that reads the rows still to be read; else start a new query, with a new checkpoint "
            + "location, from version " + version + ".");
  }

  /**
   * A stream's first rows, where a new query starts or a restarted one resumes, were written under
   * a schema its own (the latest) cannot read.
   */
  public static DeltaXException streamCannotResume(String tablePath, long version, boolean newQuery,
      String versionSchema, String streamSchema, String why) {
    return new DeltaXException("DELTAX_STREAM_SCHEMA_CHANGED",
        "The stream of " + tablePath + " cannot " + (newQuery ? "start" : "resume") + " at version "
            + version + ": its rows were "
            + "written under (" + versionSchema + "), which the stream's schema, the table's latest ("
            + streamSchema + "), cannot read: going from theirs to the stream's " + why
            + ". Start a new query, with a new checkpoint location, from the version that made this "
            + "change (DESCRIBE HISTORY shows it) or a later one.");
  }

  /** The table's schema changed under a running stream. */
  public static DeltaXException streamSchemaChanged(String tablePath, long version, String oldSchema,
      String newSchema) {
    return new DeltaXException("DELTAX_STREAM_SCHEMA_CHANGED",
        "The schema of " + tablePath + " changed at version " + version + " from " + oldSchema
            + " to " + newSchema + ". The stream reads with the schema it started with; restart "
            + "the query to read with the new schema (an added column then reads as null in "
            + "older rows).");
  }

  /** An offset from another source or a newer deltax. */
  public static DeltaXException badStreamOffset(String tablePath, String offset, String why) {
    return new DeltaXException("DELTAX_STREAM_BAD_OFFSET",
        "Cannot resume the stream of " + tablePath + " from offset " + offset + ": " + why
            + ". Start the query with a new checkpoint location.");
  }
}
