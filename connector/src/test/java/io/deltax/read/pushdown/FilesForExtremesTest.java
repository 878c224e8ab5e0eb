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
package io.deltax.read.pushdown;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.deltax.actions.AddFile;
import io.deltax.actions.DeletionVectorDescriptor;
import io.deltax.partitions.PartitionValues;
import io.deltax.read.skipping.SnapshotColumnBounds;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.spark.sql.connector.expressions.Expression;
import org.apache.spark.sql.connector.expressions.FieldReference;
import org.apache.spark.sql.connector.expressions.aggregate.AggregateFunc;
import org.apache.spark.sql.connector.expressions.aggregate.Aggregation;
import org.apache.spark.sql.connector.expressions.aggregate.CountStar;
import org.apache.spark.sql.connector.expressions.aggregate.Max;
import org.apache.spark.sql.connector.expressions.aggregate.Min;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.Test;

/** Which files can hold a group's {@code MIN} and {@code MAX}, on files built here. */
class FilesForExtremesTest {
  private static final StructType SCHEMA =
      new StructType()
          .add("id", DataTypes.LongType)
          .add("s", DataTypes.StringType)
          .add("ts", DataTypes.TimestampType)
          .add("part", DataTypes.IntegerType);

  static AddFile file(String name, String part, String stats, boolean deletionVector) {
    Map<String, String> values = new HashMap<>();
    values.put("part", part);
    DeletionVectorDescriptor dv =
        deletionVector ? new DeletionVectorDescriptor("u", "x", 1, 10, 1, null) : null;
    return new AddFile(name, values, 1, 1, true, stats, Map.of(), dv, null, null, null);
  }

  /** Statistics of {@code ts}, whose bounds are milliseconds past the second given. */
  static String tsStats(long records, long nulls, Integer minMillis, Integer maxMillis) {
    String bounds =
        minMillis == null
            ? ""
            : String.format(
                "\"minValues\":{\"ts\":\"2024-01-01T00:00:00.%03dZ\"},"
                    + "\"maxValues\":{\"ts\":\"2024-01-01T00:00:00.%03dZ\"},",
                minMillis, maxMillis);
    return String.format("{\"numRecords\":%d,%s\"nullCount\":{\"ts\":%d}}", records, bounds, nulls);
  }

  private static Optional<NeededFiles> needed(AggregateFunc[] funcs, Expression... groupBy) {
    return FilesForExtremes.of(
            new Aggregation(funcs, groupBy),
            SCHEMA,
            Set.of("part"),
            new PartitionValues(ZoneOffset.UTC),
            new SnapshotColumnBounds())
        .map(NeededFiles.class::cast);
  }

  private static AggregateFunc[] funcs(AggregateFunc... f) {
    return f;
  }

  private static FieldReference col(String name) {
    return (FieldReference) FieldReference.column(name);
  }

  private static List<String> names(List<AddFile> files) {
    return files.stream().map(AddFile::path).toList();
  }

  // Group 1: a holds the greatest sure maximum (.010) and, with b, the least minimum.
  static final List<AddFile> FILES =
      List.of(
          file("a", "1", tsStats(3, 0, 0, 10), false),
          file("b", "1", tsStats(3, 0, 0, 9), false), // max below .010: up to .009999
          file("c", "1", tsStats(3, 1, 5, 10), false), // max may be past .010 by 999 µs
          file("nulls", "1", tsStats(2, 2, null, null), false),
          file("dv", "1", tsStats(3, 0, 1, 1), true),
          file("nostats", "1", null, false),
          file("loose", "1", tsStats(3, 0, 4, 4).replace("{", "{\"tightBounds\":false,"), false),
          // Group 2: no sure value, every file kept.
          file("nulls2", "2", tsStats(2, 2, null, null), false),
          file("dv2", "2", tsStats(3, 0, 50, 60), true));

  @Test
  void maxKeepsTheFilesThatReachTheGreatestSureValue() {
    NeededFiles max = needed(funcs(new Max(col("ts"))), col("part")).orElseThrow();
    assertEquals(List.of("a", "c", "dv", "nostats", "nulls2", "dv2"), names(max.of(FILES)));
  }

  @Test
  void minMirrorsMaxAndBothKeepTheUnion() {
    NeededFiles min = needed(funcs(new Min(col("ts"))), col("part")).orElseThrow();
    assertEquals(List.of("a", "b", "dv", "nostats", "nulls2", "dv2"), names(min.of(FILES)));
    NeededFiles both =
        needed(funcs(new Min(col("ts")), new Max(col("ts"))), col("part")).orElseThrow();
    assertEquals(List.of("a", "b", "c", "dv", "nostats", "nulls2", "dv2"), names(both.of(FILES)));
    assertTrue(both.toString().contains("min(ts), max(ts)"), both.toString());
  }

  @Test
  void withoutGroupingOneThresholdForAllFiles() {
    NeededFiles max = needed(funcs(new Max(col("ts")))).orElseThrow();
    // dv2's maximum may be deleted: kept, yet it is no sure value.
    assertEquals(List.of("a", "c", "dv", "nostats", "dv2"), names(max.of(FILES)));
  }

  @Test
  void wholeNumbersAreExact() {
    NeededFiles max = needed(funcs(new Max(col("id")))).orElseThrow();
    String s1 =
        "{\"numRecords\":2,\"minValues\":{\"id\":1},\"maxValues\":{\"id\":9},"
            + "\"nullCount\":{\"id\":0}}";
    String s2 = s1.replace("9}", "8}");
    String s3 = s1.replace("9}", "10}").replace("\"id\":0}", "\"id\":1}");
    List<AddFile> files =
        List.of(file("9", "1", s1, false), file("8", "1", s2, false), file("10", "1", s3, false));
    assertEquals(List.of("10"), names(max.of(files)));
  }

  @Test
  void onlyMinAndMaxOfDataColumnsWithBounds() {
    assertTrue(needed(funcs(new CountStar(), new Max(col("ts")))).isEmpty(), "COUNT");
    assertTrue(needed(funcs(new Max(col("s")))).isEmpty(), "strings are cut");
    assertTrue(needed(funcs(new Max(col("part")))).isEmpty(), "a partition column");
    assertTrue(needed(funcs(new Max(col("ts"))), col("id")).isEmpty(), "group by data");
    assertTrue(needed(funcs()).isEmpty(), "no aggregate");
  }
}
