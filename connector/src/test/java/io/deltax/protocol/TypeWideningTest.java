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

import static io.deltax.errors.DeltaXErrorCondition.DELTAX_UNSUPPORTED_TYPE_CHANGE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.deltax.actions.Metadata;
import io.deltax.errors.DeltaXAnalysisException;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.Test;

/** PROTOCOL.md, "Reader Requirements for Type Widening": every recorded type change is checked. */
class TypeWideningTest {
  private static org.apache.spark.sql.types.Metadata changes(String json) {
    return org.apache.spark.sql.types.Metadata.fromJson("{\"delta.typeChanges\":" + json + "}");
  }

  private static Metadata table(StructType schema) {
    return new Metadata("id", null, null, "parquet", schema.json(), List.of(), Map.of(), 1L);
  }

  @Test
  void everyWideningOfTheProtocolIsAccepted() {
    StructType schema =
        new StructType()
            .add(
                "l",
                DataTypes.LongType,
                true,
                changes(
                    "[{\"fromType\":\"byte\",\"toType\":\"short\"},"
                        + "{\"fromType\":\"short\",\"toType\":\"integer\"},{\"fromType\":\"integer\",\"toType\":\"long\"}]"))
            .add(
                "d",
                DataTypes.createDecimalType(22, 2),
                true,
                changes("[{\"fromType\":\"long\",\"toType\":\"decimal(22,2)\"}]"))
            .add(
                "t",
                DataTypes.TimestampNTZType,
                true,
                changes("[{\"fromType\":\"date\",\"toType\":\"timestamp_ntz\"}]"))
            .add(
                "a",
                new ArrayType(DataTypes.DoubleType, true),
                true,
                changes(
                    "[{\"fromType\":\"float\",\"toType\":\"double\",\"fieldPath\":\"element\"}]"));
    TypeWidening.checkTypeChanges("/t", 3, table(schema));
  }

  @Test
  void anotherChangeIsRefusedNamingTheColumn() {
    StructType inner =
        new StructType()
            .add(
                "n",
                DataTypes.IntegerType,
                true,
                changes("[{\"fromType\":\"string\",\"toType\":\"integer\"}]"));
    StructType schema = new StructType().add("id", DataTypes.LongType).add("s", inner);
    DeltaXAnalysisException e =
        assertThrows(
            DeltaXAnalysisException.class,
            () -> TypeWidening.checkTypeChanges("/t", 3, table(schema)));
    assertEquals(DELTAX_UNSUPPORTED_TYPE_CHANGE, e.condition());
    assertTrue(e.getMessage().contains("column s.n from string to integer"), e.getMessage());

    for (String change :
        new String[] {
          "[{\"fromType\":\"long\",\"toType\":\"integer\"}]",
          "[{\"fromType\":\"double\",\"toType\":\"float\"}]",
          "[{\"toType\":\"long\"}]",
          "[{\"fromType\":\"decimal(10,2)\",\"toType\":\"decimal(10,3)\"}]",
          "[{\"fromType\":\"nonsense\",\"toType\":\"long\"}]"
        }) {
      StructType narrowing = new StructType().add("x", DataTypes.LongType, true, changes(change));
      assertThrows(
          DeltaXAnalysisException.class,
          () -> TypeWidening.checkTypeChanges("/t", 3, table(narrowing)),
          change);
    }
  }
}
