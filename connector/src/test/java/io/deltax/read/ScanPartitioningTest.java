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
package io.deltax.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.apache.spark.sql.connector.expressions.Expression;
import org.apache.spark.sql.connector.expressions.Transform;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StringType;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.Test;

/** When a scan reports its partition columns as keys, and how it names them. */
class ScanPartitioningTest {
  private static final StructType DAY_AND_REGION =
      new StructType().add("day", DataTypes.DateType).add("region", DataTypes.StringType);

  @Test
  void keysOnlyWhereOnAndEveryPartitionColumnIsRead() {
    assertTrue(ScanPartitioning.reportsKeys(true, 2, DAY_AND_REGION));
    assertFalse(ScanPartitioning.reportsKeys(false, 2, DAY_AND_REGION), "off");
    assertFalse(ScanPartitioning.reportsKeys(true, 3, DAY_AND_REGION), "a column pruned");
    assertFalse(ScanPartitioning.reportsKeys(true, 0, new StructType()), "not partitioned");
  }

  @Test
  void noKeysWhereAJoinComparesValuesTheirPartitionsKeepApart() {
    for (StructType schema :
        new StructType[] {
          new StructType().add("x", DataTypes.DoubleType),
          new StructType().add("x", DataTypes.FloatType),
          new StructType().add("x", StringType.apply("UTF8_LCASE"))
        }) {
      assertFalse(ScanPartitioning.reportsKeys(true, 1, schema), schema.toString());
    }
    assertTrue(
        ScanPartitioning.reportsKeys(
            true, 1, new StructType().add("x", DataTypes.createDecimalType(10, 2))));
  }

  @Test
  void keysAreIdentityTransformsOfTheLogicalNamesAsWritten() {
    Expression[] keys =
        ScanPartitioning.keys(DAY_AND_REGION.add("event-date.x`y", DataTypes.DateType));
    assertEquals(3, keys.length);
    for (Expression key : keys) {
      assertEquals("identity", ((Transform) key).name());
    }
    assertEquals(
        "event-date.x`y",
        String.join("|", ((Transform) keys[2]).references()[0].fieldNames()),
        "one field, not parsed as a path");
    assertEquals("day", ((Transform) keys[0]).references()[0].fieldNames()[0]);
  }
}
