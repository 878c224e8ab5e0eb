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
package io.deltax.changes.derive;

import io.deltax.errors.ChangeFeedErrors;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/** The columns a change feed adds after the table's, with delta-spark's names and types. */
public final class ChangeFeedColumns {
  public static final String CHANGE_TYPE = "_change_type";
  public static final String COMMIT_VERSION = "_commit_version";
  public static final String COMMIT_TIMESTAMP = "_commit_timestamp";

  /**
   * The {@code _metadata} fields a change feed row carries. {@code row_data_version} is the version
   * that wrote the row's content as the change shows it: the change's own commit for an insert or
   * post-image; for a delete or pre-image, the removed row's data version (its row commit version
   * unless a backfill re-stamped it, see {@code RowDataVersions}).
   */
  public static final StructType METADATA_TYPE =
      new StructType()
          .add("row_id", DataTypes.LongType, true)
          .add("row_commit_version", DataTypes.LongType, true)
          .add("row_data_version", DataTypes.LongType, true);

  /** What the reader reads of each row with row IDs: row ID, row commit version, row index. */
  public static final StructType READ_TYPE =
      new StructType()
          .add("row_id", DataTypes.LongType, true)
          .add("row_commit_version", DataTypes.LongType, true)
          .add("row_index", DataTypes.LongType, true);

  private ChangeFeedColumns() {}

  /**
   * The table's columns, then {@code _change_type}, {@code _commit_version}, {@code
   * _commit_timestamp}; refused where a table column already has one of those names (Spark resolves
   * names without case, so any case).
   */
  public static StructType appendTo(StructType tableSchema, String tablePath) {
    for (StructField f : tableSchema.fields()) {
      if (isChangeColumn(f.name())) {
        throw ChangeFeedErrors.tableHasChangeFeedColumn(tablePath, f.name());
      }
    }
    return tableSchema
        .add(CHANGE_TYPE, DataTypes.StringType, true)
        .add(COMMIT_VERSION, DataTypes.LongType, true)
        .add(COMMIT_TIMESTAMP, DataTypes.TimestampType, true);
  }

  public static boolean isChangeColumn(String name) {
    return name.equalsIgnoreCase(CHANGE_TYPE)
        || name.equalsIgnoreCase(COMMIT_VERSION)
        || name.equalsIgnoreCase(COMMIT_TIMESTAMP);
  }
}
