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
import io.deltax.read.skipping.ExactStatistics;
import io.deltax.read.skipping.SnapshotColumnBounds;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.sql.connector.expressions.Expression;
import org.apache.spark.sql.connector.expressions.FieldReference;
import org.apache.spark.sql.connector.expressions.aggregate.AggregateFunc;
import org.apache.spark.sql.connector.expressions.aggregate.Aggregation;
import org.apache.spark.sql.connector.expressions.aggregate.Count;
import org.apache.spark.sql.connector.expressions.aggregate.CountStar;
import org.apache.spark.sql.connector.expressions.aggregate.Max;
import org.apache.spark.sql.connector.expressions.aggregate.Min;
import org.apache.spark.sql.connector.expressions.aggregate.Sum;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.Test;

/** Which aggregates the log answers, and their answers, on files built here. */
class AggregateFromStatisticsTest {
  private static final StructType SCHEMA =
      new StructType()
          .add("id", DataTypes.LongType)
          .add("s", DataTypes.StringType)
          .add("ts", DataTypes.TimestampType)
          .add("f", DataTypes.DoubleType)
          .add("amount", DataTypes.createDecimalType(10, 2))
          .add("part", DataTypes.IntegerType);
  private static final Set<String> PARTITIONS = Set.of("part");

  private static AddFile file(String part, String stats, long deleted) {
    Map<String, String> values = new HashMap<>();
    values.put("part", part);
    DeletionVectorDescriptor dv =
        deleted == 0 ? null : new DeletionVectorDescriptor("u", "x", 1, 10, deleted, null);
    return new AddFile(
        "f" + Math.random(), values, 1, 1, true, stats, Map.of(), dv, null, null, null);
  }

  private static String stats(long records, long nulls, long min, long max) {
    return String.format(
        "{\"numRecords\":%d,\"minValues\":{\"id\":%d},\"maxValues\":{\"id\":%d},"
            + "\"nullCount\":{\"id\":%d}}",
        records, min, max, nulls);
  }

  private static Optional<AggregateRequest> request(AggregateFunc[] funcs, Expression... groupBy) {
    return AggregateRequest.of(new Aggregation(funcs, groupBy), SCHEMA, PARTITIONS);
  }

  private static Optional<List<InternalRow>> answer(AggregateRequest request, List<AddFile> files) {
    SnapshotColumnBounds kept = new SnapshotColumnBounds();
    return AggregateFromStatistics.answer(
        request,
        files,
        f -> FileStatistics.of(ExactStatistics.of(f, Set.of("id"), kept)),
        new PartitionValues(ZoneOffset.UTC));
  }

  private static AggregateFunc[] funcs(AggregateFunc... f) {
    return f;
  }

  private static FieldReference col(String name) {
    return (FieldReference) FieldReference.column(name);
  }

  @Test
  void shapesTheLogCannotAnswerAreRefused() {
    assertTrue(request(funcs(new Sum(col("id"), false))).isEmpty(), "SUM");
    assertTrue(request(funcs(new Count(col("part"), true))).isEmpty(), "DISTINCT");
    assertTrue(request(funcs(new CountStar()), col("id")).isEmpty(), "group by a data column");
    assertTrue(request(funcs(new Max(col("s")))).isEmpty(), "strings are cut");
    assertTrue(request(funcs(new Max(col("ts")))).isEmpty(), "timestamps are milliseconds");
    assertTrue(request(funcs(new Min(col("f")))).isEmpty(), "floating point");
    assertTrue(request(funcs(new Min(col("amount")))).isEmpty(), "decimals");
    assertTrue(request(funcs(new Min(FieldReference.apply("_metadata.row_id")))).isEmpty());
    assertTrue(request(funcs()).isEmpty(), "no aggregate");
  }

  @Test
  void countsMinMaxAndGroupsFromStatistics() {
    AggregateRequest request =
        request(
                funcs(
                    new CountStar(),
                    new Count(col("id"), false),
                    new Min(col("id")),
                    new Max(col("id"))),
                col("part"))
            .orElseThrow();
    List<AddFile> files =
        List.of(
            file("1", stats(10, 2, 5, 50), 0),
            file("1", stats(4, 0, -3, 7), 0),
            file(null, stats(3, 3, 0, 0), 0), // all null: no bound needed
            file("2", stats(5, 0, 1, 1), 5)); // every row deleted: no group
    List<InternalRow> rows = answer(request, files).orElseThrow();
    assertEquals(2, rows.size());
    assertEquals(List.of(1, 14L, 12L, -3L, 50L), values(rows.get(0)));
    assertEquals(java.util.Arrays.asList(null, 3L, 0L, null, null), values(rows.get(1)));
  }

  @Test
  void countStarLessDeletedRowsAndAnEmptyAnswer() {
    AggregateRequest request = request(funcs(new CountStar())).orElseThrow();
    assertEquals(
        List.of(7L),
        values(answer(request, List.of(file("1", stats(10, 0, 1, 2), 3))).orElseThrow().get(0)));
    assertEquals(List.of(0L), values(answer(request, List.of()).orElseThrow().get(0)));
  }

  @Test
  void refusedFileByFile() {
    AggregateRequest min = request(funcs(new Min(col("id")))).orElseThrow();
    assertTrue(answer(min, List.of(file("1", null, 0))).isEmpty(), "no statistics");
    assertTrue(
        answer(min, List.of(file("1", "{\"numRecords\":3}", 0))).isEmpty(), "no column stats");
    assertTrue(answer(min, List.of(file("1", stats(10, 0, 1, 2), 1))).isEmpty(), "deletion vector");
    String wide =
        "{\"numRecords\":2,\"tightBounds\":false,\"minValues\":{\"id\":1},"
            + "\"maxValues\":{\"id\":2},\"nullCount\":{\"id\":0}}";
    assertTrue(answer(min, List.of(file("1", wide, 0))).isEmpty(), "wide bounds");
    AggregateRequest countPart = request(funcs(new Count(col("part"), false))).orElseThrow();
    assertEquals(
        List.of(9L),
        values(answer(countPart, List.of(file("1", stats(10, 0, 1, 2), 1))).orElseThrow().get(0)),
        "a partition column's count takes deletion vectors");
  }

  private static List<Object> values(InternalRow row) {
    List<Object> values = new java.util.ArrayList<>();
    for (int i = 0; i < row.numFields(); i++) {
      values.add(((GenericInternalRow) row).genericGet(i));
    }
    return values;
  }
}
