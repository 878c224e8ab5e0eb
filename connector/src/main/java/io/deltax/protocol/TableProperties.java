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
package io.deltax.protocol;

import io.deltax.actions.Metadata;
import io.deltax.errors.DeltaXErrors;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * The table properties deltax reads, from the {@code configuration} of a table's {@code metaData}
 * (PROTOCOL.md, "Table Properties" and the sections of the features they belong to): every key and
 * its default in one place. Each is parsed when asked for, so a malformed property that an
 * operation does not need cannot fail it; one that it needs fails with an error naming the table,
 * the key and the value. Booleans are true only when they say {@code true}, as delta-spark reads
 * them.
 */
public final class TableProperties {
  public static final String CHECKPOINT_INTERVAL = "delta.checkpointInterval";
  public static final String CHECKPOINT_POLICY = "delta.checkpointPolicy";
  public static final String CHECKPOINT_STATS_AS_JSON = "delta.checkpoint.writeStatsAsJson";
  public static final String CHECKPOINT_STATS_AS_STRUCT = "delta.checkpoint.writeStatsAsStruct";
  public static final String DELETED_FILE_RETENTION = "delta.deletedFileRetentionDuration";
  public static final String ENABLE_IN_COMMIT_TIMESTAMPS = "delta.enableInCommitTimestamps";
  public static final String IN_COMMIT_TIMESTAMP_ENABLEMENT_VERSION =
      "delta.inCommitTimestampEnablementVersion";
  public static final String ENABLE_ROW_TRACKING = "delta.enableRowTracking";
  public static final String ROW_TRACKING_SUSPENDED = "delta.rowTrackingSuspended";
  public static final String MATERIALIZED_ROW_ID_COLUMN =
      "delta.rowTracking.materializedRowIdColumnName";
  public static final String MATERIALIZED_ROW_COMMIT_VERSION_COLUMN =
      "delta.rowTracking.materializedRowCommitVersionColumnName";
  public static final String COLUMN_MAPPING_MODE = "delta.columnMapping.mode";
  public static final String COMMIT_COORDINATOR =
      "delta.coordinatedCommits.commitCoordinator-preview";

  /** delta-spark's defaults. */
  static final int DEFAULT_CHECKPOINT_INTERVAL = 10;

  static final long DEFAULT_DELETED_FILE_RETENTION_MILLIS = TimeUnit.DAYS.toMillis(7);

  private final String table;
  private final Map<String, String> configuration;

  /**
   * @param table the table's path, for error messages
   */
  public TableProperties(String table, Map<String, String> configuration) {
    this.table = table;
    this.configuration = configuration;
  }

  public static TableProperties of(String table, Metadata metadata) {
    return new TableProperties(table, metadata.configuration());
  }

  /** Every how many commits a writer checkpoints (default 10); 0 or less: never. */
  public int checkpointInterval() {
    String value = configuration.get(CHECKPOINT_INTERVAL);
    if (value == null) {
      return DEFAULT_CHECKPOINT_INTERVAL;
    }
    try {
      return Integer.parseInt(value.trim());
    } catch (NumberFormatException e) {
      throw DeltaXErrors.invalidTableProperty(table, CHECKPOINT_INTERVAL, value, "a whole number");
    }
  }

  /**
   * How long a checkpoint keeps tombstones ({@code remove} actions) for VACUUM, in milliseconds: an
   * interval such as {@code interval 1 week} (default one week).
   */
  public long deletedFileRetentionMillis() {
    String value = configuration.get(DELETED_FILE_RETENTION);
    return value == null
        ? DEFAULT_DELETED_FILE_RETENTION_MILLIS
        : intervalMillis(DELETED_FILE_RETENTION, value);
  }

  /**
   * Whether {@code delta.checkpointPolicy} asks for V2 checkpoints (default {@code classic}).
   * delta-spark writes V2 checkpoints only then, not wherever the feature is supported: dropping
   * {@code v2Checkpoint} first sets the policy back to classic and then needs a classic one.
   */
  public boolean v2CheckpointPolicy() {
    return "v2".equalsIgnoreCase(configuration.getOrDefault(CHECKPOINT_POLICY, "classic").trim());
  }

  /**
   * Whether checkpoints must hold statistics as JSON ({@code stats}; default true) and as structs
   * ({@code stats_parsed}, {@code partitionValues_parsed}; default false): PROTOCOL.md, "Checkpoint
   * Schema".
   */
  public boolean checkpointStatsAsJson() {
    return !"false"
        .equalsIgnoreCase(configuration.getOrDefault(CHECKPOINT_STATS_AS_JSON, "true").trim());
  }

  public boolean checkpointStatsAsStruct() {
    return isTrue(CHECKPOINT_STATS_AS_STRUCT);
  }

  /** PROTOCOL.md, "In-Commit Timestamps". */
  public boolean inCommitTimestampsEnabled() {
    return isTrue(ENABLE_IN_COMMIT_TIMESTAMPS);
  }

  /** The first version with in-commit timestamps: 0 when the table had them from its creation. */
  public long inCommitTimestampEnablementVersion() {
    String value = configuration.get(IN_COMMIT_TIMESTAMP_ENABLEMENT_VERSION);
    if (value == null) {
      return 0;
    }
    try {
      return Long.parseLong(value.trim());
    } catch (NumberFormatException e) {
      throw DeltaXErrors.invalidTableProperty(
          table, IN_COMMIT_TIMESTAMP_ENABLEMENT_VERSION, value, "a table version");
    }
  }

  /** The property alone; row tracking is enabled only where the protocol supports it too. */
  public boolean rowTrackingEnabled() {
    return isTrue(ENABLE_ROW_TRACKING);
  }

  public boolean rowTrackingSuspended() {
    return isTrue(ROW_TRACKING_SUSPENDED);
  }

  /**
   * The commit coordinator that manages the table's commits, where one does (delta-spark's {@code
   * coordinatedCommits-preview} writer feature).
   */
  public Optional<String> commitCoordinator() {
    return Optional.ofNullable(configuration.get(COMMIT_COORDINATOR));
  }

  /** PROTOCOL.md, "Row Tracking": the physical name of the materialized row ID column. */
  public Optional<String> materializedRowIdColumn() {
    return Optional.ofNullable(configuration.get(MATERIALIZED_ROW_ID_COLUMN));
  }

  public Optional<String> materializedRowCommitVersionColumn() {
    return Optional.ofNullable(configuration.get(MATERIALIZED_ROW_COMMIT_VERSION_COLUMN));
  }

  /**
   * {@code none}, {@code name} or {@code id} (PROTOCOL.md, "Column Mapping"; default none), in
   * lower case whatever the log's (as delta-spark reads it).
   */
  public String columnMappingMode() {
    return configuration
        .getOrDefault(COLUMN_MAPPING_MODE, "none")
        .trim()
        .toLowerCase(java.util.Locale.ROOT);
  }

  private boolean isTrue(String key) {
    return "true".equalsIgnoreCase(configuration.get(key));
  }

  /**
   * An interval as delta-spark writes and reads durations: {@code interval} (optional), then one or
   * more pairs of a whole number and a unit from weeks down to microseconds, such as {@code
   * interval 1 week} or {@code 2 days 12 hours}. Months and years have no fixed length, so
   * delta-spark refuses them for durations; so does deltax.
   */
  private long intervalMillis(String key, String value) {
    String[] words = value.trim().toLowerCase(Locale.ROOT).split("\\s+");
    int start = words.length > 0 && words[0].equals("interval") ? 1 : 0;
    if ((words.length - start) % 2 != 0 || words.length == start) {
      throw notAnInterval(key, value);
    }
    long micros = 0;
    for (int i = start; i < words.length; i += 2) {
      long amount;
      try {
        amount = Long.parseLong(words[i]);
      } catch (NumberFormatException e) {
        throw notAnInterval(key, value);
      }
      long unit = microsPerUnit(words[i + 1]);
      if (amount < 0 || unit == 0) {
        throw notAnInterval(key, value);
      }
      try {
        micros = Math.addExact(micros, Math.multiplyExact(amount, unit));
      } catch (ArithmeticException e) {
        throw notAnInterval(key, value);
      }
    }
    return micros / 1000;
  }

  /** Microseconds in one of the unit, singular or plural; 0 for a word that is not one. */
  private static long microsPerUnit(String word) {
    String unit = word.endsWith("s") ? word.substring(0, word.length() - 1) : word;
    return switch (unit) {
      case "week" -> TimeUnit.DAYS.toMicros(7);
      case "day" -> TimeUnit.DAYS.toMicros(1);
      case "hour" -> TimeUnit.HOURS.toMicros(1);
      case "minute" -> TimeUnit.MINUTES.toMicros(1);
      case "second" -> TimeUnit.SECONDS.toMicros(1);
      case "millisecond" -> 1000;
      case "microsecond" -> 1;
      default -> 0;
    };
  }

  private RuntimeException notAnInterval(String key, String value) {
    return DeltaXErrors.invalidTableProperty(
        table,
        key,
        value,
        "an interval such as 'interval 1 week' (weeks, days, hours, minutes, seconds,"
            + " milliseconds)");
  }
}
