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

import io.deltax.columnmapping.ColumnMapping;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.statistics.Statistics;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.ColumnPath;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.hadoop.metadata.FileMetaData;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimeUnit;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Types;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.Metadata;
import org.apache.spark.sql.types.MetadataBuilder;
import org.apache.spark.sql.types.StructField;
import org.junit.jupiter.api.Test;

/** What a footer built here says of a timestamp column, and where it cannot say it exactly. */
class FooterStatisticsTest {
  static final Map<String, String> WRITTEN_BY_SPARK = Map.of("org.apache.spark.version", "4.1.3");

  static PrimitiveType timestamp(String name, boolean utc, TimeUnit unit) {
    return Types.optional(PrimitiveTypeName.INT64)
        .as(LogicalTypeAnnotation.timestampType(utc, unit))
        .id(7)
        .named(name);
  }

  /** A row group's chunk of {@code type}: its values' bounds and nulls; null bounds: none. */
  static ColumnChunkMetaData chunk(PrimitiveType type, Long min, Long max, Long nulls) {
    Statistics<?> stats = Statistics.createStats(type);
    if (min != null) {
      stats.updateStats(min.longValue());
      stats.updateStats(max.longValue());
    }
    if (nulls == null) {
      stats = Statistics.getBuilderForReading(type).build(); // neither bounds nor nulls
    } else {
      stats.setNumNulls(nulls);
    }
    return ColumnChunkMetaData.get(
        ColumnPath.get(type.getName()),
        type,
        CompressionCodecName.UNCOMPRESSED,
        null,
        Set.of(Encoding.PLAIN),
        stats,
        4,
        0,
        10,
        100,
        100);
  }

  static BlockMetaData rowGroup(long rows, ColumnChunkMetaData... chunks) {
    BlockMetaData block = new BlockMetaData();
    block.setRowCount(rows);
    for (ColumnChunkMetaData c : chunks) {
      block.addColumn(c);
    }
    return block;
  }

  static ParquetMetadata footer(
      Map<String, String> keyValues, PrimitiveType type, BlockMetaData... rowGroups) {
    return new ParquetMetadata(
        new FileMetaData(new MessageType("spark_schema", type), keyValues, "test"),
        new ArrayList<>(List.of(rowGroups)));
  }

  static StructField field(String name, DataType type, Long fieldId) {
    Metadata metadata =
        fieldId == null
            ? Metadata.empty()
            : new MetadataBuilder().putLong(ColumnMapping.PARQUET_FIELD_ID_KEY, fieldId).build();
    return new StructField(name, type, true, metadata);
  }

  static Optional<FooterStatistics> of(ParquetMetadata footer, StructField field) {
    return FooterStatistics.of(footer, Map.of("ts", field));
  }

  @Test
  void boundsAndNullsOverRowGroups() {
    PrimitiveType ts = timestamp("ts", true, TimeUnit.MICROS);
    ParquetMetadata footer =
        footer(
            WRITTEN_BY_SPARK,
            ts,
            rowGroup(3, chunk(ts, 1_000_007L, 5_000_003L, 1L)),
            rowGroup(2, chunk(ts, null, null, 2L)), // every value null: no bound
            rowGroup(4, chunk(ts, -9L, 4_000_000L, 0L)));
    FooterStatistics stats = of(footer, field("ts", DataTypes.TimestampType, null)).orElseThrow();
    assertEquals(9L, stats.numRecords());
    assertEquals(3L, stats.nullCount("ts"));
    assertEquals(-9L, stats.min("ts", DataTypes.TimestampType));
    assertEquals(5_000_003L, stats.max("ts", DataTypes.TimestampType));
    assertTrue(stats.tightBounds());
  }

  @Test
  void millisecondsAsMicrosecondsAndEveryValueNull() {
    PrimitiveType ts = timestamp("ts", false, TimeUnit.MILLIS);
    StructField ntz = field("ts", DataTypes.TimestampNTZType, null);
    FooterStatistics stats =
        of(footer(WRITTEN_BY_SPARK, ts, rowGroup(2, chunk(ts, 5L, 8L, 0L))), ntz).orElseThrow();
    assertEquals(5_000L, stats.min("ts", DataTypes.TimestampNTZType));
    assertEquals(8_000L, stats.max("ts", DataTypes.TimestampNTZType));
    FooterStatistics allNull =
        of(footer(WRITTEN_BY_SPARK, ts, rowGroup(2, chunk(ts, null, null, 2L))), ntz).orElseThrow();
    assertEquals(2L, allNull.nullCount("ts"));
    assertEquals(null, allNull.max("ts", DataTypes.TimestampNTZType));
  }

  @Test
  void byFieldIdUnderColumnMapping() {
    PrimitiveType ts = timestamp("col-1", true, TimeUnit.MICROS);
    ParquetMetadata footer = footer(WRITTEN_BY_SPARK, ts, rowGroup(1, chunk(ts, 3L, 3L, 0L)));
    assertEquals(
        3L,
        of(footer, field("other-name", DataTypes.TimestampType, 7L))
            .orElseThrow()
            .max("ts", DataTypes.TimestampType));
    assertTrue(of(footer, field("col-1", DataTypes.TimestampType, 8L)).isEmpty());
    assertTrue(of(footer, field("col-1", DataTypes.TimestampType, null)).isPresent());
    assertTrue(of(footer, field("COL-1", DataTypes.TimestampType, null)).isEmpty());
  }

  @Test
  void refusedWhereTheFooterCannotTell() {
    PrimitiveType ts = timestamp("ts", true, TimeUnit.MICROS);
    StructField field = field("ts", DataTypes.TimestampType, null);
    // No statistics in one row group.
    assertTrue(
        of(
                footer(
                    WRITTEN_BY_SPARK,
                    ts,
                    rowGroup(1, chunk(ts, 1L, 1L, 0L)),
                    rowGroup(1, chunk(ts, null, null, null))),
                field)
            .isEmpty());
    // A value that is not null, but no bounds.
    assertTrue(
        of(footer(WRITTEN_BY_SPARK, ts, rowGroup(3, chunk(ts, null, null, 1L))), field).isEmpty());
    // Not written by Spark 3 or later, or with legacy dates: Spark may rebase the values.
    BlockMetaData one = rowGroup(1, chunk(ts, 1L, 1L, 0L));
    assertTrue(of(footer(Map.of(), ts, one), field).isEmpty());
    assertTrue(of(footer(Map.of("org.apache.spark.version", "2.4.8"), ts, one), field).isEmpty());
    assertTrue(
        of(
                footer(
                    Map.of(
                        "org.apache.spark.version", "3.5.0",
                        "org.apache.spark.legacyDateTime", ""),
                    ts,
                    one),
                field)
            .isEmpty());
    // timestamp_ntz in the file, timestamp in the table; and the other way round.
    PrimitiveType ntz = timestamp("ts", false, TimeUnit.MICROS);
    assertTrue(
        of(footer(WRITTEN_BY_SPARK, ntz, rowGroup(1, chunk(ntz, 1L, 1L, 0L))), field).isEmpty());
    assertTrue(
        of(footer(WRITTEN_BY_SPARK, ts, one), field("ts", DataTypes.TimestampNTZType, null))
            .isEmpty());
    // INT96: no order.
    PrimitiveType int96 = Types.optional(PrimitiveTypeName.INT96).named("ts");
    assertTrue(
        of(footer(WRITTEN_BY_SPARK, int96, rowGroup(1, chunk(int96, null, null, 0L))), field)
            .isEmpty());
  }
}
