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
package io.deltax.columnmapping;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.deltax.protocol.TableProperties;
import java.util.Map;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.Metadata;
import org.apache.spark.sql.types.MetadataBuilder;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.Test;

/** The physical schema a data file is read with: physical names, and field IDs in id mode. */
class ColumnMappingTest {
  private static StructField mapped(
      String name, org.apache.spark.sql.types.DataType type, long id) {
    Metadata metadata =
        new MetadataBuilder()
            .putString(ColumnMapping.PHYSICAL_NAME_KEY, "col-" + id)
            .putLong("delta.columnMapping.id", id)
            .build();
    return new StructField(name, type, true, metadata);
  }

  /** {@code id INT, items ARRAY<STRUCT<x INT>>}, as a table with column mapping logs it. */
  private static final StructType TABLE =
      new StructType(
          new StructField[] {
            mapped("id", DataTypes.IntegerType, 1),
            mapped(
                "items",
                new ArrayType(
                    new StructType(new StructField[] {mapped("x", DataTypes.IntegerType, 3)}),
                    true),
                2)
          });

  private static final StructType REQUESTED = (StructType) ColumnMapping.logicalSchema(TABLE);

  private static TableProperties mode(String mode) {
    return new TableProperties("/t", Map.of(TableProperties.COLUMN_MAPPING_MODE, mode));
  }

  private static long fieldId(StructField f) {
    return f.metadata().getLong(ColumnMapping.PARQUET_FIELD_ID_KEY);
  }

  @Test
  void idModeReadsByFieldIdAtEveryDepth() {
    StructType files = (StructType) ColumnMapping.inDataFiles(REQUESTED, TABLE, mode("id"));
    assertEquals("col-1", files.fields()[0].name());
    assertEquals(1, fieldId(files.fields()[0]));
    assertEquals(2, fieldId(files.fields()[1]));
    StructField x =
        ((StructType) ((ArrayType) files.fields()[1].dataType()).elementType()).fields()[0];
    assertEquals("col-3", x.name());
    assertEquals(3, fieldId(x));
    assertTrue(ColumnMapping.hasFieldIds(files));
  }

  @Test
  void nameModeAndTheLogsNamesReadByName() {
    assertFalse(
        ColumnMapping.hasFieldIds(ColumnMapping.inDataFiles(REQUESTED, TABLE, mode("name"))));
    StructType physical = (StructType) ColumnMapping.physical(REQUESTED, TABLE);
    assertEquals("col-2", physical.fields()[1].name());
    assertFalse(ColumnMapping.hasFieldIds(physical));
  }
}
