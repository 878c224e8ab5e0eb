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
package io.deltax.changes.plan;

import static io.deltax.errors.DeltaXErrorCondition.DELTAX_UNSUPPORTED_CHANGE_RANGE;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.deltax.actions.Metadata;
import io.deltax.errors.DeltaXAnalysisException;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.Test;

/**
 * Which schemas a change feed range can read with its last one, and which commit an error names.
 */
class RangeSchemasTest {
  private static Metadata metadata(String ddl) {
    return new Metadata(
        "t", null, null, "parquet", StructType.fromDDL(ddl).json(), List.of(), Map.of(), 1L);
  }

  private static final Metadata ID_V = metadata("id BIGINT, v INT");
  private static final Metadata ID_V_W = metadata("id BIGINT, v INT, w STRING");
  private static final Metadata ID_W = metadata("id BIGINT, w STRING");
  private static final Metadata V_STRING = metadata("id BIGINT, v STRING");

  private static DeltaXAnalysisException refused(RangeSchemas schemas) {
    DeltaXAnalysisException e = assertThrows(DeltaXAnalysisException.class, schemas::check);
    assertEquals(DELTAX_UNSUPPORTED_CHANGE_RANGE, e.condition());
    return e;
  }

  private static void assertMessage(DeltaXAnalysisException e, String... parts) {
    for (String part : parts) {
      assertTrue(e.getMessage().contains(part), "expected '" + part + "' in: " + e.getMessage());
    }
  }

  /** An added column is fine; a drop after it is named at its own commit, not the add's. */
  @Test
  void theCommitThatBrokeTheSchemaIsNamed() {
    RangeSchemas schemas = new RangeSchemas("t", 1, ID_V, true);
    schemas.commit(2, ID_V_W, false);
    schemas.commit(4, ID_W, false);
    assertMessage(
        refused(schemas),
        "across version 4",
        "drops or renames column v",
        "up to version 3 and from version 4 on");
    RangeSchemas added = new RangeSchemas("t", 1, ID_V, true);
    added.commit(2, ID_V_W, true);
    assertDoesNotThrow(added::check);
  }

  /**
   * A widened type (INT to BIGINT, a struct's field too): a stream's micro-batch reads across it,
   * its stream deciding whether its schema has it; a batch range refuses it, as delta-spark's batch
   * change data feed does. A narrowed type is refused by both.
   */
  @Test
  void aWidenedTypeIsReadByStreamsOnly() {
    Metadata wide = metadata("id BIGINT, v BIGINT");
    RangeSchemas stream = new RangeSchemas("t", 3, ID_V, false);
    stream.commit(4, wide, false);
    assertDoesNotThrow(stream::check);
    RangeSchemas batch = new RangeSchemas("t", 3, ID_V, true);
    batch.commit(4, wide, false);
    assertMessage(refused(batch), "across version 4", "changes column v from int to bigint");
    RangeSchemas nested =
        new RangeSchemas("t", 3, metadata("id BIGINT, s STRUCT<a: SMALLINT>"), false);
    nested.commit(4, metadata("id BIGINT, s STRUCT<a: INT>"), false);
    assertDoesNotThrow(nested::check);
    RangeSchemas narrowed = new RangeSchemas("t", 3, wide, false);
    narrowed.commit(4, ID_V, false);
    assertMessage(refused(narrowed), "changes column v from bigint to int");
  }

  /**
   * A schema change at a chosen start is the range's first schema (delta-spark's rule); a stream's
   * micro-batch start is not chosen, so the schema before it must fit.
   */
  @Test
  void aSchemaChangeAtTheStart() {
    RangeSchemas batch = new RangeSchemas("t", 3, ID_V, true);
    batch.commit(3, ID_W, false);
    assertDoesNotThrow(batch::check);
    RangeSchemas stream = new RangeSchemas("t", 3, ID_V, false);
    stream.commit(3, ID_W, false);
    assertMessage(refused(stream), "across version 3", "drops or renames column v");
  }

  /**
   * The rows a schema-setting start commit removes were written before it: a dropped column is fine
   * for them, a changed type is not, and the range must then start after it. A later such commit is
   * named with the same advice.
   */
  @Test
  void rowsTheStartCommitRemovesKeepTheirTypes() {
    RangeSchemas dropped = new RangeSchemas("t", 3, ID_V, true);
    dropped.commit(3, ID_W, true);
    assertDoesNotThrow(dropped::check);
    RangeSchemas retyped = new RangeSchemas("t", 3, ID_V, true);
    retyped.commit(3, V_STRING, true);
    assertMessage(
        refused(retyped),
        "across version 3",
        "changes column v from int to string",
        "up to version 2 and from version 4 on");
    RangeSchemas later = new RangeSchemas("t", 1, ID_V, true);
    later.commit(5, V_STRING, true);
    assertMessage(refused(later), "across version 5", "up to version 4 and from version 6 on");
  }

  @Test
  void nestedFieldsNullabilityAndPartitions() {
    assertNull(
        RangeSchemas.incompatibility(
            metadata("id BIGINT, s STRUCT<a: INT>"),
            metadata("id BIGINT, s STRUCT<a: INT, b: STRING>")),
        "a struct gains a field");
    assertEquals(
        "drops or renames column s.a",
        RangeSchemas.incompatibility(
            metadata("id BIGINT, s STRUCT<a: INT>"), metadata("id BIGINT, s STRUCT<b: INT>")));
    assertEquals(
        "changes column m.value.x from int to bigint",
        RangeSchemas.incompatibility(
            metadata("m MAP<STRING, STRUCT<x: INT>>"),
            metadata("m MAP<STRING, STRUCT<x: BIGINT>>")));
    assertEquals(
        "makes column v non-nullable",
        RangeSchemas.incompatibility(
            ID_V,
            new Metadata(
                "t",
                null,
                null,
                "parquet",
                new StructType()
                    .add("id", DataTypes.LongType)
                    .add("v", DataTypes.IntegerType, false)
                    .json(),
                List.of(),
                Map.of(),
                1L)));
    assertNull(
        RangeSchemas.incompatibility(
            new Metadata(
                "t",
                null,
                null,
                "parquet",
                new StructType().add("v", DataTypes.IntegerType, false).json(),
                List.of(),
                Map.of(),
                1L),
            metadata("v INT")),
        "non-nullable to nullable");
    Metadata partitioned =
        new Metadata(
            "t",
            null,
            null,
            "parquet",
            StructType.fromDDL("id BIGINT, v INT").json(),
            List.of("v"),
            Map.of(),
            1L);
    assertEquals(
        "changes the partition columns from [] to [v]",
        RangeSchemas.incompatibility(ID_V, partitioned));
  }
}
