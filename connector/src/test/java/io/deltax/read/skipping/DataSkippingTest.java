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

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.deltax.actions.AddFile;
import io.deltax.partitions.PartitionValues;
import java.math.BigDecimal;
import java.sql.Timestamp;
import java.time.ZoneId;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.spark.sql.sources.And;
import org.apache.spark.sql.sources.EqualNullSafe;
import org.apache.spark.sql.sources.EqualTo;
import org.apache.spark.sql.sources.Filter;
import org.apache.spark.sql.sources.GreaterThan;
import org.apache.spark.sql.sources.GreaterThanOrEqual;
import org.apache.spark.sql.sources.In;
import org.apache.spark.sql.sources.IsNotNull;
import org.apache.spark.sql.sources.IsNull;
import org.apache.spark.sql.sources.LessThan;
import org.apache.spark.sql.sources.LessThanOrEqual;
import org.apache.spark.sql.sources.Not;
import org.apache.spark.sql.sources.Or;
import org.apache.spark.sql.sources.StringStartsWith;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.Metadata;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.Test;

/** Skipping decisions on hand-made statistics (PROTOCOL.md, "Per-file Statistics"). */
class DataSkippingTest {
  private static final StructType SCHEMA =
      new StructType()
          .add("id", DataTypes.LongType)
          .add("name", DataTypes.StringType)
          .add("ts", DataTypes.TimestampType)
          .add("amount", DataTypes.createDecimalType(10, 2))
          .add("p", DataTypes.IntegerType);

  private static final String STATS =
      "{\"numRecords\":10,"
          + "\"minValues\":{\"id\":100,\"name\":\"bob\",\"ts\":\"2024-01-01T00:00:00.000Z\",\"amount\":1.50},"
          + "\"maxValues\":{\"id\":200,\"name\":\"dave\",\"ts\":\"2024-01-01T00:00:01.000Z\",\"amount\":9.25},"
          + "\"nullCount\":{\"id\":0,\"name\":3,\"ts\":0,\"amount\":10}}";

  private static AddFile file(String stats, String partition) {
    Map<String, String> values = new HashMap<>();
    values.put("p", partition);
    return new AddFile("f.parquet", values, 1, 1, true, stats, Map.of(), null, null, null, null);
  }

  private static boolean mightMatch(Filter filter, AddFile file) {
    return new DataSkipping(
            SCHEMA, Set.of("p"), List.of(filter), new PartitionValues(ZoneId.of("UTC")))
        .mightMatch(file);
  }

  @Test
  void comparisonsAgainstMinAndMax() {
    AddFile f = file(STATS, "1");
    assertTrue(mightMatch(new EqualTo("id", 150L), f));
    assertFalse(mightMatch(new EqualTo("id", 201L), f));
    assertFalse(mightMatch(new LessThan("id", 100L), f));
    assertTrue(mightMatch(new GreaterThan("id", 199L), f));
    assertFalse(mightMatch(new GreaterThan("id", 200L), f));
    assertTrue(mightMatch(new In("id", new Object[] {1L, 150L}), f));
    assertFalse(mightMatch(new In("id", new Object[] {1L, 250L}), f));
    assertFalse(mightMatch(new EqualTo("name", "alice"), f));
    assertTrue(mightMatch(new StringStartsWith("name", "c"), f));
    assertFalse(mightMatch(new StringStartsWith("name", "e"), f));
    assertTrue(mightMatch(new StringStartsWith("name", "b"), f));
    assertFalse(mightMatch(new EqualTo("id", null), f));
  }

  @Test
  void timestampMaximumIsWidenedBecauseStatsAreTruncatedToMilliseconds() {
    AddFile f = file(STATS, "1");
    Timestamp withinLastMilli =
        Timestamp.from(java.time.Instant.parse("2024-01-01T00:00:01.000500Z"));
    assertTrue(mightMatch(new EqualTo("ts", withinLastMilli), f));
    assertFalse(
        mightMatch(
            new EqualTo("ts", Timestamp.from(java.time.Instant.parse("2024-01-01T00:00:01.001Z"))),
            f));
  }

  @Test
  void nullCounts() {
    AddFile f = file(STATS, "1");
    assertFalse(mightMatch(new IsNull("id"), f));
    assertTrue(mightMatch(new IsNull("name"), f));
    assertFalse(mightMatch(new IsNotNull("amount"), f));
    assertFalse(
        mightMatch(new EqualTo("amount", new BigDecimal("2.00")), f), "every amount is null");
    assertTrue(mightMatch(new EqualNullSafe("name", null), f));
    assertFalse(mightMatch(new EqualNullSafe("id", null), f));
  }

  @Test
  void partitionValuesAreExact() {
    assertTrue(mightMatch(new EqualTo("p", 1), file(STATS, "1")));
    assertFalse(mightMatch(new EqualTo("p", 2), file(STATS, "1")));
    assertFalse(mightMatch(new EqualTo("p", 1), file(STATS, null)));
    assertTrue(mightMatch(new IsNull("p"), file(STATS, null)));
    assertFalse(mightMatch(new IsNull("p"), file(STATS, "1")));
    assertFalse(mightMatch(new Not(new EqualTo("p", 1)), file(STATS, "1")));
  }

  @Test
  void combinationsAndUnknowns() {
    AddFile f = file(STATS, "1");
    assertFalse(mightMatch(new And(new EqualTo("id", 150L), new EqualTo("p", 2)), f));
    assertTrue(mightMatch(new Or(new EqualTo("id", 999L), new EqualTo("p", 1)), f));
    assertTrue(mightMatch(new EqualTo("id", 999L), file(null, "1")), "no stats: keep the file");
    assertTrue(mightMatch(new EqualTo("unknown", 1), f));
    assertTrue(mightMatch(new EqualTo("id", 999L), file("{not json", "1")));
  }

  private static boolean mightMatch(
      StructType schema, Set<String> partitions, Filter filter, AddFile file) {
    return new DataSkipping(
            schema, partitions, List.of(filter), new PartitionValues(ZoneId.of("UTC")))
        .mightMatch(file);
  }

  private static AddFile fileWith(String stats, Map<String, String> partitionValues) {
    return new AddFile(
        "f.parquet", partitionValues, 1, 1, true, stats, Map.of(), null, null, null, null);
  }

  /**
   * A float's statistic is the float's shortest decimal, as delta-spark writes it: {@code 0.7} for
   * 0.7f, which as a double is above 0.7f. Read as a double, the file's own value fell outside it.
   */
  @Test
  void floatStatisticsAreReadAsFloats() {
    StructType schema = new StructType().add("f", DataTypes.FloatType);
    AddFile f =
        fileWith(
            "{\"numRecords\":1,\"minValues\":{\"f\":0.7},\"maxValues\":{\"f\":0.7},"
                + "\"nullCount\":{\"f\":0}}",
            Map.of());
    assertTrue(mightMatch(schema, Set.of(), new EqualTo("f", 0.7f), f));
    assertTrue(mightMatch(schema, Set.of(), new GreaterThanOrEqual("f", 0.7f), f));
    assertFalse(mightMatch(schema, Set.of(), new EqualTo("f", 0.71f), f));
    AddFile tenth =
        fileWith(
            "{\"numRecords\":1,\"minValues\":{\"f\":0.1},\"maxValues\":{\"f\":0.1},"
                + "\"nullCount\":{\"f\":0}}",
            Map.of());
    assertTrue(mightMatch(schema, Set.of(), new LessThanOrEqual("f", 0.1f), tenth));
  }

  /** A double that was a float keeps both readings of its older files' statistics. */
  @Test
  void aDoubleWidenedFromAFloatBoundsBothReadings() {
    Metadata typeChanges =
        Metadata.fromJson(
            "{\"delta.typeChanges\":[{\"fromType\":\"float\",\"toType\":\"double\"}]}");
    StructType schema = new StructType().add("d", DataTypes.DoubleType, true, typeChanges);
    AddFile olderFile =
        fileWith(
            "{\"numRecords\":1,\"minValues\":{\"d\":0.7},\"maxValues\":{\"d\":0.7},"
                + "\"nullCount\":{\"d\":0}}",
            Map.of());
    assertTrue(mightMatch(schema, Set.of(), new EqualTo("d", (double) 0.7f), olderFile));
    assertTrue(mightMatch(schema, Set.of(), new EqualTo("d", 0.7), olderFile));
    StructType plain = new StructType().add("d", DataTypes.DoubleType);
    assertFalse(
        mightMatch(plain, Set.of(), new EqualTo("d", (double) 0.7f), olderFile),
        "a double never widened reads its statistics as doubles");
  }

  /** Spark compares -0.0 and 0.0 as equal; Java's compareTo orders them. */
  @Test
  void negativeZeroEqualsZero() {
    StructType schema =
        new StructType().add("d", DataTypes.DoubleType).add("p", DataTypes.DoubleType);
    AddFile f =
        fileWith(
            "{\"numRecords\":2,\"minValues\":{\"d\":0.0},\"maxValues\":{\"d\":1.0},"
                + "\"nullCount\":{\"d\":0}}",
            Map.of("p", "-0.0"));
    assertTrue(mightMatch(schema, Set.of("p"), new EqualTo("d", -0.0), f));
    assertTrue(mightMatch(schema, Set.of("p"), new LessThanOrEqual("d", -0.0), f));
    assertTrue(mightMatch(schema, Set.of("p"), new EqualTo("p", 0.0), f));
    assertFalse(mightMatch(schema, Set.of("p"), new EqualTo("p", 1.0), f));
  }

  /**
   * Spark quotes a column name that needs it ({@code `event-date`}) and names a nested field with
   * dots ({@code s.x}): the first is the column, the second never a top-level column named s.x.
   */
  @Test
  void filterNamesAreReadAsSqlNamesThem() {
    StructType schema =
        new StructType()
            .add("event-date", DataTypes.IntegerType)
            .add("s", new StructType().add("x", DataTypes.IntegerType))
            .add("s.x", DataTypes.IntegerType);
    AddFile f = fileWith(null, Map.of("event-date", "1", "s.x", "1"));
    Set<String> partitions = Set.of("event-date", "s.x");
    assertFalse(mightMatch(schema, partitions, new EqualTo("`event-date`", 2), f));
    assertTrue(mightMatch(schema, partitions, new EqualTo("`event-date`", 1), f));
    assertFalse(mightMatch(schema, partitions, new EqualTo("`s.x`", 2), f));
    assertTrue(
        mightMatch(schema, partitions, new EqualTo("s.x", 2), f), "the struct's field: unknown");
  }
}
