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
package io.deltax.streaming.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.deltax.conf.SchemaTrackingRequest;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.Metadata;
import org.apache.spark.sql.types.MetadataBuilder;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.Test;

/** How a logged change is classified and when a stream may read past it, as delta-spark's. */
class SchemaChangeTest {
  private static StructField col(String name, String physical, DataType type) {
    Metadata m =
        new MetadataBuilder().putString("delta.columnMapping.physicalName", physical).build();
    return new StructField(name, type, true, m);
  }

  private static StructType schema(StructField... fields) {
    return new StructType(fields);
  }

  private static final StructType BASE =
      schema(
          col("id", "c1", DataTypes.IntegerType),
          col("a", "c2", DataTypes.StringType),
          col("s", "c3", schema(col("x", "c4", DataTypes.IntegerType))));

  @Test
  void addingAColumnIsAdditive() {
    StructType added =
        schema(
            col("id", "c1", DataTypes.IntegerType),
            col("a", "c2", DataTypes.StringType),
            col("s", "c3", schema(col("x", "c4", DataTypes.IntegerType))),
            col("b", "c5", DataTypes.LongType));
    SchemaChange change = SchemaChange.between(BASE, added);
    assertFalse(change.nonAdditive());
    assertNull(change.incompatible());
  }

  @Test
  void renamesNestedToo() {
    StructType renamed =
        schema(
            col("id", "c1", DataTypes.IntegerType),
            col("b", "c2", DataTypes.StringType),
            col("s", "c3", schema(col("y", "c4", DataTypes.IntegerType))));
    SchemaChange change = SchemaChange.between(BASE, renamed);
    assertEquals(List.of("'a' -> 'b'", "'s.x' -> 's.y'"), change.renamed());
    assertEquals("RENAME COLUMN", change.name());
    assertEquals(List.of(SchemaChange.RENAME), change.sqlConfs());
  }

  @Test
  void dropAndReAddIsADrop() {
    StructType readded =
        schema(
            col("id", "c1", DataTypes.IntegerType),
            col("s", "c3", schema(col("x", "c4", DataTypes.IntegerType))),
            col("a", "c9", DataTypes.IntegerType));
    SchemaChange change = SchemaChange.between(BASE, readded);
    assertEquals(List.of("'a'"), change.dropped());
    assertFalse(change.isRename());
    assertNull(change.incompatible(), "another physical column, not a type change");
  }

  @Test
  void wideningAndNarrowing() {
    StructType widened =
        schema(
            col("id", "c1", DataTypes.LongType),
            col("s", "c3", schema(col("x", "c4", DataTypes.IntegerType))));
    SchemaChange change = SchemaChange.between(BASE, widened);
    assertEquals(List.of("'id': INT -> BIGINT"), change.widened());
    assertEquals("DROP AND TYPE WIDENING", change.name());
    assertEquals(List.of(SchemaChange.DROP, SchemaChange.TYPE_CHANGE), change.sqlConfs());
    StructType narrowed =
        schema(
            col("id", "c1", DataTypes.StringType),
            col("a", "c2", DataTypes.StringType),
            col("s", "c3", schema(col("x", "c4", DataTypes.IntegerType))));
    assertEquals("'id': INT -> STRING", SchemaChange.between(BASE, narrowed).incompatible());
  }

  @Test
  void unblockedByOptionsConfsAndCheckpointHash() {
    SchemaChange rename =
        SchemaChange.between(
            BASE,
            schema(
                col("id", "c1", DataTypes.IntegerType),
                col("b", "c2", DataTypes.StringType),
                col("s", "c3", schema(col("x", "c4", DataTypes.IntegerType)))));
    SchemaTrackingRequest none = new SchemaTrackingRequest("/l", null, null, null, null, true);
    int hash = "file:/ckpt/sources/0".hashCode();
    assertFalse(new UnblockSettings(none, Map.<String, String>of()::get, hash).unblocks(rename, 7));
    Map<String, String> perStream = Map.of(SchemaChange.RENAME + ".ckpt_" + hash, "7");
    assertTrue(new UnblockSettings(none, perStream::get, hash).unblocks(rename, 7));
    assertFalse(new UnblockSettings(none, perStream::get, hash).unblocks(rename, 8));
    assertFalse(new UnblockSettings(none, perStream::get, hash + 1).unblocks(rename, 7));
    Map<String, String> all = Map.of(SchemaChange.RENAME_AND_DROP, "ALWAYS");
    assertTrue(new UnblockSettings(none, all::get, hash).unblocks(rename, 7));
    SchemaTrackingRequest option = new SchemaTrackingRequest("/l", null, "7", null, null, true);
    assertTrue(
        new UnblockSettings(option, Map.<String, String>of()::get, hash).unblocks(rename, 7));
  }
}
