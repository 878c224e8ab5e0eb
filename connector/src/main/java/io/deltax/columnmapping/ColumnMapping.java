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
package io.deltax.columnmapping;

import io.deltax.actions.Metadata;
import io.deltax.protocol.TableProperties;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.MapType;
import org.apache.spark.sql.types.MetadataBuilder;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * Column mapping (PROTOCOL.md, "Column Mapping"): in {@code name} and {@code id} mode every field,
 * nested ones included, has a physical name under which data files, partition values and statistics
 * store it. deltax reads files by physical name in {@code name} mode and by field ID in {@code id}
 * mode, as delta-spark does ({@code DeltaParquetFileFormat}): a file of an id-mode table may name
 * its columns otherwise (a table converted from Iceberg keeps files written under the names their
 * columns had then). It shows the logical schema without the mapping's field metadata, as
 * delta-spark does.
 */
public final class ColumnMapping {
  public static final String PHYSICAL_NAME_KEY = "delta.columnMapping.physicalName";

  /** A field's column mapping ID (PROTOCOL.md, "Column Mapping"). */
  private static final String ID_KEY = "delta.columnMapping.id";

  /** The field metadata under which Spark's Parquet reader and writer take a field's ID. */
  public static final String PARQUET_FIELD_ID_KEY = "parquet.field.id";

  /**
   * Field metadata for the log's own use, which delta-spark drops from the read schema: column
   * mapping's, and type widening's record of past type changes (PROTOCOL.md, "Type Widening").
   */
  private static final String[] MAPPING_METADATA_KEYS = {
    PHYSICAL_NAME_KEY,
    ID_KEY,
    "delta.columnMapping.nested.ids",
    PARQUET_FIELD_ID_KEY,
    "parquet.field.nested.ids",
    "delta.typeChanges"
  };

  private ColumnMapping() {}

  /** Whether the table's {@code delta.columnMapping.mode} is {@code id} or {@code name}. */
  public static boolean isActive(TableProperties properties) {
    return !"none".equals(properties.columnMappingMode());
  }

  /**
   * As {@link #isActive(TableProperties)}, of a metadata action (the mode raises no error to name a
   * table in).
   */
  public static boolean isActive(Metadata metadata) {
    return isActive(TableProperties.of(null, metadata));
  }

  /** The name a field has in the data files: its physical name, else (no mapping) its name. */
  public static String physicalName(StructField field) {
    return field.metadata().contains(PHYSICAL_NAME_KEY)
        ? field.metadata().getString(PHYSICAL_NAME_KEY)
        : field.name();
  }

  /** The schema as users see it: the log's field metadata removed, at every depth. */
  public static StructType logicalSchema(StructType schema) {
    return (StructType) withoutMappingMetadata(schema);
  }

  private static DataType withoutMappingMetadata(DataType type) {
    if (type instanceof StructType struct) {
      List<StructField> fields = new ArrayList<>();
      for (StructField f : struct.fields()) {
        MetadataBuilder metadata = new MetadataBuilder().withMetadata(f.metadata());
        for (String key : MAPPING_METADATA_KEYS) {
          metadata.remove(key);
        }
        fields.add(
            new StructField(
                f.name(), withoutMappingMetadata(f.dataType()), f.nullable(), metadata.build()));
      }
      return new StructType(fields.toArray(new StructField[0]));
    }
    if (type instanceof ArrayType array) {
      return new ArrayType(withoutMappingMetadata(array.elementType()), array.containsNull());
    }
    if (type instanceof MapType map) {
      return new MapType(
          withoutMappingMetadata(map.keyType()),
          withoutMappingMetadata(map.valueType()),
          map.valueContainsNull());
    }
    return type;
  }

  /**
   * The physical form of {@code requested}, a (possibly pruned) part of the table schema {@code
   * table}: every field renamed to its physical name, at every depth. For the names the log keys
   * partition values and statistics by.
   */
  public static DataType physical(DataType requested, DataType table) {
    return physical(requested, table, false, true);
  }

  /**
   * The physical form of {@code requested} for reading data files: as {@link #physical}, and in
   * {@code id} mode every field with its column mapping ID as its Parquet field ID, by which
   * Spark's reader then finds it ({@link #hasFieldIds}). In {@code none} mode by the display names
   * (PROTOCOL.md, "Reader Requirements for Column Mapping"), also where the schema still carries
   * physical names (delta-spark's "metadata present but feature disabled" tables, whose files its
   * writers wrote by display names).
   */
  public static DataType inDataFiles(
      DataType requested, DataType table, TableProperties properties) {
    return physical(
        requested, table, "id".equals(properties.columnMappingMode()), isActive(properties));
  }

  /** Whether a field of {@code schema}, at any depth, carries a Parquet field ID. */
  public static boolean hasFieldIds(DataType schema) {
    if (schema instanceof StructType struct) {
      for (StructField f : struct.fields()) {
        if (f.metadata().contains(PARQUET_FIELD_ID_KEY) || hasFieldIds(f.dataType())) {
          return true;
        }
      }
      return false;
    }
    if (schema instanceof ArrayType array) {
      return hasFieldIds(array.elementType());
    }
    if (schema instanceof MapType map) {
      return hasFieldIds(map.keyType()) || hasFieldIds(map.valueType());
    }
    return false;
  }

  private static DataType physical(
      DataType requested, DataType table, boolean fieldIds, boolean mapped) {
    if (requested instanceof StructType struct && table instanceof StructType tableStruct) {
      List<StructField> fields = new ArrayList<>();
      for (StructField f : struct.fields()) {
        StructField tableField = field(tableStruct, f.name());
        org.apache.spark.sql.types.Metadata metadata =
            fieldIds && tableField.metadata().contains(ID_KEY)
                ? new MetadataBuilder()
                    .putLong(PARQUET_FIELD_ID_KEY, tableField.metadata().getLong(ID_KEY))
                    .build()
                : org.apache.spark.sql.types.Metadata.empty();
        fields.add(
            new StructField(
                mapped ? physicalName(tableField) : tableField.name(),
                physical(f.dataType(), tableField.dataType(), fieldIds, mapped),
                f.nullable(),
                metadata));
      }
      return new StructType(fields.toArray(new StructField[0]));
    }
    if (requested instanceof ArrayType array && table instanceof ArrayType tableArray) {
      return new ArrayType(
          physical(array.elementType(), tableArray.elementType(), fieldIds, mapped),
          array.containsNull());
    }
    if (requested instanceof MapType map && table instanceof MapType tableMap) {
      return new MapType(
          physical(map.keyType(), tableMap.keyType(), fieldIds, mapped),
          physical(map.valueType(), tableMap.valueType(), fieldIds, mapped),
          map.valueContainsNull());
    }
    return requested;
  }

  private static StructField field(StructType struct, String name) {
    for (StructField f : struct.fields()) {
      if (f.name().equals(name)) {
        return f;
      }
    }
    for (StructField f : struct.fields()) {
      if (f.name().equalsIgnoreCase(name)) {
        return f;
      }
    }
    throw new IllegalArgumentException("Column " + name + " is not in the table schema");
  }
}
