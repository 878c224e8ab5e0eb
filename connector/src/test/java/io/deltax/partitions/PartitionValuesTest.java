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

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.deltax.errors.DeltaXRuntimeException;
import java.time.LocalDate;
import java.time.ZoneId;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.Decimal;
import org.apache.spark.unsafe.types.UTF8String;
import org.junit.jupiter.api.Test;

/** PROTOCOL.md, "Partition Value Serialization". */
class PartitionValuesTest {
  private final PartitionValues utc = new PartitionValues(ZoneId.of("UTC"));
  private final PartitionValues la = new PartitionValues(ZoneId.of("America/Los_Angeles"));

  @Test
  void emptyAndNullAreNullForEveryType() {
    assertNull(utc.parse("c", DataTypes.StringType, ""));
    assertNull(utc.parse("c", DataTypes.IntegerType, null));
    assertNull(utc.parse("c", DataTypes.DateType, ""));
  }

  @Test
  void primitivesDecimalsDatesAndBinary() {
    assertEquals(
        UTF8String.fromString("a/b=c%d ü"), utc.parse("c", DataTypes.StringType, "a/b=c%d ü"));
    assertEquals(-7, utc.parse("c", DataTypes.IntegerType, "-7"));
    assertEquals(1L << 40, utc.parse("c", DataTypes.LongType, Long.toString(1L << 40)));
    assertEquals(true, utc.parse("c", DataTypes.BooleanType, "true"));
    assertEquals(
        Decimal.apply("12.50"), utc.parse("c", DataTypes.createDecimalType(10, 2), "12.5"));
    assertEquals(
        (int) LocalDate.of(2024, 2, 29).toEpochDay(),
        utc.parse("c", DataTypes.DateType, "2024-02-29"));
    assertArrayEquals(
        new byte[] {1, 2, 3}, (byte[]) utc.parse("c", DataTypes.BinaryType, "\u0001\u0002\u0003"));
  }

  @Test
  void timestampsInBothForms() {
    long micros = 1718424000000000L; // 2024-06-15T04:00:00Z
    assertEquals(micros, utc.parse("c", DataTypes.TimestampType, "2024-06-15T04:00:00.000000Z"));
    assertEquals(micros, la.parse("c", DataTypes.TimestampType, "2024-06-15T04:00:00.000000Z"));
    assertEquals(micros, la.parse("c", DataTypes.TimestampType, "2024-06-14 21:00:00"));
    assertEquals(
        micros + 123, utc.parse("c", DataTypes.TimestampType, "2024-06-15 04:00:00.000123"));
    assertEquals(micros, utc.parse("c", DataTypes.TimestampNTZType, "2024-06-15 04:00:00"));
  }

  @Test
  void unreadableValuesNameTheColumn() {
    DeltaXRuntimeException e =
        assertThrows(
            DeltaXRuntimeException.class, () -> utc.parse("year", DataTypes.IntegerType, "20x4"));
    assertEquals(
        "[DELTAX_CORRUPT_LOG] Partition value '20x4' of column year cannot be read as int."
            + " SQLSTATE: XX001",
        e.getMessage());
    assertThrows(
        DeltaXRuntimeException.class,
        () -> utc.parse("d", DataTypes.createDecimalType(3, 1), "123.4"));
  }
}
