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
package io.deltax.read.metadata;

import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;

/**
 * The fields of the {@code _metadata} column, with delta-spark 4.3.1's names and types (Spark's
 * file metadata fields, Parquet's {@code row_index}, and the row tracking fields of {@code
 * RowTracking.createMetadataStructFields}), deltax's {@code row_data_version}, and where each value
 * comes from.
 */
public enum MetadataField {
  FILE_PATH("file_path", DataTypes.StringType, Source.CONSTANT),
  FILE_NAME("file_name", DataTypes.StringType, Source.CONSTANT),
  FILE_SIZE("file_size", DataTypes.LongType, Source.CONSTANT),
  FILE_BLOCK_START("file_block_start", DataTypes.LongType, Source.CONSTANT),
  FILE_BLOCK_LENGTH("file_block_length", DataTypes.LongType, Source.CONSTANT),
  FILE_MODIFICATION_TIME("file_modification_time", DataTypes.TimestampType, Source.CONSTANT),
  ROW_INDEX("row_index", DataTypes.LongType, Source.ROW_INDEX),
  ROW_ID("row_id", DataTypes.LongType, Source.ROW_ID),
  BASE_ROW_ID("base_row_id", DataTypes.LongType, Source.CONSTANT),
  DEFAULT_ROW_COMMIT_VERSION("default_row_commit_version", DataTypes.LongType, Source.CONSTANT),
  ROW_COMMIT_VERSION("row_commit_version", DataTypes.LongType, Source.ROW_COMMIT_VERSION),
  /** deltax's own: the version that wrote the row's data, across a row tracking backfill. */
  ROW_DATA_VERSION("row_data_version", DataTypes.LongType, Source.ROW_DATA_VERSION);

  /** Where a field's values come from. */
  enum Source {
    /** One value per file split, read as a constant column. */
    CONSTANT,
    /** The row's index in its file, from Spark's Parquet reader. */
    ROW_INDEX,
    /** Materialized value, else {@code baseRowId + row index}. */
    ROW_ID,
    /** Materialized value, else {@code defaultRowCommitVersion}. */
    ROW_COMMIT_VERSION,
    /**
     * The row commit version, or where that is a backfill's, the data version its row ID maps to.
     */
    ROW_DATA_VERSION
  }

  private final String fieldName;
  private final DataType type;
  private final Source source;

  MetadataField(String fieldName, DataType type, Source source) {
    this.fieldName = fieldName;
    this.type = type;
    this.source = source;
  }

  public String fieldName() {
    return fieldName;
  }

  public DataType type() {
    return type;
  }

  Source source() {
    return source;
  }

  public boolean isRowTracking() {
    return ordinal() >= ROW_ID.ordinal();
  }

  static MetadataField byName(String name) {
    for (MetadataField f : values()) {
      if (f.fieldName.equalsIgnoreCase(name)) {
        return f;
      }
    }
    return null;
  }
}
