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
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.deltax.actions.AddFile;
import io.deltax.partitions.PartitionValues;
import java.sql.Timestamp;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.spark.sql.catalyst.util.DateTimeUtils;
import org.apache.spark.sql.sources.And;
import org.apache.spark.sql.sources.EqualNullSafe;
import org.apache.spark.sql.sources.EqualTo;
import org.apache.spark.sql.sources.Filter;
import org.apache.spark.sql.sources.GreaterThan;
import org.apache.spark.sql.sources.In;
import org.apache.spark.sql.sources.IsNotNull;
import org.apache.spark.sql.sources.IsNull;
import org.apache.spark.sql.sources.LessThan;
import org.apache.spark.sql.sources.LessThanOrEqual;
import org.apache.spark.sql.sources.Not;
import org.apache.spark.sql.sources.Or;
import org.apache.spark.sql.sources.StringStartsWith;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.Test;

/**
 * Filters on partition columns that deltax reports complete keep exactly the files whose rows
 * satisfy them, SQL's NULL semantics included: no row needs the filter again.
 */
class PartitionFiltersTest {
  private static final StructType SCHEMA =
      new StructType()
          .add("v", DataTypes.LongType)
          .add("p", DataTypes.IntegerType)
          .add("s", DataTypes.StringType)
          .add("ts", DataTypes.TimestampType);
  private static final Set<String> PARTITIONS = Set.of("p", "s", "ts");

  private static AddFile file(String column, String value) {
    Map<String, String> values = new HashMap<>();
    values.put(column, value);
    return new AddFile(
        column + "=" + value, values, 1, 1, true, null, Map.of(), null, null, null, null);
  }

  /**
   * The partition values (null for a null partition) of the files the filter keeps, which must be
   * exact.
   */
  private static Set<String> kept(Filter filter, String column, String... values) {
    DataSkipping skipping =
        new DataSkipping(
            SCHEMA, PARTITIONS, List.of(filter), new PartitionValues(ZoneId.of("UTC")));
    assertEquals(List.of(), skipping.postScanFilters(), filter + " is exact");
    Set<String> kept = new LinkedHashSet<>();
    for (String value : values) {
      if (skipping.mightMatch(file(column, value))) {
        kept.add(value);
      }
    }
    return kept;
  }

  private static Set<String> set(String... values) {
    return new LinkedHashSet<>(Arrays.asList(values));
  }

  @Test
  void comparisonsAndNulls() {
    String[] ps = {null, "0", "1", "2"};
    assertEquals(set("1"), kept(new EqualTo("p", 1), "p", ps));
    assertEquals(set(), kept(new EqualTo("p", null), "p", ps), "p = NULL is never true");
    assertEquals(set("1", "2"), kept(new In("p", new Object[] {1, 2, null}), "p", ps));
    assertEquals(set((String) null), kept(new IsNull("p"), "p", ps));
    assertEquals(set("0", "1", "2"), kept(new IsNotNull("p"), "p", ps));
    assertEquals(
        set("0", "2"), kept(new Not(new EqualTo("p", 1)), "p", ps), "NOT (NULL = 1) is NULL");
    assertEquals(set("0", "1", "2"), kept(new Not(new IsNull("p")), "p", ps));
    assertEquals(set((String) null), kept(new EqualNullSafe("p", null), "p", ps));
    assertEquals(set("1"), kept(new EqualNullSafe("p", 1), "p", ps));
    assertEquals(set("0", "1"), kept(new LessThanOrEqual("p", 1), "p", ps));
    assertEquals(set("1"), kept(new And(new GreaterThan("p", 0), new LessThan("p", 2)), "p", ps));
    assertEquals(set(null, "0"), kept(new Or(new EqualTo("p", 0), new IsNull("p")), "p", ps));
  }

  @Test
  void stringPrefixes() {
    assertEquals(
        set("ab", "abc"),
        kept(new StringStartsWith("s", "ab"), "s", "ab", "abc", "a", "b", "aab", "", null));
  }

  @Test
  void timestampsBeforeTheGregorianCalendarCompareAsSparkPassesThem() {
    // Spark hands filters java.sql.Timestamps shifted between calendars before 1582.
    long micros =
        DateTimeUtils.instantToMicros(
            LocalDate.of(1000, 1, 1).atStartOfDay(ZoneId.of("UTC")).toInstant());
    Timestamp literal = DateTimeUtils.toJavaTimestamp(micros);
    assertEquals(
        set("1000-01-01 00:00:00"),
        kept(new EqualTo("ts", literal), "ts", "1000-01-01 00:00:00", "1000-01-02 00:00:00", null));
  }

  @Test
  void otherFiltersAreLeftToSpark() {
    StructType schema = SCHEMA.add("f", DataTypes.DoubleType);
    List<Filter> filters =
        new ArrayList<>(
            List.of(
                new EqualTo("v", 1L),
                new EqualTo("f", 0.0),
                new Not(new In("p", new Object[] {1})),
                new Not(new Not(new EqualTo("p", 1))),
                new Or(new EqualTo("p", 1), new EqualTo("v", 1L))));
    DataSkipping skipping =
        new DataSkipping(schema, Set.of("p", "f"), filters, new PartitionValues(ZoneId.of("UTC")));
    assertEquals(filters, skipping.postScanFilters());
    assertTrue(skipping.usableFilters().containsAll(filters));
  }
}
