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
package io.deltax.read.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.deltax.actions.AddFile;
import io.deltax.partitions.PartitionValues;
import io.deltax.read.skipping.DataSkipping;
import java.sql.Date;
import java.sql.Timestamp;
import java.time.ZoneId;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.LongStream;
import org.apache.spark.sql.connector.expressions.NamedReference;
import org.apache.spark.sql.sources.And;
import org.apache.spark.sql.sources.Filter;
import org.apache.spark.sql.sources.GreaterThanOrEqual;
import org.apache.spark.sql.sources.In;
import org.apache.spark.sql.sources.LessThanOrEqual;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.Test;

/** Which files runtime filters keep, on hand-made partition values and statistics. */
class RuntimeFiltersTest {
  private static final StructType SCHEMA =
      new StructType()
          .add("id", DataTypes.LongType)
          .add("flag", DataTypes.BooleanType)
          .add("day", DataTypes.DateType)
          .add("hour", DataTypes.TimestampType);

  private static final Set<String> PARTITIONS = Set.of("day", "hour");

  private static AddFile file(String path, String day, String hour, long minId, long maxId) {
    Map<String, String> values = new HashMap<>();
    values.put("day", day);
    values.put("hour", hour);
    String stats =
        "{\"numRecords\":2,\"minValues\":{\"id\":"
            + minId
            + "},\"maxValues\":{\"id\":"
            + maxId
            + "},\"nullCount\":{\"id\":0}}";
    return new AddFile(path, values, 1, 1, true, stats, Map.of(), null, null, null, null);
  }

  private static final AddFile JAN_1 = file("a", "2024-01-01", "2024-01-01 10:00:00", 0, 9);
  private static final AddFile JAN_2 = file("b", "2024-01-02", "2024-01-02 23:00:00", 10, 19);
  private static final AddFile NO_DAY = file("c", null, null, 20, 29);
  private static final List<AddFile> FILES = List.of(JAN_1, JAN_2, NO_DAY);

  /** The scan's skipping of a list of filters, in the time zone {@code zone}. */
  private static Function<List<Filter>, DataSkipping> skippingIn(String zone) {
    return filters ->
        new DataSkipping(SCHEMA, PARTITIONS, filters, new PartitionValues(ZoneId.of(zone)));
  }

  private static List<AddFile> keep(String zone, Filter... filters) {
    RuntimeFilters runtime = new RuntimeFilters();
    runtime.add(filters);
    return runtime.select(FILES, false, skippingIn(zone));
  }

  @Test
  void partitionValuesExactlyNullsNeverMatch() {
    assertEquals(
        List.of(JAN_2), keep("UTC", new In("day", new Object[] {Date.valueOf("2024-01-02")})));
    // A null from the build side matches no row, and a null partition value no key.
    assertEquals(
        List.of(JAN_1),
        keep("UTC", new In("day", new Object[] {null, Date.valueOf("2024-01-01")})));
    assertEquals(List.of(), keep("UTC", new In("day", new Object[] {Date.valueOf("2023-12-31")})));
  }

  @Test
  void timestampPartitionsReadInTheSessionZone() {
    // 2024-01-02 23:00 in Los Angeles is 2024-01-03 07:00 UTC.
    Object instant = Timestamp.from(java.time.Instant.parse("2024-01-03T07:00:00Z"));
    assertEquals(
        List.of(JAN_2), keep("America/Los_Angeles", new In("hour", new Object[] {instant})));
    assertEquals(List.of(), keep("UTC", new In("hour", new Object[] {instant})));
  }

  @Test
  void dataColumnsByMinAndMax() {
    assertEquals(List.of(JAN_1, NO_DAY), keep("UTC", new In("id", new Object[] {5L, 25L, 99L})));
    assertEquals(
        List.of(JAN_2),
        keep("UTC", new GreaterThanOrEqual("id", 12L), new LessThanOrEqual("id", 15L)));
  }

  @Test
  void longInListsAreCheckedAsTheirRange() {
    Object[] values = LongStream.range(0, 1000).map(v -> v * 3 + 12).boxed().toArray();
    Filter compact = RuntimeFilters.compact(new In("id", values));
    assertEquals(
        new And(new GreaterThanOrEqual("id", 12L), new LessThanOrEqual("id", 3009L)), compact);
    assertEquals(List.of(JAN_2, NO_DAY), keep("UTC", new In("id", values)));
    In strings = new In("name", LongStream.range(0, 1000).mapToObj(Long::toString).toArray());
    assertSame(strings, RuntimeFilters.compact(strings));
    In shortList = new In("id", new Object[] {1L, 2L});
    assertSame(shortList, RuntimeFilters.compact(shortList));
  }

  @Test
  void aFilterGivenAgainChangesNothing() {
    RuntimeFilters runtime = new RuntimeFilters();
    Filter f = new In("id", new Object[] {5L});
    assertTrue(runtime.isEmpty());
    assertTrue(runtime.add(new Filter[] {f}));
    assertFalse(runtime.add(new Filter[] {new In("id", new Object[] {5L})}));
    assertEquals(List.of(f), runtime.filters());
    assertEquals(List.of(JAN_1), runtime.select(FILES, false, skippingIn("UTC")));
    RuntimeFilters same = new RuntimeFilters();
    same.add(new Filter[] {f});
    assertEquals(runtime, same);
    assertEquals(runtime.hashCode(), same.hashCode());
  }

  @Test
  void columnsOfferedAreTheOutputsWithBounds() {
    StructType metadata = new StructType().add("row_id", DataTypes.LongType);
    StructType output = SCHEMA.add("_metadata", metadata);
    List<String> names =
        java.util.Arrays.stream(RuntimeFilterColumns.of(output, "_metadata"))
            .map(NamedReference::toString)
            .toList();
    assertEquals(List.of("id", "day", "hour", "_metadata"), names);
    StructType fileOnly = new StructType().add("file_path", DataTypes.StringType);
    assertEquals(
        List.of("id", "day", "hour"),
        java.util.Arrays.stream(
                RuntimeFilterColumns.of(SCHEMA.add("_metadata", fileOnly), "_metadata"))
            .map(NamedReference::toString)
            .toList());
    StructType versions = new StructType().add("row_data_version", DataTypes.LongType);
    assertEquals(
        List.of("id", "day", "hour", "_metadata"),
        java.util.Arrays.stream(
                RuntimeFilterColumns.of(SCHEMA.add("_metadata", versions), "_metadata"))
            .map(NamedReference::toString)
            .toList());
  }
}
