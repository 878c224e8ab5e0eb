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
package io.deltax.extensions.procedures;

import io.deltax.backfill.RowDataVersionPreservation;
import io.deltax.backfill.RowTrackingBackfill;
import io.deltax.conf.SessionSettings;
import io.deltax.names.TableArgument;
import java.util.OptionalInt;
import org.apache.spark.sql.SparkSession;

/**
 * deltax's writers as a Spark session sets them up: the {@code table} argument resolved (a path, or
 * a name in the session catalog), the defaults and bounds read from the session conf, the session's
 * Hadoop configuration. The one wiring that {@code CALL backfill_row_tracking}, {@code CALL
 * preserve_row_data_versions} and {@code bin/deltax} share, so they cannot disagree.
 */
public final class SessionWriters {
  private SessionWriters() {}

  /**
   * The backfill of {@code table}: a path, or a name in the session catalog, whose entry's options
   * reach the log and the data files.
   *
   * @param batchSize files per commit; empty for the session's {@link
   *     SessionSettings#BACKFILL_MAX_FILES_PER_COMMIT}
   * @param engine the name in the commits' {@code engineInfo}: "deltax", "deltax-cli"
   */
  public static RowTrackingBackfill backfill(
      SparkSession spark, String table, OptionalInt batchSize, int maxCommits, String engine) {
    return backfill(spark, TableArgument.resolveTable(spark, table), batchSize, maxCommits, engine);
  }

  /** The backfill of a resolved {@code table}, as {@link #backfill(SparkSession, String, …)}. */
  static RowTrackingBackfill backfill(
      SparkSession spark,
      TableArgument.Resolved table,
      OptionalInt batchSize,
      int maxCommits,
      String engine) {
    SessionSettings session = SessionSettings.of(spark);
    int batch =
        batchSize.isPresent()
            ? batchSize.getAsInt()
            : session.get(SessionSettings.BACKFILL_MAX_FILES_PER_COMMIT).intValue();
    return new RowTrackingBackfill(
            table.path(), table.hadoopConf(session), batch, maxCommits, engineInfo(spark, engine))
        .maxRowDataVersionRuns(session.get(SessionSettings.ROW_DATA_VERSIONS_MAX_RUNS).intValue());
  }

  /** The storing of {@code table}'s row data versions: a path, or a name in the session catalog. */
  public static RowDataVersionPreservation preservation(
      SparkSession spark, String table, String engine) {
    return preservation(spark, TableArgument.resolveTable(spark, table), engine);
  }

  static RowDataVersionPreservation preservation(
      SparkSession spark, TableArgument.Resolved table, String engine) {
    SessionSettings session = SessionSettings.of(spark);
    return new RowDataVersionPreservation(
        table.path(),
        table.hadoopConf(session),
        session.get(SessionSettings.ROW_DATA_VERSIONS_MAX_RUNS).intValue(),
        engineInfo(spark, engine));
  }

  private static String engineInfo(SparkSession spark, String engine) {
    return engine + " Apache-Spark/" + spark.version();
  }
}
