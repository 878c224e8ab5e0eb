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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import io.deltax.partitions.PartitionValues;
import java.time.ZoneId;
import java.util.List;
import java.util.Set;
import org.apache.spark.sql.sources.EqualTo;
import org.apache.spark.sql.sources.GreaterThan;
import org.apache.spark.sql.sources.IsNull;
import org.apache.spark.sql.sources.Or;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.Test;

/** Only the columns a scan's filters name are parsed from a file's statistics. */
class FilteredColumnStatsTest {
  /** Wide statistics: nested structs, long strings and columns the filters never name. */
  private static final String STATS =
      "{\"numRecords\":10,"
          + "\"minValues\":{\"a\":1,\"s\":{\"x\":1,\"y\":[1,2]},\"id\":100,\"name\":\""
          + "n".repeat(1000)
          + "\"},"
          + "\"maxValues\":{\"a\":9,\"s\":{\"x\":2,\"y\":[3]},\"id\":200,\"name\":\"z\"},"
          + "\"nullCount\":{\"a\":0,\"s\":{\"x\":0,\"y\":0},\"id\":1,\"name\":0},"
          + "\"tightBounds\":true}";

  @Test
  void onlyTheRequestedColumnsAreRead() {
    FilteredColumnStats stats = FilteredColumnStats.parse(STATS, Set.of("id"));
    assertEquals(Set.of("id"), stats.parsedColumns());
    assertEquals(10L, stats.numRecords());
    assertEquals(100, stats.min("id").asInt());
    assertEquals(200, stats.max("id").asInt());
    assertEquals(1, stats.nullCount("id").asInt());
    assertNull(stats.min("a"));
    assertNull(stats.min("name"));
  }

  @Test
  void decimalStatisticsStayExact() {
    FilteredColumnStats stats =
        FilteredColumnStats.parse(
            "{\"numRecords\":1,\"maxValues\":{\"d\":1.000000000000000001}}", Set.of("d"));
    assertEquals(new java.math.BigDecimal("1.000000000000000001"), stats.max("d").decimalValue());
  }

  @Test
  void noColumnsStillGiveTheRecordCount() {
    FilteredColumnStats stats = FilteredColumnStats.parse(STATS, Set.of());
    assertEquals(Set.of(), stats.parsedColumns());
    assertEquals(10L, stats.numRecords());
    assertEquals(3L, FilteredColumnStats.parse("{\"numRecords\":3.0}", Set.of()).numRecords());
    assertNull(FilteredColumnStats.parse("{\"numRecords\":3.5}", Set.of()).numRecords());
  }

  @Test
  void brokenStatisticsAreUnknown() {
    assertSame(FilteredColumnStats.NONE, FilteredColumnStats.parse(null, Set.of("id")));
    assertSame(FilteredColumnStats.NONE, FilteredColumnStats.parse("{not json", Set.of("id")));
    assertSame(FilteredColumnStats.NONE, FilteredColumnStats.parse("[1]", Set.of("id")));
    assertNull(FilteredColumnStats.parse("{\"minValues\":{\"id\":1", Set.of("id")).numRecords());
  }

  @Test
  void aScanParsesTheDataColumnsItsFiltersName() {
    StructType schema =
        new StructType()
            .add("id", DataTypes.LongType)
            .add("name", DataTypes.StringType)
            .add("a", DataTypes.IntegerType)
            .add("p", DataTypes.IntegerType)
            .add("s", new StructType().add("x", DataTypes.IntegerType));
    DataSkipping skipping =
        new DataSkipping(
            schema,
            Set.of("p"),
            List.of(
                new GreaterThan("ID", 5L),
                new Or(new EqualTo("p", 1), new IsNull("name")),
                new EqualTo("s.x", 1),
                new EqualTo("_metadata.row_id", 1L)),
            new PartitionValues(ZoneId.of("UTC")));
    // Partition values come from the log, nested and metadata fields have no statistics here.
    assertEquals(Set.of("id", "name"), skipping.statsColumns());
  }
}
