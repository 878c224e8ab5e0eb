package io.deltax.errors;

import java.util.Collection;

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

  public static DeltaXException timestampBeforeFirstCommit(String tablePath, String requested, String earliest) {
    return new DeltaXException("DELTAX_TIMESTAMP_NOT_AVAILABLE",
        "Cannot time travel " + tablePath + " to " + requested
            + ": it is before the earliest available commit (" + earliest + ").");
  }

  public static DeltaXException timestampAfterLastCommit(String tablePath, String requested, String latest) {
    return new DeltaXException("DELTAX_TIMESTAMP_NOT_AVAILABLE",
        "Cannot time travel " + tablePath + " to " + requested
            + ": it is after the latest commit (" + latest + "). Use a timestamp at or before it, or "
            + "read the latest version without timestampAsOf.");
  }

  public static DeltaXException badOption(String option, String value, String expected) {
    return new DeltaXException("DELTAX_INVALID_OPTION",
        "Invalid value '" + value + "' for option " + option + ": expected " + expected + ".");
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

  public static DeltaXException unreadableDeletionVector(String tablePath, String dataFile, Throwable cause) {
    return new DeltaXException("DELTAX_CORRUPT_DELETION_VECTOR",
        "Cannot read the deletion vector of " + dataFile + " in table " + tablePath + ": "
            + cause.getMessage() + ". Without it deltax cannot tell which rows were deleted.", cause);
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

  // Configuration (io.deltax.conf.DeltaXConf).

  /** A session conf that is out of its range or not a value of its kind. */
  public static DeltaXException badConf(String key, String value, String expected) {
    return new DeltaXException("DELTAX_INVALID_CONF",
        "Invalid value '" + value + "' for " + key + ": expected " + expected
            + ". Set it with spark.conf.set or --conf, or unset it for the default.");
  }
}
