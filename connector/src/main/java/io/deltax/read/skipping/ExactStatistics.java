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
package io.deltax.read.skipping;

import com.fasterxml.jackson.databind.JsonNode;
import io.deltax.actions.AddFile;
import java.util.Set;
import org.apache.spark.sql.types.ByteType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DateType;
import org.apache.spark.sql.types.IntegerType;
import org.apache.spark.sql.types.LongType;
import org.apache.spark.sql.types.ShortType;
import org.apache.spark.sql.types.TimestampNTZType;
import org.apache.spark.sql.types.TimestampType;

/**
 * What one file's {@code stats} say exactly (PROTOCOL.md, "Per-file Statistics"), for answers
 * rather than skipping: a skipping bound may be wider than the values, an answer may not. The
 * statistics are parsed once and kept with the snapshot ({@link SnapshotColumnBounds}), as for
 * skipping.
 *
 * <p>Only bounds of whole numbers and dates are exact: strings are cut to a prefix, timestamps to
 * milliseconds, decimals may be written as doubles, and floating point has NaN and -0.0, which
 * statistics do not order as Spark does. delta-spark answers {@code MIN} and {@code MAX} from
 * statistics for the same types, and for floating point too.
 */
public final class ExactStatistics {
  private final FilteredColumnStats stats;

  private ExactStatistics(FilteredColumnStats stats) {
    this.stats = stats;
  }

  /**
   * The statistics of {@code file} for {@code columns} (physical names), parsed or found in {@code
   * kept}.
   */
  public static ExactStatistics of(AddFile file, Set<String> columns, SnapshotColumnBounds kept) {
    return new ExactStatistics(kept.of(file, columns));
  }

  /** Whether a column of {@code type} has exact {@code minValues} and {@code maxValues}. */
  public static boolean hasExactBounds(DataType type) {
    return type instanceof ByteType
        || type instanceof ShortType
        || type instanceof IntegerType
        || type instanceof LongType
        || type instanceof DateType;
  }

  /**
   * Whether {@code minValues} and {@code maxValues} of a column of {@code type} are values of the
   * file cut down by at most {@link #truncation}: exact bounds, and timestamps, which statistics
   * keep to milliseconds (the least and greatest value lie within 999 microseconds above them).
   */
  public static boolean hasTruncatedBounds(DataType type) {
    return hasExactBounds(type)
        || type instanceof TimestampType
        || type instanceof TimestampNTZType;
  }

  /**
   * How far a value of {@code type} may lie above its statistic: 999 microseconds for timestamps.
   */
  public static long truncation(DataType type) {
    return type instanceof TimestampType || type instanceof TimestampNTZType ? 999 : 0;
  }

  /** Whether values of {@code type} have an order here ({@link #comparable}). */
  public static boolean isOrdered(DataType type) {
    return SkippingValues.isSupported(type);
  }

  /**
   * A value in the one order deltax compares a type's values in ({@link SkippingValues}): {@code
   * Long} for whole numbers, dates and timestamps, {@code UTF8String}, {@code BigDecimal}, {@code
   * Boolean}; null where it cannot be compared safely.
   */
  @SuppressWarnings("rawtypes")
  public static Comparable comparable(DataType type, Object internalValue) {
    return SkippingValues.normalize(type, internalValue);
  }

  /** The file's {@code numRecords}, or null when not given. */
  public Long numRecords() {
    return stats.numRecords();
  }

  /**
   * Whether the bounds describe the file's rows as they are: false where a writer said they may be
   * wider ({@code tightBounds}, written with deletion vectors).
   */
  public boolean tightBounds() {
    return !Boolean.FALSE.equals(stats.tightBounds());
  }

  /** The column's {@code nullCount}, or null when not given as a whole number. */
  public Long nullCount(String column) {
    JsonNode n = stats.nullCount(column);
    return n != null && n.canConvertToLong() && n.isIntegralNumber() ? n.asLong() : null;
  }

  /** The column's {@code minValues} entry as a {@code Long}, or null where not exact or absent. */
  public Long min(String column, DataType type) {
    return bound(type, stats.min(column));
  }

  /** The column's {@code maxValues} entry as a {@code Long}, or null where not exact or absent. */
  public Long max(String column, DataType type) {
    return bound(type, stats.max(column));
  }

  /**
   * The column's {@code minValues} entry as a {@code Long} (timestamps in microseconds, as cut to
   * milliseconds), or null where absent or of a type without such bounds ({@link
   * #hasTruncatedBounds}).
   */
  public Long truncatedMin(String column, DataType type) {
    return truncatedBound(type, stats.min(column));
  }

  /** The column's {@code maxValues} entry, as {@link #truncatedMin}: not widened. */
  public Long truncatedMax(String column, DataType type) {
    return truncatedBound(type, stats.max(column));
  }

  private static Long truncatedBound(DataType type, JsonNode node) {
    if (hasExactBounds(type)) {
      return bound(type, node);
    }
    if (!hasTruncatedBounds(type) || node == null || node.isNull() || !node.isTextual()) {
      return null;
    }
    return SkippingValues.fromStats(type, false, node, false) instanceof Long l ? l : null;
  }

  private static Long bound(DataType type, JsonNode node) {
    if (!hasExactBounds(type) || node == null || node.isNull()) {
      return null;
    }
    if (!(type instanceof DateType) && !node.isIntegralNumber()) {
      return null;
    }
    return SkippingValues.fromStats(type, false, node, false) instanceof Long l ? l : null;
  }
}
