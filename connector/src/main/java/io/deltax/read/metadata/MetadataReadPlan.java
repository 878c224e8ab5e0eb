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

import io.deltax.rowtracking.RowDataVersions;
import io.deltax.rowtracking.RowTrackingConfig;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.sql.execution.datasources.parquet.ParquetFileFormat;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.Metadata;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * How a scan that selects {@code _metadata} or meets deletion vectors reads its files, computed
 * once on the driver and shipped with the reader factory (the serializable "schema context"). The
 * Parquet reader is asked for more than the query selected, and the assemblers turn its output into
 * the scan's output:
 *
 * <pre>
 *   Parquet reader output: [data columns] [extra columns] [partition columns] [constant fields]
 *   scan output:           [data columns] [partition columns] [_metadata struct, if selected]
 * </pre>
 *
 * Extra columns are the materialized row ID and row commit version columns and Spark's {@code
 * _tmp_metadata_row_index}, each only where a requested field or a deletion vector needs it. A
 * reader by batches without filters may instead have the batch assembler count row indexes (see
 * {@link #countsRowIndexes}). Constant fields ride along as extra partition values, so Spark's
 * reader builds them as constant vectors. Rows a deletion vector removes are dropped after the row
 * index is known.
 */
public final class MetadataReadPlan implements Serializable {
  private static final String CONSTANT_PREFIX = "__deltax_metadata_";

  /** Null when the scan does not select {@code _metadata}. */
  private final StructType metadataType;

  private final MetadataField[] fields;
  private final int numDataColumns;
  private final int numPartitionColumns;
  private final List<MetadataField> constants;
  private final List<StructField> extraColumns = new ArrayList<>();
  private int materializedRowIdPos = -1;
  private int materializedRowCommitVersionPos = -1;
  private int rowIndexPos = -1;

  /**
   * Whether row indexes are counted by the batch assembler rather than read from Spark's reader.
   */
  private final boolean countsRowIndexes;

  /** Whether a requested field or a deletion vector needs each row's index. */
  private boolean needsRowIndex;

  /** Null unless {@code row_data_version} is requested. */
  private final RowDataVersions rowDataVersions;

  /** Whether a batch needs its row IDs computed: for row_id or row_data_version. */
  private final boolean computesRowIds;

  /** Whether a batch needs its row commit versions computed: for either version field. */
  private final boolean computesRowCommitVersions;

  /**
   * @param requested the {@code _metadata} struct the query asked for (possibly pruned), or null
   * @param deletionVectors whether some file to read has a deletion vector
   * @param rowDataVersions the table's map, needed when {@code row_data_version} is requested
   * @param countsRowIndexes whether splits are read without filters, by batches, through a {@link
   *     MetadataBatchAssembler} told the index of each split's first row, so that every row read
   *     follows the one before it in the file: indexes counted instead of read. Spark's reader
   *     fills its row index column from a boxed Scala range, a good part of the time of a scan that
   *     selects row IDs, and of a change feed's. {@link MetadataParquetRead} chooses.
   * @throws IllegalArgumentException for a field deltax does not know
   */
  public MetadataReadPlan(
      StructType requested,
      RowTrackingConfig rowTracking,
      int numDataColumns,
      int numPartitionColumns,
      boolean deletionVectors,
      RowDataVersions rowDataVersions,
      boolean countsRowIndexes) {
    this.metadataType = requested;
    this.countsRowIndexes = countsRowIndexes;
    this.numDataColumns = numDataColumns;
    this.numPartitionColumns = numPartitionColumns;
    if (requested == null) {
      requested = new StructType();
    }
    this.fields = new MetadataField[requested.size()];
    EnumSet<MetadataField> constantSet = EnumSet.noneOf(MetadataField.class);
    for (int i = 0; i < fields.length; i++) {
      MetadataField f = MetadataField.byName(requested.fields()[i].name());
      if (f == null) {
        throw new IllegalArgumentException(
            "Unknown _metadata field " + requested.fields()[i].name());
      }
      fields[i] = f;
      switch (f.source()) {
        case CONSTANT -> constantSet.add(f);
        case ROW_INDEX -> needsRowIndex = true;
        case ROW_ID -> constantSet.add(MetadataField.BASE_ROW_ID);
        case ROW_COMMIT_VERSION -> constantSet.add(MetadataField.DEFAULT_ROW_COMMIT_VERSION);
        case ROW_DATA_VERSION -> {
          constantSet.add(MetadataField.BASE_ROW_ID);
          constantSet.add(MetadataField.DEFAULT_ROW_COMMIT_VERSION);
        }
      }
    }
    computesRowIds = needs(MetadataField.ROW_ID) || needs(MetadataField.ROW_DATA_VERSION);
    computesRowCommitVersions =
        needs(MetadataField.ROW_COMMIT_VERSION) || needs(MetadataField.ROW_DATA_VERSION);
    if (computesRowIds) {
      materializedRowIdPos = materialized(rowTracking.materializedRowIdColumn());
    }
    needsRowIndex |= computesRowIds || deletionVectors;
    if (needsRowIndex && !countsRowIndexes) {
      rowIndexPos = extra(rowIndexField());
    }
    if (computesRowCommitVersions) {
      materializedRowCommitVersionPos =
          materialized(rowTracking.materializedRowCommitVersionColumn());
    }
    this.constants = List.copyOf(constantSet);
    this.rowDataVersions =
        needs(MetadataField.ROW_DATA_VERSION)
            ? java.util.Objects.requireNonNull(rowDataVersions, "row data versions")
            : null;
  }

  /** Whether the query asks for {@code row_data_version}, so the table's map must be found. */
  public static boolean requestsRowDataVersion(StructType requested) {
    return requested != null
        && requested.getFieldIndex(MetadataField.ROW_DATA_VERSION.fieldName()).isDefined();
  }

  RowDataVersions rowDataVersions() {
    return rowDataVersions;
  }

  boolean computesRowIds() {
    return computesRowIds;
  }

  boolean computesRowCommitVersions() {
    return computesRowCommitVersions;
  }

  private boolean needs(MetadataField field) {
    for (MetadataField f : fields) {
      if (f == field) {
        return true;
      }
    }
    return false;
  }

  private int materialized(Optional<String> column) {
    return column
        .map(name -> extra(new StructField(name, DataTypes.LongType, true, Metadata.empty())))
        .orElse(-1);
  }

  private int extra(StructField field) {
    extraColumns.add(field);
    return numDataColumns + extraColumns.size() - 1;
  }

  /**
   * Spark's Parquet reader fills a column of this name with each row's index in its file. It is
   * declared nullable: the reader refuses a non-null column that is missing from the file.
   */
  private static StructField rowIndexField() {
    return new StructField(
        ParquetFileFormat.ROW_INDEX_TEMPORARY_COLUMN_NAME(),
        DataTypes.LongType,
        true,
        Metadata.empty());
  }

  /** Whether any requested field needs the file's {@code baseRowId}. */
  public boolean needsBaseRowId() {
    return constants.contains(MetadataField.BASE_ROW_ID);
  }

  public boolean needsDefaultRowCommitVersion() {
    return constants.contains(MetadataField.DEFAULT_ROW_COMMIT_VERSION);
  }

  /** The requested {@code _metadata} struct, or null when the scan does not select it. */
  public StructType metadataType() {
    return metadataType;
  }

  public boolean selectsMetadata() {
    return metadataType != null;
  }

  /** The data columns to ask the Parquet reader for: the selected ones, then the extra ones. */
  public StructType parquetRequiredSchema(StructType readDataSchema) {
    StructType result = readDataSchema;
    for (StructField f : extraColumns) {
      result = result.add(f);
    }
    return result;
  }

  /** The files' columns as the Parquet reader should know them: with the materialized columns. */
  public StructType parquetDataSchema(StructType dataSchema) {
    StructType result = dataSchema;
    for (StructField f : extraColumns) {
      if (!f.name().equals(ParquetFileFormat.ROW_INDEX_TEMPORARY_COLUMN_NAME())
          && !List.of(dataSchema.fieldNames()).contains(f.name())) {
        result = result.add(f);
      }
    }
    return result;
  }

  /** The partition schema to hand the Parquet reader: the selected ones, then the constants. */
  public StructType parquetPartitionSchema(StructType readPartitionSchema) {
    StructType result = readPartitionSchema;
    for (MetadataField f : constants) {
      result =
          result.add(
              new StructField(
                  CONSTANT_PREFIX + f.fieldName().toLowerCase(Locale.ROOT),
                  f.type(),
                  true,
                  Metadata.empty()));
    }
    return result;
  }

  /**
   * What the Parquet reader returns: {@link #parquetRequiredSchema}, then {@link
   * #parquetPartitionSchema}.
   */
  public StructType parquetOutputSchema(StructType readDataSchema, StructType readPartitionSchema) {
    StructType result = parquetRequiredSchema(readDataSchema);
    for (StructField f : parquetPartitionSchema(readPartitionSchema).fields()) {
      result = result.add(f);
    }
    return result;
  }

  /** The partition values of one split followed by its constant fields. */
  public InternalRow partitionRow(Object[] partitionValues, SplitConstants split) {
    Object[] values = new Object[numPartitionColumns + constants.size()];
    System.arraycopy(partitionValues, 0, values, 0, numPartitionColumns);
    for (int i = 0; i < constants.size(); i++) {
      values[numPartitionColumns + i] = constantValue(constants.get(i), split);
    }
    return new GenericInternalRow(values);
  }

  private static Object constantValue(MetadataField field, SplitConstants s) {
    return switch (field) {
      case FILE_PATH -> UTF8String.fromString(s.filePath());
      case FILE_NAME -> UTF8String.fromString(s.fileName());
      case FILE_SIZE -> s.fileSize();
      case FILE_BLOCK_START -> s.blockStart();
      case FILE_BLOCK_LENGTH -> s.blockLength();
      case FILE_MODIFICATION_TIME -> s.modificationTimeMillis() * 1000L;
      case BASE_ROW_ID -> s.baseRowId();
      case DEFAULT_ROW_COMMIT_VERSION -> s.defaultRowCommitVersion();
      default -> throw new IllegalStateException(field + " is not a constant");
    };
  }

  // Positions, for the assemblers.

  MetadataField[] fields() {
    return fields;
  }

  int numDataColumns() {
    return numDataColumns;
  }

  int numPartitionColumns() {
    return numPartitionColumns;
  }

  int firstPartitionPos() {
    return numDataColumns + extraColumns.size();
  }

  /** The ordinal of a constant field in a split's partition row. */
  int constantOrdinal(MetadataField field) {
    return numPartitionColumns + constants.indexOf(field);
  }

  /** The position of a constant field in the Parquet reader's output. */
  int constantPos(MetadataField field) {
    return firstPartitionPos() + constantOrdinal(field);
  }

  int materializedRowIdPos() {
    return materializedRowIdPos;
  }

  int materializedRowCommitVersionPos() {
    return materializedRowCommitVersionPos;
  }

  /** The position of Spark's row index column; -1 where row indexes are counted or not needed. */
  int rowIndexPos() {
    return rowIndexPos;
  }

  /** Whether the batch assembler counts row indexes (see the constructor). */
  boolean countsRowIndexes() {
    return countsRowIndexes && needsRowIndex;
  }
}
