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

import io.deltax.columnmapping.ColumnMapping;
import io.deltax.read.files.DataFileFooter;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnPath;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimeUnit;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimestampLogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Type;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.TimestampNTZType;
import org.apache.spark.sql.types.TimestampType;

/**
 * What one data file's Parquet footer says exactly of its timestamp columns: its rows, and per
 * column its nulls and its least and greatest value over all row groups, in microseconds as Spark
 * reads them. A column chunk's statistics are its values themselves, where the log's are cut to
 * milliseconds (PROTOCOL.md, "Per-file Statistics").
 *
 * <p>Only where the footer's order is Spark's: {@code INT64} annotated {@code TIMESTAMP(MICROS)} or
 * {@code TIMESTAMP(MILLIS)}, adjusted to UTC for {@code timestamp} and not for {@code
 * timestamp_ntz}, in a file Spark reads without rebasing dates (written by Spark 3 or later without
 * legacy dates). Not {@code INT96}, which Parquet does not order. A chunk without statistics, or
 * with a null count but no bounds where it holds a value, refuses the file.
 */
final class FooterStatistics implements FileStatistics {
  private static final String SPARK_VERSION_KEY = "org.apache.spark.version";
  private static final String LEGACY_DATETIME_KEY = "org.apache.spark.legacyDateTime";

  /**
   * One column's nulls and bounds over the file.
   *
   * @param min null where every value is null
   * @param max null where every value is null
   */
  record ColumnRange(long nulls, Long min, Long max) {}

  private final long rows;
  private final Map<String, ColumnRange> columns;

  private FooterStatistics(long rows, Map<String, ColumnRange> columns) {
    this.rows = rows;
    this.columns = Map.copyOf(columns);
  }

  /**
   * The footer's statistics of {@code columns}, or empty where it cannot tell one exactly.
   *
   * @param columns by physical name (the log's key), each the field as the data files hold it
   *     ({@link ColumnMapping#inDataFiles}: physical name, and field ID in {@code id} mode)
   */
  static Optional<FooterStatistics> of(ParquetMetadata footer, Map<String, StructField> columns) {
    if (!readWithoutRebase(footer.getFileMetaData().getKeyValueMetaData())) {
      return Optional.empty();
    }
    long rows = 0;
    for (BlockMetaData block : footer.getBlocks()) {
      rows += block.getRowCount();
    }
    Map<String, ColumnRange> ranges = new HashMap<>();
    for (Map.Entry<String, StructField> column : columns.entrySet()) {
      PrimitiveType parquet = column(footer.getFileMetaData().getSchema(), column.getValue());
      long scale = parquet == null ? 0 : microsPerUnit(parquet, column.getValue().dataType());
      if (scale == 0) {
        return Optional.empty();
      }
      ColumnRange range = range(footer, ColumnPath.get(parquet.getName()), scale);
      if (range == null) {
        return Optional.empty();
      }
      ranges.put(column.getKey(), range);
    }
    return Optional.of(new FooterStatistics(rows, ranges));
  }

  /**
   * Whether Spark reads the file's timestamps as written: it rebases those of files written by
   * Spark 2 or with legacy dates, and goes by a setting (that fails by default) for other writers.
   */
  private static boolean readWithoutRebase(Map<String, String> keyValues) {
    String version = keyValues.get(SPARK_VERSION_KEY);
    // Compared as text, as Spark compares it.
    return version != null
        && version.compareTo("3.0.0") >= 0
        && !keyValues.containsKey(LEGACY_DATETIME_KEY);
  }

  /**
   * The top-level primitive column Spark's reader finds for {@code field}: by field ID where the
   * field has one, else by name, which must be the only one equal to it ignoring case.
   */
  private static PrimitiveType column(MessageType schema, StructField field) {
    Long id =
        field.metadata().contains(ColumnMapping.PARQUET_FIELD_ID_KEY)
            ? field.metadata().getLong(ColumnMapping.PARQUET_FIELD_ID_KEY)
            : null;
    Type found = null;
    for (Type t : schema.getFields()) {
      boolean match =
          id == null
              ? t.getName().equalsIgnoreCase(field.name())
              : t.getId() != null && t.getId().intValue() == id;
      if (match) {
        if (found != null) {
          return null;
        }
        found = t;
      }
    }
    if (found == null
        || !found.isPrimitive()
        || found.isRepetition(Type.Repetition.REPEATED)
        || (id == null && !found.getName().equals(field.name()))) {
      return null;
    }
    return found.asPrimitiveType();
  }

  /** Microseconds per stored unit, or 0 where Spark's order and type are not the footer's. */
  private static long microsPerUnit(PrimitiveType parquet, DataType type) {
    if (parquet.getPrimitiveTypeName() != PrimitiveTypeName.INT64
        || !(parquet.getLogicalTypeAnnotation() instanceof TimestampLogicalTypeAnnotation ts)) {
      return 0;
    }
    boolean timestamp = type instanceof TimestampType || type instanceof TimestampNTZType;
    if (!timestamp || ts.isAdjustedToUTC() != type instanceof TimestampType) {
      return 0;
    }
    return ts.getUnit() == TimeUnit.MICROS ? 1 : ts.getUnit() == TimeUnit.MILLIS ? 1000 : 0;
  }

  /** The column's nulls and bounds in microseconds, or null where the footer does not tell. */
  private static ColumnRange range(ParquetMetadata footer, ColumnPath path, long scale) {
    DataFileFooter.LongBounds bounds = DataFileFooter.longBounds(footer, path);
    if (bounds == null) {
      return null;
    }
    try {
      return new ColumnRange(
          bounds.nulls(),
          bounds.min() == null ? null : Math.multiplyExact(bounds.min(), scale),
          bounds.max() == null ? null : Math.multiplyExact(bounds.max(), scale));
    } catch (ArithmeticException outOfRange) {
      return null; // Spark cannot read it as microseconds either
    }
  }

  @Override
  public Long numRecords() {
    return rows;
  }

  @Override
  public boolean tightBounds() {
    return true;
  }

  @Override
  public Long nullCount(String column) {
    ColumnRange range = columns.get(column);
    return range == null ? null : range.nulls();
  }

  @Override
  public Long min(String column, DataType type) {
    ColumnRange range = columns.get(column);
    return range == null ? null : range.min();
  }

  @Override
  public Long max(String column, DataType type) {
    ColumnRange range = columns.get(column);
    return range == null ? null : range.max();
  }
}
