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
import static io.deltax.read.pushdown.FooterStatisticsTest.WRITTEN_BY_SPARK;
import static io.deltax.read.pushdown.FooterStatisticsTest.chunk;
import static io.deltax.read.pushdown.FooterStatisticsTest.footer;
import static io.deltax.read.pushdown.FooterStatisticsTest.rowGroup;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.deltax.actions.AddFile;
import io.deltax.partitions.PartitionValues;
import io.deltax.read.skipping.SnapshotColumnBounds;
import java.io.FileNotFoundException;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimeUnit;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.expressions.Expression;
import org.apache.spark.sql.connector.expressions.FieldReference;
import org.apache.spark.sql.connector.expressions.aggregate.AggregateFunc;
import org.apache.spark.sql.connector.expressions.aggregate.Aggregation;
import org.apache.spark.sql.connector.expressions.aggregate.Max;
import org.apache.spark.sql.connector.expressions.aggregate.Min;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.Test;

/**
 * {@code MIN} and {@code MAX} of timestamps from the footers of the files that can hold them, on
 * files and footers built here: which footers are read, the answer per group, and the refusals.
 */
class AggregateFromFootersTest {
  private static final StructType SCHEMA =
      new StructType()
          .add("id", DataTypes.LongType)
          .add("ts", DataTypes.TimestampType)
          .add("part", DataTypes.IntegerType);

  /** 2024-01-01T00:00:00Z in microseconds: the second the statistics' milliseconds lie in. */
  private static final long SECOND = 1_704_067_200_000_000L;

  private static final PrimitiveType TS =
      FooterStatisticsTest.timestamp("ts", true, TimeUnit.MICROS);

  private final Map<String, ParquetMetadata> footers = new HashMap<>();
  private final List<String> read = new ArrayList<>();

  /** A file of {@code part} whose footer has the exact bounds (microseconds past the second). */
  private AddFile file(String name, String part, long rows, Long min, Long max, long nulls) {
    Integer minMillis = min == null ? null : (int) (min / 1000);
    Integer maxMillis = max == null ? null : (int) (max / 1000);
    footers.put(
        name,
        footer(
            WRITTEN_BY_SPARK,
            TS,
            rowGroup(
                rows,
                chunk(
                    TS,
                    min == null ? null : SECOND + min,
                    max == null ? null : SECOND + max,
                    nulls))));
    return FilesForExtremesTest.file(name, part, tsStats(rows, nulls, minMillis, maxMillis), false);
  }

  private Optional<List<InternalRow>> answer(
      List<AddFile> files, AggregateFunc f, Expression... groupBy) {
    FilesForExtremes extremes =
        FilesForExtremes.of(
                new Aggregation(new AggregateFunc[] {f}, groupBy),
                SCHEMA,
                Set.of("part"),
                new PartitionValues(ZoneOffset.UTC),
                new SnapshotColumnBounds())
            .orElseThrow();
    AggregateFromFooters fromFooters =
        new AggregateFromFooters(
            SCHEMA,
            SCHEMA,
            f1 -> {
              read.add(f1.path());
              if (f1.path().startsWith("notParquet")) {
                // As parquet-mr reports a file too short or without Parquet's magic.
                throw new RuntimeException(f1.path() + " is not a Parquet file");
              }
              if (!footers.containsKey(f1.path())) {
                throw new FileNotFoundException(f1.path());
              }
              return footers.get(f1.path());
            });
    return fromFooters.answer(
        extremes.request(), extremes.of(files), new PartitionValues(ZoneOffset.UTC));
  }

  private static final Max MAX_TS = new Max(FieldReference.apply("ts"));
  private static final Min MIN_TS = new Min(FieldReference.apply("ts"));

  @Test
  void maxPerGroupFromTheFilesThatCanHoldIt() {
    List<AddFile> files =
        List.of(
            file("a", "1", 3, 1_007L, 5_003L, 0),
            file("b", "1", 3, 2_000L, 5_900L, 1), // the same millisecond as a's, later
            file("c", "1", 3, 0L, 1_999L, 0), // below 5 ms: cannot hold the maximum
            file("d", "2", 2, null, null, 2)); // every value null
    List<InternalRow> rows = answer(files, MAX_TS, FieldReference.apply("part")).orElseThrow();
    assertEquals(List.of("a", "b", "d"), read);
    assertEquals(2, rows.size());
    assertEquals(1, rows.get(0).getInt(0));
    assertEquals(SECOND + 5_900L, rows.get(0).getLong(1));
    assertEquals(2, rows.get(1).getInt(0));
    assertTrue(rows.get(1).isNullAt(1));
    read.clear();
    List<InternalRow> min = answer(files, MIN_TS).orElseThrow();
    assertEquals(List.of("c"), read);
    assertEquals(SECOND, min.get(0).getLong(0));
  }

  @Test
  void noFileGivesOneNullRowWithoutGroups() {
    List<InternalRow> rows = answer(List.of(), MAX_TS).orElseThrow();
    assertEquals(1, rows.size());
    assertTrue(rows.get(0).isNullAt(0));
    assertTrue(answer(List.of(), MAX_TS, FieldReference.apply("part")).orElseThrow().isEmpty());
  }

  @Test
  void refusedWithADeletionVectorTooManyFilesOrAnUnreadableFooter() {
    AddFile withVector = FilesForExtremesTest.file("v", "1", tsStats(3, 0, 1, 9), true);
    assertTrue(answer(List.of(file("a", "1", 3, 1_007L, 5_003L, 0), withVector), MAX_TS).isEmpty());
    List<AddFile> many = new ArrayList<>();
    for (int i = 0; i <= AggregateFromFooters.MAX_FOOTERS; i++) {
      many.add(file("f" + i, "1", 1, 5_000L + i, 5_000L + i, 0)); // the same millisecond
    }
    assertTrue(answer(many, MAX_TS).isEmpty());
    assertTrue(answer(many.subList(0, AggregateFromFooters.MAX_FOOTERS), MAX_TS).isPresent());
    read.clear();
    AddFile missing = FilesForExtremesTest.file("missing", "1", tsStats(1, 0, 5, 5), false);
    assertTrue(answer(List.of(missing), MAX_TS).isEmpty());
    AddFile notParquet = FilesForExtremesTest.file("notParquet", "1", tsStats(1, 0, 5, 5), false);
    assertTrue(answer(List.of(notParquet), MAX_TS).isEmpty());
    assertEquals(List.of("missing", "notParquet"), read);
  }
}
