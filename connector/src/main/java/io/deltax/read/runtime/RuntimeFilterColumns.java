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
package io.deltax.read.runtime;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apache.spark.sql.connector.expressions.Expressions;
import org.apache.spark.sql.connector.expressions.NamedReference;
import org.apache.spark.sql.types.AtomicType;
import org.apache.spark.sql.types.BinaryType;
import org.apache.spark.sql.types.BooleanType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.StringType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * The columns a scan offers Spark for runtime filters ({@code filterAttributes}): the partition
 * columns it outputs, exact; the data columns whose statistics hold a minimum and a maximum
 * (PROTOCOL.md, "Per-file Statistics": atomic types but booleans and binaries); and {@code
 * _metadata} where it outputs {@code row_id} or {@code row_data_version}, which files bound by
 * their row ID ranges and their default row commit versions. Spark resolves each name against the
 * scan's output, so only output columns are offered.
 */
public final class RuntimeFilterColumns {
  /**
   * The {@code _metadata} fields whose file bounds deltax knows: row IDs, by each file's range, and
   * row data versions, at most the file's {@code defaultRowCommitVersion} (PROTOCOL.md, "Row
   * Tracking").
   */
  private static final Set<String> ROW_TRACKING_FIELDS = Set.of("row_id", "row_data_version");

  private RuntimeFilterColumns() {}

  /**
   * @param readSchema the scan's output columns, {@code _metadata} included where selected
   * @param metadataColumn the name of the {@code _metadata} column, or null where the table has a
   *     data column of that name
   */
  public static NamedReference[] of(StructType readSchema, String metadataColumn) {
    List<NamedReference> columns = new ArrayList<>();
    for (StructField field : readSchema.fields()) {
      if (field.name().equalsIgnoreCase(String.valueOf(metadataColumn))) {
        if (hasRowTrackingField(field.dataType())) {
          columns.add(column(field.name()));
        }
      } else if (hasBounds(field.dataType())) {
        columns.add(column(field.name()));
      }
    }
    return columns.toArray(new NamedReference[0]);
  }

  /**
   * A reference to one top-level column, whatever its name holds: {@code Expressions.column} parses
   * a dotted name, and Spark 4.2 refuses names such as {@code a-b} unquoted.
   */
  private static NamedReference column(String name) {
    return Expressions.column("`" + name.replace("`", "``") + "`");
  }

  /**
   * Ordered types with statistics; not strings of a collation other than binary, whose bounds are
   * kept in binary order while the join compares under the collation.
   */
  private static boolean hasBounds(DataType type) {
    return type instanceof AtomicType
        && !(type instanceof BooleanType)
        && !(type instanceof BinaryType)
        && !(type instanceof StringType s && !s.isUTF8BinaryCollation());
  }

  private static boolean hasRowTrackingField(DataType type) {
    if (!(type instanceof StructType struct)) {
      return false;
    }
    for (String name : struct.fieldNames()) {
      if (ROW_TRACKING_FIELDS.contains(name)) {
        return true;
      }
    }
    return false;
  }
}
