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
package io.deltax.actions;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.DecimalLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimeUnit;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimestampLogicalTypeAnnotation;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.Type;

/**
 * A checkpoint's {@code add.stats_parsed} struct as the JSON {@code stats} string an add carries in
 * the log (PROTOCOL.md, "Checkpoint Schema" and "Per-file Statistics"). A table with {@code
 * delta.checkpoint.writeStatsAsJson = false} has no {@code stats} column in its checkpoints, only
 * this struct; read as JSON, its files keep their statistics for data skipping, their record counts
 * for a backfill, and their statistics in checkpoints deltax writes.
 *
 * <p>Values are written as delta-spark writes them in JSON: dates {@code yyyy-MM-dd}, timestamps in
 * UTC to the millisecond (truncated, as delta-spark truncates them; readers widen a maximum by the
 * rest of a millisecond), decimals as numbers, floats by their shortest decimal.
 */
final class StatsParsedAsJson {
  /** The column's name in a checkpoint's {@code add} struct. */
  static final String COLUMN = "stats_parsed";

  /**
   * {@code uuuu}: the proleptic year, as the statistics' reader parses it ({@code yyyy} has no year
   * 0).
   */
  private static final DateTimeFormatter INSTANT =
      DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSS'Z'").withZone(ZoneOffset.UTC);

  private static final DateTimeFormatter LOCAL =
      DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSS");
  private static final long JULIAN_DAY_OF_EPOCH = 2_440_588L;

  private StatsParsedAsJson() {}

  /** The statistics in {@code stats}, a {@value #COLUMN} struct, as JSON. */
  static String toJson(Group stats) {
    return object(stats).toString();
  }

  private static ObjectNode object(Group group) {
    ObjectNode json = JsonNodeFactory.instance.objectNode();
    GroupType type = group.getType();
    for (int i = 0; i < type.getFieldCount(); i++) {
      if (group.getFieldRepetitionCount(i) == 0) {
        continue; // null: no statistic
      }
      Type field = type.getType(i);
      String name = field.getName();
      if (!field.isPrimitive()) {
        json.set(name, object(group.getGroup(i, 0)));
      } else {
        put(json, name, field.asPrimitiveType(), group, i);
      }
    }
    return json;
  }

  private static void put(ObjectNode json, String name, PrimitiveType type, Group group, int i) {
    LogicalTypeAnnotation logical = type.getLogicalTypeAnnotation();
    switch (type.getPrimitiveTypeName()) {
      case BOOLEAN -> json.put(name, group.getBoolean(i, 0));
      case FLOAT -> json.put(name, group.getFloat(i, 0));
      case DOUBLE -> json.put(name, group.getDouble(i, 0));
      case INT32 -> {
        int value = group.getInteger(i, 0);
        if (logical instanceof LogicalTypeAnnotation.DateLogicalTypeAnnotation) {
          json.put(name, LocalDate.ofEpochDay(value).toString());
        } else if (logical instanceof DecimalLogicalTypeAnnotation d) {
          json.put(name, BigDecimal.valueOf(value, d.getScale()));
        } else {
          json.put(name, value);
        }
      }
      case INT64 -> {
        long value = group.getLong(i, 0);
        if (logical instanceof TimestampLogicalTypeAnnotation t) {
          putTimestamp(json, name, micros(value, t.getUnit()), t.isAdjustedToUTC());
        } else if (logical instanceof DecimalLogicalTypeAnnotation d) {
          json.put(name, BigDecimal.valueOf(value, d.getScale()));
        } else {
          json.put(name, value);
        }
      }
      case INT96 -> putTimestamp(json, name, int96Micros(group.getInt96(i, 0)), true);
      case BINARY, FIXED_LEN_BYTE_ARRAY -> {
        Binary value = group.getBinary(i, 0);
        if (logical instanceof DecimalLogicalTypeAnnotation d) {
          json.put(name, new BigDecimal(new BigInteger(value.getBytes()), d.getScale()));
        } else if (logical instanceof LogicalTypeAnnotation.StringLogicalTypeAnnotation
            || logical == null
                && type.getPrimitiveTypeName() == PrimitiveType.PrimitiveTypeName.BINARY) {
          json.put(name, value.toStringUsingUTF8());
        }
      }
      default -> {
        // no statistic deltax can compare
      }
    }
  }

  private static void putTimestamp(ObjectNode json, String name, long micros, boolean utc) {
    Instant instant = Instant.EPOCH.plus(Math.floorDiv(micros, 1000L), ChronoUnit.MILLIS);
    json.put(
        name,
        utc
            ? INSTANT.format(instant)
            : LOCAL.format(LocalDateTime.ofInstant(instant, ZoneOffset.UTC)));
  }

  private static long micros(long value, TimeUnit unit) {
    return switch (unit) {
      case MILLIS -> value * 1000L;
      case MICROS -> value;
      case NANOS -> Math.floorDiv(value, 1000L);
    };
  }

  /** An INT96 timestamp: nanoseconds of the day, then the Julian day, little-endian. */
  private static long int96Micros(Binary value) {
    ByteBuffer bytes = value.toByteBuffer().order(ByteOrder.LITTLE_ENDIAN);
    long nanosOfDay = bytes.getLong();
    long julianDay = Integer.toUnsignedLong(bytes.getInt());
    return (julianDay - JULIAN_DAY_OF_EPOCH) * 86_400_000_000L + nanosOfDay / 1000L;
  }
}
