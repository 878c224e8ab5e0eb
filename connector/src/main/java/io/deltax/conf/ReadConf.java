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

import static io.deltax.conf.ReadOptions.PATH;
import static io.deltax.conf.ReadOptions.STARTING_TIMESTAMP;
import static io.deltax.conf.ReadOptions.STARTING_VERSION;
import static io.deltax.conf.ReadOptions.TIMESTAMP_AS_OF;
import static io.deltax.conf.ReadOptions.VERSION_AS_OF;

import io.deltax.errors.ChangeFeedErrors;
import io.deltax.errors.DeltaXErrors;
import java.io.IOException;
import java.time.ZoneId;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/**
 * The settings of one load, parsed once where it starts (as Iceberg's {@code SparkReadConf}): the
 * table's path, the version asked for ({@link TimeTravel}) or the change feed's range, the snapshot
 * cache's settings, and the one Hadoop {@link Configuration} of the load. Immutable.
 *
 * <p>The Hadoop configuration is built as Spark's own file sources build theirs: the session's
 * Hadoop configuration, then the session's SQL confs, then the read options (but {@code path}), so
 * credentials and file-system settings given with {@code .option(...)} reach every file the load
 * opens: the log, the data files, the deletion vectors.
 *
 * <p>A stream's options are parsed with the rest, but refused only where Spark starts the stream
 * ({@link #stream()}): a batch read ignores them, as delta-spark's does.
 */
public final class ReadConf {
  /** An option of time travel as given, for the errors that refuse it. */
  private record Given(String option, String value) {}

  /** A stream's options, parsed; or why a stream is refused, thrown where one starts. */
  private record ParsedStream(StreamRequest request, RuntimeException refused) {
    static ParsedStream of(
        CaseInsensitiveStringMap options, SessionSettings session, Given travelGiven) {
      if (travelGiven != null) {
        return new ParsedStream(
            null,
            DeltaXErrors.badOption(
                travelGiven.option(),
                travelGiven.value(),
                "no time travel in a stream: give its start with "
                    + STARTING_VERSION.key()
                    + " or "
                    + STARTING_TIMESTAMP.key()));
      }
      try {
        return new ParsedStream(StreamRequest.parse(options, session), null);
      } catch (RuntimeException e) {
        return new ParsedStream(null, e);
      }
    }
  }

  private final SessionSettings session;
  private final CaseInsensitiveStringMap options;
  private final Configuration hadoopConf;
  private final String path;
  private final boolean readChangeFeed;
  private final TimeTravel timeTravel;
  private final Given travelGiven;
  private final ChangeFeedRequest changeFeed;
  private final SnapshotSettings snapshots;
  private final long changeFeedSliceBytes;
  private final boolean changeFeedReadsChangeData;
  private final ParsedStream stream;

  private ReadConf(
      SessionSettings session,
      Map<String, String> options,
      Configuration hadoopConf,
      String path,
      boolean readChangeFeed,
      TimeTravel timeTravel,
      Given travelGiven,
      ChangeFeedRequest changeFeed,
      SnapshotSettings snapshots,
      long changeFeedSliceBytes,
      boolean changeFeedReadsChangeData) {
    this.session = session;
    this.options = new CaseInsensitiveStringMap(options);
    this.hadoopConf = hadoopConf;
    this.path = path;
    this.readChangeFeed = readChangeFeed;
    this.timeTravel = timeTravel;
    this.travelGiven = travelGiven;
    this.changeFeed = changeFeed;
    this.snapshots = snapshots;
    this.changeFeedSliceBytes = changeFeedSliceBytes;
    this.changeFeedReadsChangeData = changeFeedReadsChangeData;
    this.stream = ParsedStream.of(this.options, session, travelGiven);
  }

  /**
   * The load of the table the options name. Every option is checked before the log is listed; only
   * time travel in the path ({@link PathTimeTravel}) asks the file system whether the path is a
   * directory.
   */
  public static ReadConf of(SessionSettings session, Map<String, String> options) {
    return of(session, options, TimeTravel.LATEST, null, null);
  }

  /**
   * The changes of the table the options' {@code path} names over {@code range}, which a caller
   * parsed itself (Spark 4.2's {@code CHANGES} clause): the options give the rest (a stream's
   * limits, Hadoop settings).
   */
  public static ReadConf ofChanges(
      SessionSettings session, Map<String, String> options, ChangeFeedRequest range) {
    return of(session, options, TimeTravel.LATEST, null, range);
  }

  /**
   * A load of the table at {@code path} with the time travel Spark parsed itself ({@code VERSION AS
   * OF}, {@code TIMESTAMP AS OF}), for catalogs.
   */
  public static ReadConf of(SessionSettings session, String path, TimeTravel travel) {
    return of(session, path, Map.of(), travel);
  }

  /**
   * A load of the table at {@code path}, for catalogs: {@code tableOptions} are the options a
   * metastore entry keeps for the table's files (Hadoop file system settings), read as read options
   * are; the time travel is what Spark parsed itself ({@code VERSION AS OF}, {@code TIMESTAMP AS
   * OF}).
   */
  public static ReadConf of(
      SessionSettings session, String path, Map<String, String> tableOptions, TimeTravel travel) {
    Map<String, String> options = new HashMap<>(tableOptions);
    options.keySet().removeIf(k -> k.equalsIgnoreCase(PATH.key()) || k.equalsIgnoreCase("paths"));
    options.put(PATH.key(), path);
    if (travel instanceof TimeTravel.AtVersion v) {
      return of(
          session,
          options,
          travel,
          new Given(VERSION_AS_OF.key(), Long.toString(v.version())),
          null);
    }
    if (travel instanceof TimeTravel.AsOf t) {
      return of(session, options, travel, new Given(TIMESTAMP_AS_OF.key(), t.shown()), null);
    }
    return of(session, options);
  }

  /**
   * {@code VERSION AS OF}: a load of the table at {@code path} at the version as Spark hands it,
   * checked as {@code versionAsOf} is; {@code tableOptions} as for {@link #of(SessionSettings,
   * String, Map, TimeTravel)}.
   */
  public static ReadConf atVersion(
      SessionSettings session, String path, Map<String, String> tableOptions, String version) {
    return of(session, path, tableOptions, TimeTravel.toVersion(VERSION_AS_OF.parse(version)));
  }

  private static ReadConf of(
      SessionSettings session,
      Map<String, String> given,
      TimeTravel travel,
      Given travelGiven,
      ChangeFeedRequest range) {
    CaseInsensitiveStringMap options = new CaseInsensitiveStringMap(given);
    Configuration hadoopConf = hadoopConf(session.hadoopConf(), given);
    String path = options.get(PATH.key());
    // A change feed's range is given apart: its path is taken as written.
    boolean travelInPath =
        range == null
            && path != null
            && PathTimeTravel.looksLikeTimeTravel(path)
            && !exists(path, hadoopConf);
    Optional<PathTimeTravel> inPath =
        travelInPath ? PathTimeTravel.of(path, session.zone()) : Optional.empty();
    Given optionGiven = given(options);
    if (inPath.isPresent()) {
      Given other = optionGiven != null ? optionGiven : travelGiven;
      if (other != null) {
        throw ChangeFeedErrors.conflictingOptions(
            PATH.key() + " '" + path + "' (time travel with @)", other.option());
      }
      path = inPath.get().path();
      travel = inPath.get().travel();
      travelGiven = new Given(inPath.get().option(), inPath.get().given());
    } else if (optionGiven != null) {
      travelGiven = optionGiven;
    }
    boolean changes = range != null || readChangeFeed(options);
    if (path == null || path.isBlank()) {
      throw DeltaXErrors.missingPathOption();
    }
    SnapshotSettings snapshots;
    if (changes) {
      if (travelGiven != null) {
        // The name the user gave.
        String feed =
            ReadOptions.READ_CHANGE_DATA.from(options, session.zone())
                    && !ReadOptions.READ_CHANGE_FEED.from(options, session.zone())
                ? ReadOptions.READ_CHANGE_DATA.key()
                : ReadOptions.READ_CHANGE_FEED.key();
        throw DeltaXErrors.badOption(
            travelGiven.option(),
            travelGiven.value(),
            "no time travel with "
                + feed
                + ": give the range with "
                + STARTING_VERSION.key()
                + " and "
                + ReadOptions.ENDING_VERSION.key());
      }
      ChangeFeedRequest request =
          range != null ? range : ChangeFeedRequest.parse(options, session.zone());
      snapshots = session.snapshots();
      return new ReadConf(
          session,
          given,
          hadoopConf,
          path,
          true,
          TimeTravel.LATEST,
          null,
          request,
          snapshots,
          session.get(SessionSettings.CHANGE_FEED_SLICE_BYTES),
          session.get(SessionSettings.CHANGE_FEED_READ_CHANGE_DATA));
    }
    if (inPath.isEmpty() && optionGiven != null) {
      travel = timeTravel(options, session.zone());
    }
    snapshots = session.snapshots();
    return new ReadConf(
        session,
        given,
        hadoopConf,
        path,
        false,
        travel,
        travelGiven,
        null,
        snapshots,
        SessionSettings.CHANGE_FEED_SLICE_BYTES.defaultValue(),
        SessionSettings.CHANGE_FEED_READ_CHANGE_DATA.defaultValue());
  }

  /**
   * This load's settings with the options of a scan of its table added: those Spark hands to {@code
   * newScanBuilder} when a catalog loaded the table, given with {@code .option(...)} on {@code
   * spark.read.table(...)} or {@code readStream.table(...)}, which the load did not see. Itself
   * where the scan adds nothing (a {@code .load(path)} scan repeats the load's options). The table
   * stays the load's; an option that would make another table ({@code readChangeFeed}) is refused:
   * the catalog already gave Spark the snapshot's schema.
   */
  public ReadConf withScanOptions(Map<String, String> scanOptions) {
    Map<String, String> merged = new HashMap<>(options.asCaseSensitiveMap());
    boolean adds = false;
    for (Map.Entry<String, String> option : scanOptions.entrySet()) {
      String key = option.getKey();
      if (option.getValue() == null
          || key.equalsIgnoreCase(PATH.key())
          || key.equalsIgnoreCase("paths")) {
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
    CaseInsensitiveStringMap withScan = new CaseInsensitiveStringMap(merged);
    if (readChangeFeed(withScan) && !readChangeFeed) {
      throw DeltaXErrors.changeFeedOfLoadedTable(path);
    }
    return new ReadConf(
        session,
        merged,
        hadoopConf(hadoopConf, merged),
        path,
        readChangeFeed,
        timeTravel,
        travelGiven != null ? travelGiven : given(withScan),
        changeFeed,
        snapshots,
        changeFeedSliceBytes,
        changeFeedReadsChangeData);
  }

  /**
   * {@code base} with the options (but the paths) set: a copy, or {@code base} itself where no
   * option is left to set (a load by path alone), as copying a Hadoop configuration costs a warm
   * query more than its snapshot does. No one sets anything on a load's configuration: a reader
   * that must copies it.
   */
  static Configuration hadoopConf(Configuration base, Map<String, String> options) {
    // Spark's file sources leave out the paths too: they are not Hadoop settings.
    Map<String, String> settings = new HashMap<>();
    options.forEach(
        (key, value) -> {
          if (value != null && !key.equals(PATH.key()) && !key.equals("paths")) {
            settings.put(key, value);
          }
        });
    if (settings.isEmpty()) {
      return base;
    }
    Configuration conf = new Configuration(base);
    settings.forEach(conf::set);
    return conf;
  }

  private static boolean exists(String path, Configuration hadoopConf) {
    try {
      Path p = new Path(path);
      return p.getFileSystem(hadoopConf).exists(p);
    } catch (IOException e) {
      throw DeltaXErrors.fileSystemError(path, e);
    }
  }

  /** The time travel option given, if any, unparsed. */
  private static Given given(CaseInsensitiveStringMap options) {
    String version = options.get(VERSION_AS_OF.key());
    String timestamp = options.get(TIMESTAMP_AS_OF.key());
    return version != null
        ? new Given(VERSION_AS_OF.key(), version)
        : timestamp != null ? new Given(TIMESTAMP_AS_OF.key(), timestamp) : null;
  }

  /** {@code versionAsOf} or {@code timestampAsOf}, checked. */
  private static TimeTravel timeTravel(CaseInsensitiveStringMap options, ZoneId zone) {
    String version = options.get(VERSION_AS_OF.key());
    String timestamp = options.get(TIMESTAMP_AS_OF.key());
    if (version != null && timestamp != null) {
      throw DeltaXErrors.conflictingTimeTravel();
    }
    return version != null
        ? TimeTravel.toVersion(VERSION_AS_OF.parse(version))
        : TimeTravel.toTimestamp(TIMESTAMP_AS_OF.parse(timestamp, zone), timestamp);
  }

  /**
   * Whether {@code readChangeFeed}, or its older name {@code readChangeData}, is {@code true}
   * (either, as delta-spark's {@code CDCReader.isCDCRead}); anything but true or false is refused.
   */
  private static boolean readChangeFeed(CaseInsensitiveStringMap options) {
    ZoneId utc = ZoneId.of("UTC");
    return ReadOptions.READ_CHANGE_FEED.from(options, utc)
        | ReadOptions.READ_CHANGE_DATA.from(options, utc);
  }

  /** The table's root directory (time travel in the path taken off). */
  public String path() {
    return path;
  }

  /** The version asked for; the latest for a change feed. */
  public TimeTravel timeTravel() {
    return timeTravel;
  }

  public boolean readChangeFeed() {
    return readChangeFeed;
  }

  /**
   * The change feed's range and mode, a start not required: a {@code readChangeFeed} stream without
   * one starts with the table's snapshot as inserts, as delta-spark's. Null unless {@link
   * #readChangeFeed()}.
   */
  public ChangeFeedRequest changeFeed() {
    return changeFeed;
  }

  public SnapshotSettings snapshots() {
    return snapshots;
  }

  /** {@code spark.deltax.changeFeed.sliceBytes} of a change feed load. */
  public long changeFeedSliceBytes() {
    return changeFeedSliceBytes;
  }

  /** {@code spark.deltax.changeFeed.readChangeDataFiles} of a change feed load. */
  public boolean changeFeedReadsChangeData() {
    return changeFeedReadsChangeData;
  }

  /**
   * The one Hadoop configuration of this load. Callers that change settings (Spark's Parquet reader
   * does) take a copy.
   */
  public Configuration hadoopConf() {
    return hadoopConf;
  }

  /** The read options as given, handed on to Spark's Parquet reader only. */
  public Map<String, String> options() {
    return options.asCaseSensitiveMap();
  }

  public ZoneId sessionZone() {
    return session.zone();
  }

  /**
   * A stream's start and admission options, parsed with the load and refused only here, where Spark
   * starts the stream. Time travel is refused: a stream gives its start with {@code
   * startingVersion} or {@code startingTimestamp}.
   */
  public StreamRequest stream() {
    if (stream.refused() != null) {
      throw stream.refused();
    }
    return stream.request();
  }

  /**
   * A stream's schema log request, read where the load picks the schema a stream reads with; null
   * without one, or where the stream's options are refused ({@link #stream()} then says why).
   */
  public SchemaTrackingRequest schemaTracking() {
    return stream.refused() != null ? null : stream.request().schemaTracking();
  }

  /** {@code spark.deltax.read.storagePartitionedJoins} of the session that loaded the table. */
  public boolean storagePartitionedJoins() {
    return session.get(SessionSettings.STORAGE_PARTITIONED_JOINS);
  }

  /** {@code spark.deltax.stream.metricsMaxCommits}, read where a stream starts. */
  public int streamMetricsMaxCommits() {
    return session.get(SessionSettings.STREAM_METRICS_MAX_COMMITS).intValue();
  }
}
