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
package io.deltax.read.skipping;

import com.fasterxml.jackson.databind.JsonNode;
import io.deltax.actions.AddFile;
import io.deltax.columnmapping.ColumnMapping;
import io.deltax.log.CompactFileList;
import io.deltax.partitions.PartitionValues;
import io.deltax.protocol.TypeWidening;
import io.deltax.rowtracking.RowDataVersions;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.DoubleType;
import org.apache.spark.sql.types.FloatType;
import org.apache.spark.sql.types.StringType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.types.TimestampType;

/**
 * What each file tells about the columns a scan's filters name, as {@link ColumnBounds}: a
 * partition column's value (exact), a data column's {@code stats}, the row ID range of {@code
 * _metadata.row_id} and the newest data version of {@code _metadata.row_data_version}. Built once
 * per scan; the statistics of a file are parsed on first need, for the named columns only ({@link
 * FilteredColumnStats}), and kept with the snapshot for the next scan ({@link
 * SnapshotColumnBounds}). Which filter holds on those bounds is {@link FilterEvaluator}'s job.
 */
final class FileBounds {
  /** The row ID of a row, as pushed filters name it. */
  static final String ROW_ID = "_metadata.row_id";

  /** The row data version of a row, as pushed filters name it. */
  static final String ROW_DATA_VERSION = "_metadata.row_data_version";

  /** By lower-case name. */
  private final Map<String, StructField> columns = new HashMap<>();

  /** The column each filter attribute names ({@link #field}), or empty. */
  private final Map<String, Optional<StructField>> fieldsByAttribute = new ConcurrentHashMap<>();

  private final Set<String> partitionColumns;
  private final PartitionValues partitionValues;

  /** The physical names of the data columns whose statistics the filters need. */
  private final Set<String> statsColumns;

  /** Those data columns, resolved once: what one parse of a file's statistics fills. */
  private final List<Column> statsColumnList;

  /** The columns the filters name, resolved once per scan, by the name the filters use. */
  private final Map<String, Column> referencedColumns = new HashMap<>();

  /**
   * A column a filter names, resolved against the schema: its type, its physical name (the key of
   * partition values and statistics), whether it is a partition column. {@code wasFloat}: a double
   * column that was a float, whose older files' statistics are floats' decimals (type widening).
   */
  private record Column(
      StructField field, DataType type, String physical, boolean partition, boolean wasFloat) {
    static Column of(StructField field, boolean partition) {
      return new Column(
          field,
          field.dataType(),
          ColumnMapping.physicalName(field),
          partition,
          field.dataType() instanceof DoubleType && TypeWidening.changedFrom(field, "float"));
    }
  }

  /** Where the files' statistics are parsed and kept: with the snapshot, across scans. */
  private final SnapshotColumnBounds parsedStats;

  /** Null unless row tracking is enabled and some filter names {@code _metadata.row_id}. */
  private final MaterializedRowIdRange materializedRowIds;

  /**
   * Null unless row tracking is enabled and some filter names {@code _metadata.row_data_version}.
   */
  private final RowDataVersions rowDataVersions;

  /**
   * @param schema the table's logical schema
   * @param partitionColumns the partition column names, lower case
   * @param referenced the columns the filters name, as they name them
   */
  FileBounds(
      StructType schema,
      Set<String> partitionColumns,
      PartitionValues partitionValues,
      Collection<String> referenced,
      MaterializedRowIdRange materializedRowIds,
      RowDataVersions rowDataVersions,
      SnapshotColumnBounds parsedStats) {
    for (StructField f : schema.fields()) {
      columns.put(f.name().toLowerCase(Locale.ROOT), f);
    }
    this.partitionColumns = partitionColumns;
    this.partitionValues = partitionValues;
    // A data column named _metadata hides Spark's: _metadata.row_id is then a field of its own.
    boolean metadataIsAColumn = columns.containsKey("_metadata");
    this.materializedRowIds = metadataIsAColumn ? null : materializedRowIds;
    this.rowDataVersions = metadataIsAColumn ? null : rowDataVersions;
    this.parsedStats = parsedStats;
    Set<String> statsColumns = new HashSet<>();
    List<Column> statsColumnList = new ArrayList<>();
    for (String column : referenced) {
      StructField field = field(column);
      if (field == null || !SkippingValues.isSupported(field.dataType())) {
        continue;
      }
      Column resolved = Column.of(field, isPartitionColumn(field));
      referencedColumns.put(column, resolved);
      if (!resolved.partition() && statsColumns.add(resolved.physical())) {
        statsColumnList.add(resolved);
      }
    }
    this.statsColumns = Set.copyOf(statsColumns);
    this.statsColumnList = List.copyOf(statsColumnList);
  }

  /**
   * The top-level column a pushed filter names, or null. Spark names it as SQL does: quoted where
   * the name needs it ({@code `event-date`}), dotted for a nested field ({@code s.x}), which has no
   * bounds here (and must not find a top-level column named {@code `s.x`}).
   */
  private StructField field(String attribute) {
    // Asked per file and filter: each name is parsed once.
    return fieldsByAttribute
        .computeIfAbsent(
            attribute,
            a -> {
              List<String> parts = DataSkipping.columnPath(a);
              return Optional.ofNullable(
                  parts.size() == 1 ? columns.get(parts.get(0).toLowerCase(Locale.ROOT)) : null);
            })
        .orElse(null);
  }

  /** The physical names of the columns whose statistics are parsed. */
  Set<String> statsColumns() {
    return statsColumns;
  }

  boolean readsMaterializedRowIds() {
    return materializedRowIds != null;
  }

  /** The type filters compare {@code column} in, or null where no file can bound it. */
  DataType typeOf(String column) {
    Column referenced = referencedColumns.get(column);
    if (referenced != null) {
      return referenced.type();
    }
    if (column.equals(ROW_ID)) {
      return materializedRowIds == null ? null : DataTypes.LongType;
    }
    if (column.equals(ROW_DATA_VERSION)) {
      return rowDataVersions == null ? null : DataTypes.LongType;
    }
    StructField field = field(column);
    return field == null ? null : field.dataType();
  }

  /**
   * Whether some file may bound {@code column}: a filter naming only such columns can skip files.
   */
  boolean canBound(String column) {
    if (column.equals(ROW_ID) || column.equals(ROW_DATA_VERSION)) {
      return typeOf(column) != null;
    }
    StructField field = field(column);
    return field != null && SkippingValues.isSupported(field.dataType());
  }

  /**
   * Whether every file's bounds of {@code column} are its one exact value, compared as Spark
   * compares it: a partition column of a type whose values deltax orders as Spark does (not
   * floating point, whose NaN and -0.0 deltax leaves unknown, nor strings under a collation).
   */
  boolean isExact(String column) {
    StructField field = field(column);
    if (field == null || !isPartitionColumn(field)) {
      return false;
    }
    DataType type = field.dataType();
    return SkippingValues.isSupported(type)
        && !(type instanceof FloatType)
        && !(type instanceof DoubleType)
        && !(type instanceof StringType s && !s.isUTF8BinaryCollation());
  }

  private boolean isPartitionColumn(StructField field) {
    return partitionColumns.contains(field.name().toLowerCase(Locale.ROOT));
  }

  /** The bounds of one file. */
  View of(AddFile file) {
    return new View(file, null, -1, 0, false, null);
  }

  /**
   * The bounds of the file at {@code position} in the snapshot's file list of {@code fileCount}
   * files: its statistics' bounds are kept with the snapshot by that position ({@link
   * SnapshotColumnBounds#bounds}), so the next scan finds them without a look-up by path.
   */
  View of(AddFile file, int position, int fileCount) {
    return new View(file, null, position, fileCount, false, null);
  }

  /**
   * The bounds of the file at {@code position} of the snapshot's compact file list: as {@link
   * #of(AddFile, int, int)}, reading the fields the filters need from the list without building the
   * {@code AddFile}.
   */
  View of(CompactFileList files, int position) {
    return new View(null, files, position, files.size(), false, null);
  }

  /** One file's bounds, its statistics parsed on first need. */
  final class View {
    /** The file, or null until first needed where {@code files} holds it. */
    private AddFile file;

    private final CompactFileList files;

    /** Where the file is in the snapshot's file list, or -1. */
    private final int position;

    private final int fileCount;
    private final boolean withMaterializedRowIds;
    private FilteredColumnStats stats;

    private View(
        AddFile file,
        CompactFileList files,
        int position,
        int fileCount,
        boolean withMaterializedRowIds,
        FilteredColumnStats stats) {
      this.file = file;
      this.files = files;
      this.position = position;
      this.fileCount = fileCount;
      this.withMaterializedRowIds = withMaterializedRowIds;
      this.stats = stats;
    }

    /**
     * The same file with {@code _metadata.row_id} bounded by the rows that have a materialized row
     * ID (from the footer) instead of the file's own range; the statistics are not parsed again.
     */
    View withMaterializedRowIds() {
      return new View(file, files, position, fileCount, true, stats);
    }

    AddFile file() {
      if (file == null) {
        file = files.get(position);
      }
      return file;
    }

    Long baseRowId() {
      return file != null ? file.baseRowId() : files.baseRowId(position);
    }

    private Long defaultRowCommitVersion() {
      return file != null
          ? file.defaultRowCommitVersion()
          : files.defaultRowCommitVersion(position);
    }

    Map<String, String> partitionValues() {
      return file != null ? file.partitionValues() : files.partitionValues(position);
    }

    DataType typeOf(String column) {
      return FileBounds.this.typeOf(column);
    }

    private ColumnBounds partitionBounds(Column c) {
      Object value =
          partitionValues.parse(
              c.field().name(), c.type(), PartitionValues.lookup(partitionValues(), c.physical()));
      return ColumnBounds.exact(SkippingValues.normalize(c.type(), value), value == null);
    }

    ColumnBounds bounds(String column) {
      if (column.equals(ROW_ID)) {
        return rowIdBounds();
      }
      if (column.equals(ROW_DATA_VERSION)) {
        return rowDataVersionBounds();
      }
      Column c = referencedColumns.get(column);
      if (c == null) {
        StructField field = field(column);
        if (field == null || !SkippingValues.isSupported(field.dataType())) {
          return ColumnBounds.UNKNOWN;
        }
        c = Column.of(field, isPartitionColumn(field));
      }
      // Partition values and statistics name columns by their physical names.
      if (c.partition()) {
        // Kept per partition of the snapshot's list, but for timestamps: the session's time zone
        // parses them, and the next query's session may have another.
        int partition =
            files == null || c.type() instanceof TimestampType
                ? -1
                : files.partitionIndex(position);
        if (partition >= 0) {
          Column partitionColumn = c;
          return parsedStats.partitionBounds(
              c.physical(),
              partition,
              files.partitionCount(),
              () -> partitionBounds(partitionColumn));
        }
        return partitionBounds(c);
      }
      if (position < 0 || !statsColumns.contains(c.physical())) {
        return statsBounds(c, stats());
      }
      ColumnBounds kept = parsedStats.bounds(c.physical(), position, fileCount);
      if (kept == null) {
        // One parse for every column this scan's filters name, each column's bounds kept.
        FilteredColumnStats s =
            stats != null
                ? stats
                : parsedStats.parse(
                    file != null ? file.stats() : files.stats(position), statsColumns);
        for (Column other : statsColumnList) {
          parsedStats.keep(other.physical(), position, fileCount, statsBounds(other, s));
        }
        kept = statsBounds(c, s);
      }
      return kept;
    }

    /** What the statistics {@code s} say about data column {@code c}. */
    private ColumnBounds statsBounds(Column c, FilteredColumnStats s) {
      JsonNode nullCount = s.nullCount(c.physical());
      Boolean allNull = null;
      Boolean hasNull = null;
      if (nullCount != null && nullCount.canConvertToLong()) {
        hasNull = nullCount.asLong() > 0;
        if (s.numRecords() != null) {
          allNull = nullCount.asLong() == s.numRecords();
        }
      }
      return new ColumnBounds(
          SkippingValues.fromStats(c.type(), c.wasFloat(), s.min(c.physical()), false),
          SkippingValues.fromStats(c.type(), c.wasFloat(), s.max(c.physical()), true),
          allNull,
          hasNull);
    }

    /**
     * The row IDs of the file's rows without a materialized row ID, {@code [baseRowId, baseRowId +
     * numRecords)} (PROTOCOL.md, "Row IDs"), or in the second view, those of the rows with one, as
     * the footer tells.
     */
    private ColumnBounds rowIdBounds() {
      Long numRecords = stats().numRecords();
      Long baseRowId = baseRowId();
      if (materializedRowIds == null || baseRowId == null || numRecords == null) {
        return ColumnBounds.UNKNOWN;
      }
      if (!withMaterializedRowIds) {
        return new ColumnBounds(baseRowId, baseRowId + numRecords - 1, false, false);
      }
      // No materialized row ID at all: in this view the file has no row to match.
      return materializedRowIds
          .of(file())
          .map(range -> new ColumnBounds(range[0], range[1], false, false))
          .orElse(new ColumnBounds(null, null, true, true));
    }

    /**
     * No lower bound; the upper bound is the file's {@code defaultRowCommitVersion}: a materialized
     * row commit version is that of an older commit, and a data version replaces a backfill's
     * version by an older one. Where the default is a backfill's version, the file is one the
     * backfill numbered, unchanged since, whose rows' IDs are its own range {@code [baseRowId,
     * baseRowId + numRecords)}: the map tells their newest data version.
     */
    private ColumnBounds rowDataVersionBounds() {
      Long defaultVersion = defaultRowCommitVersion();
      if (rowDataVersions == null || defaultVersion == null) {
        return ColumnBounds.UNKNOWN;
      }
      long max = defaultVersion;
      Long numRecords = stats().numRecords();
      Long baseRowId = baseRowId();
      if (rowDataVersions.isBackfillVersion(defaultVersion)
          && baseRowId != null
          && numRecords != null) {
        max = rowDataVersions.maxDataVersion(baseRowId, baseRowId + numRecords, defaultVersion);
      }
      return new ColumnBounds(null, max, false, false);
    }

    private FilteredColumnStats stats() {
      if (stats == null) {
        stats = parsedStats.of(file(), statsColumns);
      }
      return stats;
    }
  }
}
