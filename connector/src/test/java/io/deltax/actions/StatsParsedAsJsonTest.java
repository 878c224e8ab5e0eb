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

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.Test;

/** {@code stats_parsed} values as the JSON statistics delta-spark writes for the same values. */
class StatsParsedAsJsonTest {
  @Test
  void everyPhysicalTypeAsDeltaSparkWritesItsJson() {
    MessageType schema =
        MessageTypeParser.parseMessageType(
            "message stats_parsed { optional int64 numRecords; optional group minValues { optional"
                + " int32 d (DATE); optional int96 legacy; optional int64 ts"
                + " (TIMESTAMP(MICROS,true)); optional int64 ntz (TIMESTAMP(MICROS,false));"
                + " optional int64 small (DECIMAL(10,2)); optional fixed_len_byte_array(13) big"
                + " (DECIMAL(30,5)); optional float f; optional binary s (STRING); optional binary"
                + " raw; optional group nested { optional int32 a; } } optional boolean"
                + " tightBounds; }");
    Group stats = new SimpleGroupFactory(schema).newGroup();
    stats.append("numRecords", 3L);
    Group min = stats.addGroup("minValues");
    min.append("d", 19723); // 2024-01-01
    ByteBuffer int96 = ByteBuffer.allocate(12).order(ByteOrder.LITTLE_ENDIAN);
    int96.putLong(3_723_000_456_789L).putInt(2_460_311); // 01:02:03.000456789 on 2024-01-01
    min.append("legacy", Binary.fromConstantByteArray(int96.array()));
    min.append("ts", 1_704_067_323_456_789L);
    min.append("ntz", 1_704_067_323_456_789L);
    min.append("small", 7525L);
    byte[] unscaled = BigInteger.valueOf(-123_456_789L).toByteArray();
    byte[] fixed = new byte[13];
    java.util.Arrays.fill(fixed, (byte) 0xFF);
    System.arraycopy(unscaled, 0, fixed, 13 - unscaled.length, unscaled.length);
    min.append("big", Binary.fromConstantByteArray(fixed));
    min.append("f", 0.7f);
    min.append("s", "abc");
    min.append("raw", Binary.fromString("skipped"));
    min.addGroup("nested").append("a", 4);
    stats.append("tightBounds", true);
    assertEquals(
        "{\"numRecords\":3,\"minValues\":{\"d\":\"2024-01-01\","
            + "\"legacy\":\"2024-01-01T01:02:03.000Z\",\"ts\":\"2024-01-01T00:02:03.456Z\","
            + "\"ntz\":\"2024-01-01T00:02:03.456\",\"small\":75.25,\"big\":-1234.56789,\"f\":0.7,"
            + "\"s\":\"abc\",\"raw\":\"skipped\",\"nested\":{\"a\":4}},\"tightBounds\":true}",
        StatsParsedAsJson.toJson(stats));
  }
}
