package io.deltax.extensions.procedures;

import io.deltax.backfill.RowDataVersionDomain;
import io.deltax.backfill.RowDataVersionPreservation;
import io.deltax.backfill.RowTrackingBackfill;
import io.deltax.backfill.WholeNumberRange;
import io.deltax.read.SparkParquet;
import java.util.OptionalInt;
import org.apache.spark.sql.SparkSession;

/**
 * deltax's writers as a Spark session sets them up: the {@code table} argument resolved (a path,
 * or a name in the session catalog), the defaults and bounds read from the session conf, the
 * session's Hadoop configuration. The one wiring that {@code CALL backfill_row_tracking},
 * {@code CALL preserve_row_data_versions} and {@code bin/deltax} share, so they cannot disagree.
 */
public final class SessionWriters {
  /** The session conf that sets the default batch size. */
  public static final String MAX_FILES_PER_COMMIT = "spark.deltax.backfill.maxFilesPerCommit";
  public static final int DEFAULT_MAX_FILES_PER_COMMIT = 22_000;

  private SessionWriters() {}

  /** The table's root path: {@code table} itself, or where the session catalog keeps it. */
  public static String tablePath(SparkSession spark, String table) {
    return TableArgument.resolve(spark, table);
  }

  /**
   * The backfill of {@code table}.
   *
   * @param batchSize files per commit; empty for {@link #MAX_FILES_PER_COMMIT}'s
   * @param engine the name in the commits' {@code engineInfo}: "deltax", "deltax-cli"
   */
  public static RowTrackingBackfill backfill(SparkSession spark, String table, OptionalInt batchSize,
      int maxCommits, String engine) {
    String path = tablePath(spark, table);
    return new RowTrackingBackfill(path, SparkParquet.hadoopConf(spark),
        batchSize.isPresent() ? batchSize.getAsInt() : maxFilesPerCommit(spark), maxCommits,
        engineInfo(spark, engine))
        .maxRowDataVersionRuns(maxRuns(spark));
  }

  /** The storing of {@code table}'s row data versions. */
  public static RowDataVersionPreservation preservation(SparkSession spark, String table, String engine) {
    return new RowDataVersionPreservation(tablePath(spark, table), SparkParquet.hadoopConf(spark),
        maxRuns(spark), engineInfo(spark, engine));
  }

  private static String engineInfo(SparkSession spark, String engine) {
    return engine + " Apache-Spark/" + spark.version();
  }

  // The session conf deltax's writers read, in one place.

  static int maxFilesPerCommit(SparkSession spark) {
    return intConf(spark, MAX_FILES_PER_COMMIT, DEFAULT_MAX_FILES_PER_COMMIT, WholeNumberRange.FILES_PER_COMMIT);
  }

  static int maxRuns(SparkSession spark) {
    return intConf(spark, RowDataVersionDomain.MAX_RUNS, RowDataVersionDomain.DEFAULT_MAX_RUNS,
        WholeNumberRange.MAX_RUNS);
  }

  private static int intConf(SparkSession spark, String key, int otherwise, WholeNumberRange range) {
    String value = spark.conf().contains(key) ? spark.conf().get(key) : null;
    return value == null ? otherwise : (int) range.parse(key, value);
  }
}
