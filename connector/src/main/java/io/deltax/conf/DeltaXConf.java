package io.deltax.conf;

import io.deltax.errors.DeltaXErrors;
import java.time.Duration;
import java.time.ZoneId;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import org.apache.hadoop.conf.Configuration;
import org.apache.spark.network.util.JavaUtils;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.util.DateTimeUtils;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;
import org.apache.spark.unsafe.types.UTF8String;
import scala.Option;
import scala.jdk.javaapi.CollectionConverters;

/**
 * Every option and session conf deltax reads, with its default and its validation, and the one
 * Hadoop {@link Configuration} of a load (as Iceberg's {@code SparkReadConf}, {@code
 * SparkReadOptions} and {@code SparkSQLProperties} together).
 *
 * <p>The Hadoop configuration is built as Spark's own file sources build theirs: the session's
 * Hadoop configuration, then the session's SQL confs, then the read options (but {@code path}),
 * so credentials and file-system settings given with {@code .option(...)} reach every file the
 * load opens: the log, the data files, the deletion vectors.
 */
public final class DeltaXConf {
  /** Read option: the table's root directory (what {@code .load(path)} sets). */
  public static final String PATH = "path";
  /** Read option: read the table as of this version. */
  public static final String VERSION_AS_OF = "versionAsOf";
  /** Read option: read the version that was current at this time. */
  public static final String TIMESTAMP_AS_OF = "timestampAsOf";

  /** Read option: read the changes of a range of versions instead of a snapshot. */
  public static final String READ_CHANGE_FEED = "readChangeFeed";
  /** delta-spark's older name for {@link #READ_CHANGE_FEED}, which it still accepts. */
  public static final String READ_CHANGE_DATA = "readChangeData";
  /** Read option: the first version of the change feed's range (or {@link #STARTING_TIMESTAMP}). */
  public static final String STARTING_VERSION = "startingVersion";
  /** Read option: the change feed starts at the first version committed at or after this time. */
  public static final String STARTING_TIMESTAMP = "startingTimestamp";
  /** Read option: the last version of the range; default the latest. */
  public static final String ENDING_VERSION = "endingVersion";
  /** Read option: the range ends at the last version committed at or before this time. */
  public static final String ENDING_TIMESTAMP = "endingTimestamp";
  /** Read option: {@code all} (default) or {@code net}. */
  public static final String CHANGE_MODE = "changeMode";
  public static final String CHANGE_MODE_DEFAULT = "all";

  /** Stream option: the most files one micro-batch admits (delta-spark's name and default). */
  public static final String MAX_FILES_PER_TRIGGER = "maxFilesPerTrigger";
  public static final int MAX_FILES_PER_TRIGGER_DEFAULT = 1000;
  /** Stream option: a soft limit on a micro-batch's bytes ({@code 10g}, {@code 512m}); no default. */
  public static final String MAX_BYTES_PER_TRIGGER = "maxBytesPerTrigger";
  /** Stream option: skip whole commits that remove data (UPDATE, DELETE, MERGE) instead of failing. */
  public static final String SKIP_CHANGE_COMMITS = "skipChangeCommits";
  /** Stream option: skip commits that only remove data (no file added) instead of failing. */
  public static final String IGNORE_DELETES = "ignoreDeletes";
  /**
   * Stream option (delta-spark's, deprecated there for {@link #SKIP_CHANGE_COMMITS}): read the
   * files a commit that also removes data adds (rewritten rows come again) instead of failing.
   */
  public static final String IGNORE_CHANGES = "ignoreChanges";
  /** delta-spark's older, deprecated option of {@link #IGNORE_CHANGES}'s meaning. */
  public static final String IGNORE_FILE_DELETION = "ignoreFileDeletion";
  /** Stream option: a regular expression; files whose log path it finds are not read. */
  public static final String EXCLUDE_REGEX = "excludeRegex";
  /**
   * delta-spark's stream options for its schema tracking log, which deltax does not keep: refused,
   * so that a query that relies on them does not run with other rules.
   */
  private static final List<String> SCHEMA_TRACKING_OPTIONS = List.of("schemaTrackingLocation",
      "schemaLocation", "streamingSourceTrackingId", "allowSourceColumnDrop",
      "allowSourceColumnRename", "allowSourceColumnTypeChange");
  /**
   * Stream option: fail when log clean-up removed commits the stream has not read yet (true, as
   * delta-spark's default); false skips ahead to the next commit the log still holds.
   */
  public static final String FAIL_ON_DATA_LOSS = "failOnDataLoss";
  public static final boolean FAIL_ON_DATA_LOSS_DEFAULT = true;
  /** {@link #STARTING_VERSION} of a stream: only the commits after the latest version. */
  public static final String STARTING_VERSION_LATEST = "latest";

  /** Session conf: the default {@code batch_size} of {@code backfill_row_tracking}. */
  public static final String BACKFILL_MAX_FILES_PER_COMMIT = "spark.deltax.backfill.maxFilesPerCommit";
  /** delta-spark's own batch size for its row tracking backfill. */
  public static final int BACKFILL_MAX_FILES_PER_COMMIT_DEFAULT = 22_000;
  /** Session conf: the most runs a stored row data version map keeps. */
  public static final String ROW_DATA_VERSIONS_MAX_RUNS = "spark.deltax.rowDataVersions.maxRuns";
  public static final int ROW_DATA_VERSIONS_MAX_RUNS_DEFAULT = 10_000;
  /**
   * Session conf (read from the one Hadoop configuration, like the writers): commit on a store where deltax cannot prove
   * put-if-absent (S3 without conditional writes, an unknown scheme) with a plain
   * {@code create(overwrite = false)}, trusting that no other job writes the table at the same
   * time, as delta-spark's S3SingleDriverLogStore does. Off by default: such stores are refused.
   */
  public static final String COMMIT_SINGLE_WRITER = "spark.deltax.commit.singleWriter";
  public static final boolean COMMIT_SINGLE_WRITER_DEFAULT = false;
  /** Session conf: whether loads share the JVM's snapshot cache. */
  public static final String SNAPSHOT_CACHE_ENABLED = "spark.deltax.snapshot.cache.enabled";
  public static final boolean SNAPSHOT_CACHE_ENABLED_DEFAULT = true;
  /** Session conf: the most active files the snapshot cache holds, over all its tables. */
  public static final String SNAPSHOT_CACHE_MAX_FILES = "spark.deltax.snapshot.cache.maxFiles";
  public static final long SNAPSHOT_CACHE_MAX_FILES_DEFAULT = 10_000_000L;
  /**
   * Session conf: how long a cached snapshot may be served without listing the log again (as
   * delta-spark's {@code stalenessLimit}); 0, the default, lists on every load.
   */
  public static final String SNAPSHOT_STALENESS = "spark.deltax.snapshot.staleness";
  public static final Duration SNAPSHOT_STALENESS_DEFAULT = Duration.ZERO;

  /**
   * Session conf: the most commits a stream's progress reads to count what is outstanding
   * ({@code numFilesOutstanding}, {@code numBytesOutstanding}); a stream further behind leaves the
   * two out rather than read every commit up to the latest at each trigger.
   */
  public static final String STREAM_METRICS_MAX_COMMITS = "spark.deltax.stream.metricsMaxCommits";
  public static final int STREAM_METRICS_MAX_COMMITS_DEFAULT = 1_000;

  /**
   * Session conf: how many bytes of files one change feed task reads of a commit ({@code all}
   * mode). A commit with more is read by several tasks at once, at most one per core.
   */
  public static final String CHANGE_FEED_SLICE_BYTES = "spark.deltax.changeFeed.sliceBytes";
  public static final long CHANGE_FEED_SLICE_BYTES_DEFAULT = 64L << 20;

  /**
   * Session conf: whether a change feed read that needs no row ID reads a row-tracked commit from
   * the change data files it wrote, where it wrote some (PROTOCOL.md, "Add CDC File"), rather than
   * derive its changes from the files it removed and added. Off, every such commit is derived.
   */
  public static final String CHANGE_FEED_READ_CHANGE_DATA = "spark.deltax.changeFeed.readChangeDataFiles";
  public static final boolean CHANGE_FEED_READ_CHANGE_DATA_DEFAULT = true;

  /**
   * Spark's session time zone, which reads {@code timestampAsOf} written without a zone; unset,
   * it is the JVM's, as in Spark.
   */
  private static final String SESSION_TIME_ZONE = "spark.sql.session.timeZone";

  private final CaseInsensitiveStringMap options;
  private final Map<String, String> sessionConf;
  private final ZoneId sessionZone;
  private final Configuration hadoopConf;

  private DeltaXConf(Configuration sessionHadoopConf, Map<String, String> sessionConf,
      ZoneId sessionZone, Map<String, String> options) {
    this.options = new CaseInsensitiveStringMap(options);
    this.sessionConf = Map.copyOf(sessionConf);
    this.sessionZone = sessionZone;
    this.hadoopConf = new Configuration(sessionHadoopConf);
    sessionConf.forEach(hadoopConf::set);
    options.forEach((key, value) -> {
      // Spark's file sources leave out the paths too: they are not Hadoop settings.
      if (value != null && !key.equals(PATH) && !key.equals("paths")) {
        hadoopConf.set(key, value);
      }
    });
  }

  /** The session's confs, for procedures and tools that read no table options. */
  public static DeltaXConf of(SparkSession spark) {
    return of(spark, Map.of());
  }

  /** The session's confs and the read options of one load. */
  public static DeltaXConf of(SparkSession spark, Map<String, String> options) {
    Map<String, String> sessionConf = new HashMap<>(CollectionConverters.asJava(spark.conf().getAll()));
    sessionConf.values().removeIf(v -> v == null);
    return new DeltaXConf(spark.sparkContext().hadoopConfiguration(), sessionConf,
        ZoneId.of(spark.conf().get(SESSION_TIME_ZONE, java.util.TimeZone.getDefault().getID())), options);
  }

  /** The same without a Spark session: the parts given as they are. */
  public static DeltaXConf of(Configuration sessionHadoopConf, Map<String, String> sessionConf,
      ZoneId sessionZone, Map<String, String> options) {
    return new DeltaXConf(sessionHadoopConf, sessionConf, sessionZone, options);
  }

  /**
   * This load's settings with the options of a scan of its table added: those Spark hands to
   * {@code newScanBuilder} when a catalog loaded the table, given with {@code .option(...)} on
   * {@code spark.read.table(...)} or {@code readStream.table(...)}, which the load did not see.
   * Itself where the scan adds nothing (a {@code .load(path)} scan repeats the load's options).
   * An option that would make another table ({@value #READ_CHANGE_FEED}) is refused: the catalog
   * already gave Spark the snapshot's schema.
   */
  public DeltaXConf withScanOptions(Map<String, String> scanOptions) {
    Map<String, String> merged = new HashMap<>(options.asCaseSensitiveMap());
    boolean adds = false;
    for (Map.Entry<String, String> option : scanOptions.entrySet()) {
      String key = option.getKey();
      // The table is the load's: its path (time travel in it resolved, withTimeTravelInPath) stays.
      if (option.getValue() == null || key.equalsIgnoreCase(PATH) || key.equalsIgnoreCase("paths")) {
        continue;
      }
      if (!option.getValue().equals(options.get(key))) {
        merged.keySet().removeIf(k -> k.equalsIgnoreCase(key));
        merged.put(key, option.getValue());
        adds = true;
      }
    }
    if (!adds) {
      return this;
    }
    DeltaXConf withScan = new DeltaXConf(hadoopConf, sessionConf, sessionZone, merged);
    if (withScan.readChangeFeed() && !readChangeFeed()) {
      throw DeltaXErrors.changeFeedOfLoadedTable(path());
    }
    return withScan;
  }

  /**
   * The one Hadoop configuration of this load. Callers that change settings (Spark's Parquet
   * reader does) take a copy.
   */
  public Configuration hadoopConf() {
    return hadoopConf;
  }

  /** The read options as given, for Spark's Parquet reader. */
  public Map<String, String> options() {
    return options.asCaseSensitiveMap();
  }

  public ZoneId sessionZone() {
    return sessionZone;
  }

  /** {@value #PATH}: the table's root; an error where it is missing. */
  public String path() {
    String path = options.get(PATH);
    if (path == null || path.isBlank()) {
      throw DeltaXErrors.missingPathOption();
    }
    return path;
  }

  /** delta-spark's time travel in a path: {@code /data/events@v12}. */
  private static final Pattern VERSION_IN_PATH = Pattern.compile("(.*)@[vV](\\d+)");
  /** ... or {@code /data/events@20260729120000000} ({@code yyyyMMddHHmmssSSS}, the session's zone). */
  private static final Pattern TIMESTAMP_IN_PATH = Pattern.compile("(.*)@(\\d{17})");

  /**
   * This load with delta-spark's time travel in the path ({@code load("/data/events@v12")},
   * {@code @yyyyMMddHHmmssSSS} for a time) as {@value #VERSION_AS_OF} or {@value #TIMESTAMP_AS_OF}
   * on the path before the {@code @}; itself where the path has none, or names a directory that
   * exists (as in delta-spark, {@code DeltaTableUtils.extractIfPathContainsTimeTravel}). Time
   * travel in the path and in an option conflict.
   */
  public DeltaXConf withTimeTravelInPath() {
    String path = options.get(PATH);
    if (path == null) {
      return this;
    }
    Matcher version = VERSION_IN_PATH.matcher(path);
    Matcher timestamp = TIMESTAMP_IN_PATH.matcher(path);
    boolean byVersion = version.matches();
    if (!byVersion && !timestamp.matches() || exists(path)) {
      return this;
    }
    if (options.get(VERSION_AS_OF) != null || options.get(TIMESTAMP_AS_OF) != null) {
      throw DeltaXErrors.conflictingOptions(PATH + " '" + path + "' (time travel with @)",
          options.get(VERSION_AS_OF) != null ? VERSION_AS_OF : TIMESTAMP_AS_OF);
    }
    Map<String, String> travelled = new HashMap<>(options.asCaseSensitiveMap());
    travelled.keySet().removeIf(key -> key.equalsIgnoreCase(PATH));
    if (byVersion) {
      travelled.put(PATH, version.group(1));
      travelled.put(VERSION_AS_OF, version.group(2));
    } else {
      travelled.put(PATH, timestamp.group(1));
      String t = timestamp.group(2);
      travelled.put(TIMESTAMP_AS_OF, t.substring(0, 4) + "-" + t.substring(4, 6) + "-" + t.substring(6, 8)
          + " " + t.substring(8, 10) + ":" + t.substring(10, 12) + ":" + t.substring(12, 14) + "." + t.substring(14));
    }
    return new DeltaXConf(hadoopConf, sessionConf, sessionZone, travelled);
  }

  private boolean exists(String path) {
    try {
      org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path(path);
      return p.getFileSystem(hadoopConf).exists(p);
    } catch (java.io.IOException e) {
      throw DeltaXErrors.fileSystemError(path, e);
    }
  }

  /** {@value #VERSION_AS_OF} or {@value #TIMESTAMP_AS_OF}, checked; needs no file system. */
  public TimeTravel timeTravel() {
    String version = options.get(VERSION_AS_OF);
    String timestamp = options.get(TIMESTAMP_AS_OF);
    if (version != null && timestamp != null) {
      throw DeltaXErrors.conflictingTimeTravel();
    }
    if (version != null) {
      return TimeTravel.toVersion(parseVersion(VERSION_AS_OF, version));
    }
    return timestamp == null ? TimeTravel.LATEST
        : TimeTravel.toTimestamp(parseTimestampMillis(TIMESTAMP_AS_OF, timestamp), timestamp);
  }

  private static long parseVersion(String option, String value) {
    try {
      long v = Long.parseLong(value.trim());
      if (v >= 0) {
        return v;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw DeltaXErrors.badOption(option, value, "a table version, a whole number from 0 to "
        + Long.MAX_VALUE);
  }

  /** Reads a timestamp as Spark casts a string to a timestamp, in the session time zone. */
  private long parseTimestampMillis(String option, String value) {
    Option<Object> micros = DateTimeUtils.stringToTimestamp(UTF8String.fromString(value.trim()), sessionZone);
    if (micros.isEmpty()) {
      throw DeltaXErrors.badOption(option, value,
          "a timestamp such as '2026-07-29 12:00:00' or '2026-07-29T12:00:00Z'");
    }
    return Math.floorDiv((Long) micros.get(), 1000L);
  }

  /**
   * Whether {@value #READ_CHANGE_FEED}, or its older name {@value #READ_CHANGE_DATA}, is
   * {@code true} (either, as delta-spark's {@code CDCReader.isCDCRead}); anything but true or false
   * is refused.
   */
  public boolean readChangeFeed() {
    return isTrue(READ_CHANGE_FEED) | isTrue(READ_CHANGE_DATA);
  }

  private boolean isTrue(String option) {
    String value = options.get(option);
    if (value == null || value.trim().equalsIgnoreCase("false")) {
      return false;
    }
    if (value.trim().equalsIgnoreCase("true")) {
      return true;
    }
    throw DeltaXErrors.badOption(option, value, "true or false");
  }

  /**
   * The change feed's range and mode, checked; needs no file system. A start is required, as in
   * delta-spark; a version and a timestamp for the same end conflict; time travel options make
   * no sense with a range.
   */
  public ChangeFeedRequest changeFeed() {
    ChangeFeedRequest request = changeFeedStartOptional();
    if (!request.hasStart()) {
      throw DeltaXErrors.missingChangeFeedStart();
    }
    return request;
  }

  /**
   * As {@link #changeFeed()}, but without a start too: a {@code readChangeFeed} stream without one
   * starts with the table's snapshot as inserts, as delta-spark's.
   */
  public ChangeFeedRequest changeFeedStartOptional() {
    if (options.get(VERSION_AS_OF) != null || options.get(TIMESTAMP_AS_OF) != null) {
      // The name the user gave.
      String feed = isTrue(READ_CHANGE_DATA) && !isTrue(READ_CHANGE_FEED) ? READ_CHANGE_DATA : READ_CHANGE_FEED;
      throw DeltaXErrors.badOption(options.get(VERSION_AS_OF) != null ? VERSION_AS_OF : TIMESTAMP_AS_OF,
          options.getOrDefault(VERSION_AS_OF, options.get(TIMESTAMP_AS_OF)),
          "no time travel with " + feed + ": give the range with " + STARTING_VERSION + " and " + ENDING_VERSION);
    }
    String startVersion = options.get(STARTING_VERSION);
    String startTimestamp = options.get(STARTING_TIMESTAMP);
    String endVersion = options.get(ENDING_VERSION);
    String endTimestamp = options.get(ENDING_TIMESTAMP);
    if (startVersion != null && startTimestamp != null) {
      throw DeltaXErrors.conflictingOptions(STARTING_VERSION, STARTING_TIMESTAMP);
    }
    if (endVersion != null && endTimestamp != null) {
      throw DeltaXErrors.conflictingOptions(ENDING_VERSION, ENDING_TIMESTAMP);
    }
    String mode = options.getOrDefault(CHANGE_MODE, CHANGE_MODE_DEFAULT).trim();
    ChangeFeedRequest.ChangeMode changeMode;
    if (mode.equalsIgnoreCase("all")) {
      changeMode = ChangeFeedRequest.ChangeMode.ALL;
    } else if (mode.equalsIgnoreCase("net")) {
      changeMode = ChangeFeedRequest.ChangeMode.NET;
    } else {
      throw DeltaXErrors.badOption(CHANGE_MODE, mode, "all or net");
    }
    return new ChangeFeedRequest(
        startVersion == null ? null : parseVersion(STARTING_VERSION, startVersion),
        startTimestamp == null ? null : parseTimestampMillis(STARTING_TIMESTAMP, startTimestamp),
        startTimestamp,
        endVersion == null ? null : parseVersion(ENDING_VERSION, endVersion),
        endTimestamp == null ? null : parseTimestampMillis(ENDING_TIMESTAMP, endTimestamp),
        endTimestamp, changeMode);
  }

  /**
   * A stream's start and admission options, checked; needs no file system. {@value
   * #STARTING_VERSION} may be {@value #STARTING_VERSION_LATEST}; without a start the stream begins
   * with the table's snapshot, as delta-spark's source.
   */
  public StreamRequest stream() {
    if (options.get(VERSION_AS_OF) != null || options.get(TIMESTAMP_AS_OF) != null) {
      throw DeltaXErrors.badOption(options.get(VERSION_AS_OF) != null ? VERSION_AS_OF : TIMESTAMP_AS_OF,
          options.getOrDefault(VERSION_AS_OF, options.get(TIMESTAMP_AS_OF)),
          "no time travel in a stream: give its start with " + STARTING_VERSION + " or "
              + STARTING_TIMESTAMP);
    }
    String startVersion = options.get(STARTING_VERSION);
    String startTimestamp = options.get(STARTING_TIMESTAMP);
    if (startVersion != null && startTimestamp != null) {
      throw DeltaXErrors.conflictingOptions(STARTING_VERSION, STARTING_TIMESTAMP);
    }
    boolean latest = startVersion != null
        && startVersion.trim().equalsIgnoreCase(STARTING_VERSION_LATEST);
    for (String option : SCHEMA_TRACKING_OPTIONS) {
      if (options.containsKey(option)) {
        throw DeltaXErrors.unsupportedOption(option, "deltax keeps no schema tracking log: a "
            + "restarted query reads on across added columns and widened types, and fails on "
            + "other schema changes");
      }
    }
    String maxFiles = options.get(MAX_FILES_PER_TRIGGER);
    String maxBytes = options.get(MAX_BYTES_PER_TRIGGER);
    String exclude = options.get(EXCLUDE_REGEX);
    return new StreamRequest(
        startVersion == null || latest ? null : parseVersion(STARTING_VERSION, startVersion),
        latest,
        startTimestamp == null ? null : parseTimestampMillis(STARTING_TIMESTAMP, startTimestamp),
        startTimestamp,
        // As delta-spark's AdmissionLimits: a byte limit alone bounds no file count.
        maxFiles != null ? (int) WholeNumberRange.FILES_PER_TRIGGER.parse(MAX_FILES_PER_TRIGGER, maxFiles)
            : maxBytes == null ? MAX_FILES_PER_TRIGGER_DEFAULT : Integer.MAX_VALUE,
        maxBytes == null ? null : parseBytes(MAX_BYTES_PER_TRIGGER, maxBytes),
        flag(SKIP_CHANGE_COMMITS, false), flag(IGNORE_DELETES, false),
        flag(IGNORE_CHANGES, false) || flag(IGNORE_FILE_DELETION, false),
        exclude == null ? null : parseRegex(EXCLUDE_REGEX, exclude),
        flag(FAIL_ON_DATA_LOSS, FAIL_ON_DATA_LOSS_DEFAULT));
  }

  private static Pattern parseRegex(String option, String value) {
    try {
      return Pattern.compile(value);
    } catch (PatternSyntaxException e) {
      throw DeltaXErrors.badOption(option, value, "a Java regular expression (" + e.getDescription() + ")");
    }
  }

  /** A size as Spark's byte confs take it ({@code 1g}, {@code 512m}; a bare number is bytes), 1 or more. */
  private static long parseBytes(String option, String value) {
    try {
      long bytes = JavaUtils.byteStringAsBytes(value.trim());
      if (bytes > 0) {
        return bytes;
      }
    } catch (RuntimeException e) {
      // reported below
    }
    throw DeltaXErrors.badOption(option, value, "a size of 1 byte or more, such as '512m' or '10g'");
  }

  /** A true/false option, {@code absent} when not given. */
  private boolean flag(String option, boolean absent) {
    String value = options.get(option);
    if (value == null) {
      return absent;
    }
    if (value.trim().equalsIgnoreCase("false")) {
      return false;
    }
    if (value.trim().equalsIgnoreCase("true")) {
      return true;
    }
    throw DeltaXErrors.badOption(option, value, "true or false");
  }

  /** {@value #BACKFILL_MAX_FILES_PER_COMMIT}, 1 or more (default 22000). */
  public int backfillMaxFilesPerCommit() {
    return wholeNumber(BACKFILL_MAX_FILES_PER_COMMIT, BACKFILL_MAX_FILES_PER_COMMIT_DEFAULT,
        WholeNumberRange.FILES_PER_COMMIT);
  }

  /** {@value #ROW_DATA_VERSIONS_MAX_RUNS}, 1 or more (default 10000). */
  public int rowDataVersionsMaxRuns() {
    return wholeNumber(ROW_DATA_VERSIONS_MAX_RUNS, ROW_DATA_VERSIONS_MAX_RUNS_DEFAULT,
        WholeNumberRange.MAX_RUNS);
  }

  /**
   * {@value #COMMIT_SINGLE_WRITER} as the writers see it: in the one Hadoop configuration, where
   * the session's confs and the load's options are copied (see the class comment).
   */
  public static boolean commitSingleWriter(Configuration hadoopConf) {
    String value = hadoopConf.getTrimmed(COMMIT_SINGLE_WRITER);
    if (value == null) {
      return COMMIT_SINGLE_WRITER_DEFAULT;
    }
    if (value.equalsIgnoreCase("true") || value.equalsIgnoreCase("false")) {
      return Boolean.parseBoolean(value);
    }
    throw DeltaXErrors.badOption(COMMIT_SINGLE_WRITER, value, "true or false");
  }

  /** {@value #SNAPSHOT_CACHE_ENABLED}, {@code true} or {@code false} (default true). */
  public boolean snapshotCacheEnabled() {
    return sessionFlag(SNAPSHOT_CACHE_ENABLED, SNAPSHOT_CACHE_ENABLED_DEFAULT);
  }

  /** A session conf that is {@code true} or {@code false}, or its default. */
  private boolean sessionFlag(String key, boolean otherwise) {
    String value = sessionConf.get(key);
    if (value == null) {
      return otherwise;
    }
    return switch (value.trim().toLowerCase(java.util.Locale.ROOT)) {
      case "true" -> true;
      case "false" -> false;
      default -> throw DeltaXErrors.badOption(key, value, "true or false");
    };
  }

  /** {@value #SNAPSHOT_CACHE_MAX_FILES}, 0 (cache nothing) or more (default 10000000). */
  public long snapshotCacheMaxFiles() {
    String value = sessionConf.get(SNAPSHOT_CACHE_MAX_FILES);
    return value == null ? SNAPSHOT_CACHE_MAX_FILES_DEFAULT
        : WholeNumberRange.CACHED_FILES.parse(SNAPSHOT_CACHE_MAX_FILES, value);
  }

  /**
   * {@value #SNAPSHOT_STALENESS}: a duration as Spark's time confs take it ({@code 30s},
   * {@code 5min}, {@code 1h}; a bare number is milliseconds), 0 or more (default 0).
   */
  public Duration snapshotStaleness() {
    String value = sessionConf.get(SNAPSHOT_STALENESS);
    if (value == null) {
      return SNAPSHOT_STALENESS_DEFAULT;
    }
    try {
      long millis = JavaUtils.timeStringAsMs(value.trim());
      if (millis >= 0) {
        return Duration.ofMillis(millis);
      }
    } catch (RuntimeException e) {
      // reported below
    }
    throw DeltaXErrors.badOption(SNAPSHOT_STALENESS, value,
        "a duration of 0 or more, such as '0', '30s', '5min' or '1h'");
  }

  /** {@value #STREAM_METRICS_MAX_COMMITS}, 0 (count only where nothing is left) or more (default 1000). */
  public int streamMetricsMaxCommits() {
    return wholeNumber(STREAM_METRICS_MAX_COMMITS, STREAM_METRICS_MAX_COMMITS_DEFAULT,
        WholeNumberRange.METRICS_COMMITS);
  }

  /** {@value #CHANGE_FEED_SLICE_BYTES}: a size as Spark's byte confs take it, 1 byte or more (default 64m). */
  public long changeFeedSliceBytes() {
    String value = sessionConf.get(CHANGE_FEED_SLICE_BYTES);
    return value == null ? CHANGE_FEED_SLICE_BYTES_DEFAULT : parseBytes(CHANGE_FEED_SLICE_BYTES, value);
  }

  /** {@value #CHANGE_FEED_READ_CHANGE_DATA}, {@code true} or {@code false} (default true). */
  public boolean changeFeedReadsChangeData() {
    return sessionFlag(CHANGE_FEED_READ_CHANGE_DATA, CHANGE_FEED_READ_CHANGE_DATA_DEFAULT);
  }

  /** A session conf that is a whole number in {@code range}, or its default. */
  private int wholeNumber(String key, int otherwise, WholeNumberRange range) {
    String value = sessionConf.get(key);
    return value == null ? otherwise : (int) range.parse(key, value);
  }
}
