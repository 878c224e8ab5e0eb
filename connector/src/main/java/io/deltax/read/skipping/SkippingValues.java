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
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import org.apache.spark.sql.catalyst.util.DateTimeUtils;
import org.apache.spark.sql.types.BooleanType;
import org.apache.spark.sql.types.ByteType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DateType;
import org.apache.spark.sql.types.Decimal;
import org.apache.spark.sql.types.DecimalType;
import org.apache.spark.sql.types.DoubleType;
import org.apache.spark.sql.types.FloatType;
import org.apache.spark.sql.types.IntegerType;
import org.apache.spark.sql.types.LongType;
import org.apache.spark.sql.types.ShortType;
import org.apache.spark.sql.types.StringType;
import org.apache.spark.sql.types.TimestampNTZType;
import org.apache.spark.sql.types.TimestampType;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * Puts the three kinds of values data skipping compares into one ordered domain per type: filter
 * literals (Spark's external Java values), partition values (Spark's internal values) and JSON
 * statistics. Integral types, dates (days) and timestamps (microseconds) become {@code Long},
 * fractional types {@code Double}, decimals {@code BigDecimal}, strings {@code UTF8String} (which
 * orders by UTF-8 bytes, as Spark does). A value that cannot be compared safely becomes null:
 * "unknown", which never lets a file be skipped.
 */
final class SkippingValues {
  private SkippingValues() {}

  static boolean isSupported(DataType type) {
    return type instanceof ByteType
        || type instanceof ShortType
        || type instanceof IntegerType
        || type instanceof LongType
        || type instanceof FloatType
        || type instanceof DoubleType
        || type instanceof DecimalType
        || type instanceof StringType
        || type instanceof DateType
        || type instanceof TimestampType
        || type instanceof TimestampNTZType
        || type instanceof BooleanType;
  }

  /** A filter literal or an internal partition value. */
  @SuppressWarnings("rawtypes")
  static Comparable normalize(DataType type, Object value) {
    if (value == null || !isSupported(type)) {
      return null;
    }
    if (type instanceof StringType) {
      return value instanceof UTF8String u ? u : UTF8String.fromString(value.toString());
    }
    if (type instanceof FloatType || type instanceof DoubleType) {
      return fractional(((Number) value).doubleValue());
    }
    if (type instanceof DecimalType) {
      if (value instanceof Decimal d) {
        return d.toJavaBigDecimal();
      }
      return value instanceof BigDecimal b ? b : new BigDecimal(value.toString());
    }
    if (type instanceof BooleanType) {
      return (Boolean) value;
    }
    // Spark's own conversions of its external values: they undo the rebase between calendars
    // that java.sql.Date and Timestamp carry for dates before 1582, so partition filters on those
    // compare exactly.
    if (type instanceof DateType
        && (value instanceof java.sql.Date || value instanceof LocalDate)) {
      return (long) DateTimeUtils.anyToDays(value);
    }
    if (type instanceof TimestampType
        && (value instanceof java.sql.Timestamp || value instanceof Instant)) {
      return DateTimeUtils.anyToMicros(value);
    }
    if (type instanceof TimestampNTZType && value instanceof LocalDateTime t) {
      return micros(t.toInstant(ZoneOffset.UTC));
    }
    if (value instanceof Number n) {
      return n.longValue();
    }
    return null;
  }

  /**
   * A value from {@code minValues} or {@code maxValues}. Timestamps there are truncated to
   * milliseconds, so a maximum is widened by 999 microseconds to stay an upper bound. {@code
   * wasFloat}: a double column that was a float before type widening (PROTOCOL.md, "Type
   * Widening").
   */
  @SuppressWarnings("rawtypes")
  static Comparable fromStats(DataType type, boolean wasFloat, JsonNode node, boolean isMax) {
    if (node == null || node.isNull() || node.isContainerNode() || !isSupported(type)) {
      return null;
    }
    try {
      if (type instanceof StringType) {
        return UTF8String.fromString(node.asText());
      }
      if (type instanceof FloatType || type instanceof DoubleType) {
        if (!node.isNumber()) {
          return null;
        }
        // A float's statistic is the float's shortest decimal (0.7 for 0.7f): read as a double it
        // is another number (0.7 is above 0.7f), and the file would be skipped for its own value.
        // Where the column was a float before it became a double (type widening), older files'
        // statistics are floats' decimals and newer ones doubles': the bound takes whichever
        // reading is wider.
        double d = node.doubleValue();
        double f = node.floatValue();
        if (type instanceof FloatType) {
          return fractional(f);
        }
        return fractional(wasFloat ? (isMax ? Math.max(d, f) : Math.min(d, f)) : d);
      }
      if (type instanceof DecimalType) {
        return node.isNumber() ? node.decimalValue() : new BigDecimal(node.asText());
      }
      if (type instanceof BooleanType) {
        return node.isBoolean() ? node.asBoolean() : null;
      }
      if (type instanceof DateType) {
        return LocalDate.parse(node.asText()).toEpochDay();
      }
      if (type instanceof TimestampType) {
        long micros = micros(OffsetDateTime.parse(node.asText()).toInstant());
        return isMax ? micros + 999 : micros;
      }
      if (type instanceof TimestampNTZType) {
        long micros = micros(LocalDateTime.parse(node.asText()).toInstant(ZoneOffset.UTC));
        return isMax ? micros + 999 : micros;
      }
      return node.canConvertToLong() ? node.asLong() : null;
    } catch (RuntimeException e) {
      return null;
    }
  }

  /**
   * A floating-point value as Spark SQL compares it: NaN unknown (it sorts above every number),
   * -0.0 the same as 0.0 (Java's {@code compareTo} puts it below).
   */
  private static Double fractional(double d) {
    return Double.isNaN(d) ? null : d + 0.0;
  }

  private static long micros(Instant instant) {
    return ChronoUnit.MICROS.between(Instant.EPOCH, instant);
  }
}
