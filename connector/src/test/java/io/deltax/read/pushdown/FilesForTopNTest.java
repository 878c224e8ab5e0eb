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

import static io.deltax.read.pushdown.FilesForExtremesTest.file;
import static io.deltax.read.pushdown.FilesForExtremesTest.tsStats;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.deltax.actions.AddFile;
import io.deltax.read.skipping.SnapshotColumnBounds;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.apache.spark.sql.connector.expressions.Expressions;
import org.apache.spark.sql.connector.expressions.FieldReference;
import org.apache.spark.sql.connector.expressions.NullOrdering;
import org.apache.spark.sql.connector.expressions.SortDirection;
import org.apache.spark.sql.connector.expressions.SortOrder;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.Test;

/** Which files can hold the first rows of an order, on files built here. */
class FilesForTopNTest {
  private static final StructType SCHEMA =
      new StructType()
          .add("id", DataTypes.LongType)
          .add("s", DataTypes.StringType)
          .add("ts", DataTypes.TimestampType)
          .add("part", DataTypes.IntegerType);

  private static String idStats(long records, long nulls, long min, long max) {
    return String.format(
        "{\"numRecords\":%d,\"minValues\":{\"id\":%d},\"maxValues\":{\"id\":%d},"
            + "\"nullCount\":{\"id\":%d}}",
        records, min, max, nulls);
  }

  private static final List<AddFile> FILES =
      List.of(
          file("a", "1", idStats(5, 0, 90, 100), false),
          file("b", "1", idStats(4, 1, 80, 95), false),
          file("c", "2", idStats(10, 0, 0, 10), false),
          file("dv", "2", idStats(3, 0, 0, 5), true),
          file("nostats", "2", null, false),
          file("nulls", "2", "{\"numRecords\":3,\"nullCount\":{\"id\":3}}", false));

  private static Optional<NeededFiles> topN(
      String column, SortDirection direction, NullOrdering nulls, int limit) {
    SortOrder order = Expressions.sort(FieldReference.column(column), direction, nulls);
    return FilesForTopN.of(
        new SortOrder[] {order}, limit, SCHEMA, Set.of("part"), new SnapshotColumnBounds());
  }

  private static List<String> kept(String column, SortDirection d, NullOrdering n, int limit) {
    return topN(column, d, n, limit).orElseThrow().of(FILES).stream().map(AddFile::path).toList();
  }

  @Test
  void descendingKeepsTheFilesReachingTheThreshold() {
    // a's 5 rows are all at least 90: c (at most 10) cannot hold one of the first 3.
    assertEquals(
        List.of("a", "b", "dv", "nostats"),
        kept("id", SortDirection.DESCENDING, NullOrdering.NULLS_LAST, 3));
    // 7 rows take a and b: threshold 80.
    assertEquals(
        List.of("a", "b", "dv", "nostats"),
        kept("id", SortDirection.DESCENDING, NullOrdering.NULLS_LAST, 7));
  }

  @Test
  void nullsFirstKeepEveryFileThatMayHoldANull() {
    assertEquals(
        List.of("a", "b", "dv", "nostats", "nulls"),
        kept("id", SortDirection.DESCENDING, NullOrdering.NULLS_FIRST, 3));
  }

  @Test
  void ascendingMirrorsIt() {
    assertEquals(
        List.of("c", "dv", "nostats"),
        kept("id", SortDirection.ASCENDING, NullOrdering.NULLS_LAST, 3));
  }

  @Test
  void tooFewSureRowsKeepEveryFile() {
    NeededFiles all = topN("id", SortDirection.DESCENDING, NullOrdering.NULLS_LAST, 100).get();
    assertSame(FILES, all.of(FILES));
  }

  @Test
  void timestampBoundsAreWidenedByTheirMilliseconds() {
    List<AddFile> files =
        List.of(
            file("x", "1", tsStats(1, 0, 0, 0), false),
            file("sameMilli", "1", tsStats(1, 0, 0, 3), false),
            file("later", "1", tsStats(1, 0, 1, 3), false));
    NeededFiles first = topN("ts", SortDirection.ASCENDING, NullOrdering.NULLS_LAST, 1).get();
    // x's value lies in [.000, .000999]: sameMilli may hold a smaller one, later may not.
    assertEquals(List.of("x", "sameMilli"), first.of(files).stream().map(AddFile::path).toList());
  }

  @Test
  void onlyOneDataColumnWithBounds() {
    assertTrue(topN("s", SortDirection.ASCENDING, NullOrdering.NULLS_FIRST, 1).isEmpty());
    assertTrue(topN("part", SortDirection.ASCENDING, NullOrdering.NULLS_FIRST, 1).isEmpty());
    SortOrder id =
        Expressions.sort(
            FieldReference.column("id"), SortDirection.ASCENDING, NullOrdering.NULLS_FIRST);
    assertTrue(
        FilesForTopN.of(
                new SortOrder[] {id, id}, 1, SCHEMA, Set.of("part"), new SnapshotColumnBounds())
            .isEmpty());
  }
}
