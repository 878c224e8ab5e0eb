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
package io.deltax.partitions;

import io.deltax.errors.DeltaXErrors;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.ZoneId;
import java.util.Map;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.sql.catalyst.util.DateTimeUtils;
import org.apache.spark.sql.types.BinaryType;
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
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.types.TimestampNTZType;
import org.apache.spark.sql.types.TimestampType;
import org.apache.spark.unsafe.types.UTF8String;
import scala.Option;

/**
 * Reads partition values as the log serializes them (PROTOCOL.md, "Partition Value Serialization")
 * into Spark's internal values. An empty string or a null is a null value of any type. Timestamps
 * come as {@code yyyy-MM-dd HH:mm:ss[.SSSSSS]} in the session time zone or as ISO 8601 in UTC
 * ({@code ...Z}); Spark's own string-to-timestamp cast reads both.
 */
public final class PartitionValues {
  private final ZoneId sessionZone;

  public PartitionValues(ZoneId sessionZone) {
    this.sessionZone = sessionZone;
  }

  /** The partition row for {@code schema}, taking each column's value from {@code values}. */
  public InternalRow toRow(StructType schema, Map<String, String> values) {
    return new GenericInternalRow(toValues(schema, values));
  }

  /** The internal values of the partition row for {@code schema}. */
  public Object[] toValues(StructType schema, Map<String, String> values) {
    Object[] row = new Object[schema.size()];
    StructField[] fields = schema.fields();
    for (int i = 0; i < fields.length; i++) {
      row[i] = parse(fields[i].name(), fields[i].dataType(), lookup(values, fields[i].name()));
    }
    return row;
  }

  /** Partition column names match case-insensitively, as in delta-spark. */
  public static String lookup(Map<String, String> values, String column) {
    String exact = values.get(column);
    if (exact != null || values.containsKey(column)) {
      return exact;
    }
    for (Map.Entry<String, String> e : values.entrySet()) {
      if (e.getKey().equalsIgnoreCase(column)) {
        return e.getValue();
      }
    }
    return null;
  }

  /** One value in Spark's internal representation, or null. */
  public Object parse(String column, DataType type, String value) {
    if (value == null || value.isEmpty()) {
      return null;
    }
    try {
      if (type instanceof StringType) {
        return UTF8String.fromString(value);
      } else if (type instanceof IntegerType) {
        return Integer.parseInt(value);
      } else if (type instanceof LongType) {
        return Long.parseLong(value);
      } else if (type instanceof ShortType) {
        return Short.parseShort(value);
      } else if (type instanceof ByteType) {
        return Byte.parseByte(value);
      } else if (type instanceof BooleanType) {
        return parseBoolean(value);
      } else if (type instanceof FloatType) {
        return Float.parseFloat(value);
      } else if (type instanceof DoubleType) {
        return Double.parseDouble(value);
      } else if (type instanceof DecimalType decimal) {
        Decimal d = Decimal.apply(new BigDecimal(value));
        if (!d.changePrecision(decimal.precision(), decimal.scale())) {
          throw new NumberFormatException("does not fit " + decimal.simpleString());
        }
        return d;
      } else if (type instanceof DateType) {
        return get(DateTimeUtils.stringToDate(UTF8String.fromString(value)));
      } else if (type instanceof TimestampType) {
        return get(DateTimeUtils.stringToTimestamp(UTF8String.fromString(value), sessionZone));
      } else if (type instanceof TimestampNTZType) {
        return get(DateTimeUtils.stringToTimestampWithoutTimeZone(UTF8String.fromString(value)));
      } else if (type instanceof BinaryType) {
        return value.getBytes(StandardCharsets.UTF_8);
      }
    } catch (RuntimeException e) {
      throw DeltaXErrors.badPartitionValue(column, value, type.simpleString());
    }
    throw DeltaXErrors.badPartitionValue(column, value, type.simpleString());
  }

  private static boolean parseBoolean(String value) {
    if (value.equalsIgnoreCase("true")) {
      return true;
    }
    if (value.equalsIgnoreCase("false")) {
      return false;
    }
    throw new IllegalArgumentException("not a boolean");
  }

  private static Object get(Option<Object> parsed) {
    if (parsed.isEmpty()) {
      throw new IllegalArgumentException("unparseable");
    }
    return parsed.get();
  }
}
