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
package io.deltax.read;

import io.deltax.columnmapping.ColumnMapping;
import io.deltax.log.Snapshot;
import io.deltax.read.files.Schemas;
import io.deltax.read.metadata.MetadataColumns;
import io.deltax.read.skipping.DataSkipping;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.apache.spark.sql.sources.Filter;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * The columns a batch scan reads and outputs, worked out once from the columns and filters Spark
 * pushed.
 *
 * @param metadataType the {@code _metadata} type the scan outputs; null when it does not select the
 *     column
 * @param requiredSchema the columns Spark asked for, {@code _metadata} included: what a stream's
 *     batches read too
 * @param dataSchema the files' columns, under their physical names
 * @param readDataSchema the data columns read, under their logical names: the scan's output
 * @param physicalReadDataSchema the same, under their physical names
 * @param readPartitionSchema the partition columns read, in the table's order
 * @param dataFilters the pushed filters that may also skip Parquet row groups
 */
record ScanColumns(
    StructType metadataType,
    StructType requiredSchema,
    StructType dataSchema,
    StructType readDataSchema,
    StructType physicalReadDataSchema,
    StructType readPartitionSchema,
    List<Filter> dataFilters) {

  static ScanColumns of(
      Snapshot snapshot,
      StructType requiredSchema,
      Set<String> partitionColumns,
      List<Filter> filters) {
    StructType logicalSchema = ColumnMapping.logicalSchema(snapshot.schema());
    StructType dataSchema = Schemas.select(logicalSchema, partitionColumns, false);
    // The hidden _metadata column, unless the table has a data column of that name.
    StructField metadata =
        hasColumn(snapshot.schema(), MetadataColumns.METADATA)
            ? null
            : fieldNamed(requiredSchema, MetadataColumns.METADATA);
    StructType requiredColumns =
        Schemas.select(
            requiredSchema, metadata == null ? Set.of() : Set.of(MetadataColumns.METADATA), false);
    StructType readDataSchema = Schemas.select(requiredColumns, partitionColumns, false);
    // Partition columns keep the table's order, whatever order Spark asked for them in.
    StructType readPartitionSchema =
        Schemas.select(
            ColumnMapping.logicalSchema(snapshot.partitionSchema()),
            Schemas.lowerCase(Arrays.asList(requiredColumns.fieldNames())),
            true);
    return new ScanColumns(
        metadata == null ? null : (StructType) metadata.dataType(),
        requiredSchema,
        physical(snapshot, dataSchema),
        readDataSchema,
        physical(snapshot, readDataSchema),
        readPartitionSchema,
        dataFilters(snapshot, partitionColumns, filters));
  }

  /** The scan's output: the data columns, the partition columns, then {@code _metadata}. */
  StructType readSchema() {
    StructType columns = Schemas.concat(readDataSchema, readPartitionSchema);
    return metadataType == null
        ? columns
        : columns.add(MetadataColumns.METADATA, metadataType, false);
  }

  /** The columns as the data files hold them (column mapping's physical names or field IDs). */
  private static StructType physical(Snapshot snapshot, StructType logical) {
    return (StructType)
        ColumnMapping.inDataFiles(logical, snapshot.schema(), snapshot.properties());
  }

  private static boolean hasColumn(StructType schema, String name) {
    return fieldNamed(schema, name) != null;
  }

  private static StructField fieldNamed(StructType schema, String name) {
    for (StructField f : schema.fields()) {
      if (f.name().equalsIgnoreCase(name)) {
        return f;
      }
    }
    return null;
  }

  /**
   * Filters that name only data columns: these may also skip Parquet row groups. Filters on
   * partition columns or on {@code _metadata} name nothing in the files.
   */
  private static List<Filter> dataFilters(
      Snapshot snapshot, Set<String> partitionColumns, List<Filter> filters) {
    List<Filter> result = new ArrayList<>();
    if (ColumnMapping.isActive(snapshot.properties())) {
      // The filters name logical columns, the files physical ones; Spark's Parquet filters match
      // a file's columns by name, which in id mode may be others (see ColumnMapping).
      return result;
    }
    for (Filter f : filters) {
      if (Arrays.stream(f.references())
          .map(ScanColumns::topLevelName)
          .noneMatch(c -> partitionColumns.contains(c) || c.equals(MetadataColumns.METADATA))) {
        result.add(f);
      }
    }
    return result;
  }

  /**
   * The top-level column a pushed filter's attribute names, lower case: Spark writes it as SQL
   * does, {@code `event-date`} quoted, {@code s.x} for a nested field. A partition column's filter
   * must not reach Parquet's row-group filters, which read a column the file lacks as nulls.
   */
  private static String topLevelName(String attribute) {
    return DataSkipping.columnPath(attribute).get(0).toLowerCase(Locale.ROOT);
  }
}
