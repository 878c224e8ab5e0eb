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

import io.deltax.errors.WriteErrors;
import java.time.Duration;
import java.time.ZoneId;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TimeZone;
import org.apache.hadoop.conf.Configuration;
import org.apache.spark.sql.SparkSession;
import scala.jdk.javaapi.CollectionConverters;

/**
 * Every {@code spark.deltax.*} session conf, one typed entry each, and a session's confs as
 * procedures, tools and loads read them: its SQL confs, its time zone and its Hadoop configuration
 * with the SQL confs copied in (as Spark's file sources build theirs).
 */
public final class SessionSettings {
  public static final ConfEntry<Long> BACKFILL_MAX_FILES_PER_COMMIT =
      ConfEntry.wholeNumber(
          "spark.deltax.backfill.maxFilesPerCommit",
          22_000,
          WholeNumberRange.FILES_PER_COMMIT,
          "default `batch_size` of `backfill_row_tracking` and `bin/deltax backfill` "
              + "(delta-spark's own batch size)");
  public static final ConfEntry<Long> ROW_DATA_VERSIONS_MAX_RUNS =
      ConfEntry.wholeNumber(
          "spark.deltax.rowDataVersions.maxRuns",
          10_000,
          WholeNumberRange.MAX_RUNS,
          "the most runs a stored row data version map keeps; beyond it neighbouring runs merge "
              + "towards the newer version, so rows may look newer, never older");
  public static final ConfEntry<Boolean> COMMIT_SINGLE_WRITER =
      ConfEntry.flag(
          "spark.deltax.commit.singleWriter",
          false,
          "`true`: commit with a plain `create(overwrite = false)` on a store where deltax cannot"
              + " guarantee put-if-absent, trusting that no other job writes the table at the same"
              + " time; read from the Hadoop configuration, a read option too");
  public static final ConfEntry<Boolean> SNAPSHOT_CACHE_ENABLED =
      ConfEntry.flag(
          "spark.deltax.snapshot.cache.enabled",
          true,
          "whether loads share the JVM's snapshot "
              + "cache (`false` lists and loads the log for every read)");
  public static final ConfEntry<Long> SNAPSHOT_CACHE_MAX_FILES =
      ConfEntry.wholeNumber(
          "spark.deltax.snapshot.cache.maxFiles",
          10_000_000L,
          WholeNumberRange.CACHED_FILES,
          "the most active files the snapshot cache holds in memory over all tables (0 caches "
              + "nothing); past it the least recently used tables are dropped");
  public static final ConfEntry<Duration> SNAPSHOT_STALENESS =
      ConfEntry.duration(
          "spark.deltax.snapshot.staleness",
          Duration.ZERO,
          "0",
          "how old a cached snapshot may be "
              + "and still be served without listing `_delta_log` (`30s`, `5min`; a bare number is "
              + "milliseconds), as delta-spark's `stalenessLimit`");
  public static final ConfEntry<Long> STREAM_METRICS_MAX_COMMITS =
      ConfEntry.wholeNumber(
          "spark.deltax.stream.metricsMaxCommits",
          1_000,
          WholeNumberRange.METRICS_COMMITS,
          "the most commits a stream's progress reads to count `numFilesOutstanding` and "
              + "`numBytesOutstanding`; a stream further behind leaves the two out");
  public static final ConfEntry<Long> CHANGE_FEED_SLICE_BYTES =
      ConfEntry.bytes(
          "spark.deltax.changeFeed.sliceBytes",
          64L << 20,
          "64m",
          "how many bytes of a commit's "
              + "files one change feed task reads; a commit with more is read by several tasks");
  public static final ConfEntry<Boolean> CHANGE_FEED_READ_CHANGE_DATA =
      ConfEntry.flag(
          "spark.deltax.changeFeed.readChangeDataFiles",
          true,
          "whether a change feed that needs no "
              + "row ID reads a row-tracked commit from the `_change_data` files it wrote, rather "
              + "than derive its changes from the files it removed and added");
  public static final ConfEntry<Boolean> STORAGE_PARTITIONED_JOINS =
      ConfEntry.flag(
          "spark.deltax.read.storagePartitionedJoins",
          false,
          "`true`: a batch scan of a partitioned table that outputs every partition column tells"
              + " Spark its rows are grouped by partition value, so that a join or an aggregate on"
              + " the partition columns needs no shuffle (with Spark's"
              + " `spark.sql.sources.v2.bucketing.enabled`); each task then reads one partition");

  /**
   * A backfill's files per commit as {@code setting} gives it: the {@code batch_size} argument of
   * {@code CALL backfill_row_tracking}, or the Java API's. The one check of the range of {@link
   * #BACKFILL_MAX_FILES_PER_COMMIT}, which the conf and the {@code --batch-size} flag share ({@link
   * #filesPerCommit(String, String)}); NULL is refused.
   */
  public static int filesPerCommit(String setting, Number given) {
    if (given == null) {
      throw WriteErrors.notAWholeNumber(
          setting, "NULL", WholeNumberRange.FILES_PER_COMMIT.describe());
    }
    return (int) WholeNumberRange.FILES_PER_COMMIT.check(setting, given);
  }

  /** As {@link #filesPerCommit(String, Number)}, for a number written as text (a flag). */
  public static int filesPerCommit(String setting, String text) {
    return (int) WholeNumberRange.FILES_PER_COMMIT.parse(setting, text);
  }

  /** Every session conf, in the order the configuration reference lists them. */
  public static final List<ConfEntry<?>> ALL =
      List.of(
          BACKFILL_MAX_FILES_PER_COMMIT,
          ROW_DATA_VERSIONS_MAX_RUNS,
          COMMIT_SINGLE_WRITER,
          SNAPSHOT_CACHE_ENABLED,
          SNAPSHOT_CACHE_MAX_FILES,
          SNAPSHOT_STALENESS,
          STREAM_METRICS_MAX_COMMITS,
          CHANGE_FEED_SLICE_BYTES,
          CHANGE_FEED_READ_CHANGE_DATA,
          STORAGE_PARTITIONED_JOINS);

  /**
   * Spark's session time zone, which reads timestamps written without a zone; unset, it is the
   * JVM's, as in Spark.
   */
  private static final String SESSION_TIME_ZONE = "spark.sql.session.timeZone";

  private final Map<String, String> sqlConf;
  private final ZoneId zone;
  private final Configuration hadoopConf;

  private SessionSettings(
      Configuration sessionHadoopConf, Map<String, String> sqlConf, ZoneId zone) {
    this.sqlConf = Map.copyOf(sqlConf);
    this.zone = zone;
    this.hadoopConf = new Configuration(sessionHadoopConf);
    this.sqlConf.forEach(hadoopConf::set);
  }

  /** The session's confs, time zone and Hadoop configuration. */
  public static SessionSettings of(SparkSession spark) {
    Map<String, String> sqlConf = new HashMap<>(CollectionConverters.asJava(spark.conf().getAll()));
    sqlConf.values().removeIf(v -> v == null);
    ZoneId zone = ZoneId.of(spark.conf().get(SESSION_TIME_ZONE, TimeZone.getDefault().getID()));
    return new SessionSettings(spark.sparkContext().hadoopConfiguration(), sqlConf, zone);
  }

  /** The same without a Spark session: the parts given as they are. */
  public static SessionSettings of(
      Configuration sessionHadoopConf, Map<String, String> sqlConf, ZoneId zone) {
    return new SessionSettings(sessionHadoopConf, sqlConf, zone);
  }

  /** {@code entry}'s value in the session's confs, parsed and checked, else its default. */
  public <T> T get(ConfEntry<T> entry) {
    return entry.from(sqlConf, zone);
  }

  public ZoneId zone() {
    return zone;
  }

  /**
   * The session's Hadoop configuration with its SQL confs copied in. Callers that change settings
   * take a copy.
   */
  public Configuration hadoopConf() {
    return hadoopConf;
  }

  /**
   * The session's Hadoop configuration with a table's own options set over it, as a load sets its
   * read options: a metastore entry's storage properties (file system settings given with {@code
   * OPTIONS}) reach the log of a table named by that entry. A copy, unless there are none.
   */
  public Configuration hadoopConf(Map<String, String> tableOptions) {
    return tableOptions.isEmpty() ? hadoopConf : ReadConf.hadoopConf(hadoopConf, tableOptions);
  }

  /** The snapshot cache's settings of this session. */
  public SnapshotSettings snapshots() {
    return new SnapshotSettings(
        get(SNAPSHOT_CACHE_ENABLED), get(SNAPSHOT_STALENESS), get(SNAPSHOT_CACHE_MAX_FILES));
  }

  /**
   * {@link #COMMIT_SINGLE_WRITER} as the writers see it: in the one Hadoop configuration, where the
   * session's confs and the load's options are copied.
   */
  public static boolean commitSingleWriter(Configuration hadoopConf) {
    String value = hadoopConf.getTrimmed(COMMIT_SINGLE_WRITER.key());
    return value == null ? COMMIT_SINGLE_WRITER.defaultValue() : COMMIT_SINGLE_WRITER.parse(value);
  }
}
