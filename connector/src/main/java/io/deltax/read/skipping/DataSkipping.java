package io.deltax.read.skipping;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.deltax.columnmapping.ColumnMapping;
import io.deltax.actions.AddFile;
import io.deltax.read.PartitionValues;
import io.deltax.rowtracking.RowDataVersions;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.apache.spark.sql.sources.AlwaysFalse;
import org.apache.spark.sql.sources.And;
import org.apache.spark.sql.sources.EqualNullSafe;
import org.apache.spark.sql.sources.EqualTo;
import org.apache.spark.sql.sources.Filter;
import org.apache.spark.sql.sources.GreaterThan;
import org.apache.spark.sql.sources.GreaterThanOrEqual;
import org.apache.spark.sql.sources.In;
import org.apache.spark.sql.sources.IsNotNull;
import org.apache.spark.sql.sources.IsNull;
import org.apache.spark.sql.sources.LessThan;
import org.apache.spark.sql.sources.LessThanOrEqual;
import org.apache.spark.sql.sources.Not;
import org.apache.spark.sql.sources.Or;
import org.apache.spark.sql.sources.StringStartsWith;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * Decides per file whether pushed filters can match any of its rows: partition pruning from the
 * file's partition values (exact), data skipping from its {@code stats} (PROTOCOL.md, "Per-file
 * Statistics": {@code numRecords}, {@code minValues}, {@code maxValues}, {@code nullCount}).
 * The answer is "might match" unless the file provably holds no matching row, so Spark still
 * evaluates every filter on the rows that are read.
 */
public final class DataSkipping {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  private final List<Filter> filters;
  private final Map<String, StructField> columns = new HashMap<>();
  private final Set<String> partitionColumns;
  private final PartitionValues partitionValues;
  /** Null unless row tracking is enabled and some filter names {@code _metadata.row_id}. */
  private MaterializedRowIdRange materializedRowIds;
  /** Null unless row tracking is enabled and some filter names {@code _metadata.row_data_version}. */
  private RowDataVersions rowDataVersions;

  /**
   * @param schema the table's logical schema
   * @param partitionColumns the partition column names, lower case
   */
  public DataSkipping(StructType schema, Set<String> partitionColumns, List<Filter> filters,
      PartitionValues partitionValues) {
    for (StructField f : schema.fields()) {
      columns.put(f.name().toLowerCase(Locale.ROOT), f);
    }
    this.partitionColumns = partitionColumns;
    this.filters = List.copyOf(filters);
    this.partitionValues = partitionValues;
  }

  /** The row ID of a row, as pushed filters name it. */
  static final String ROW_ID = "_metadata.row_id";

  /**
   * Lets filters on {@code _metadata.row_id} skip files (PROTOCOL.md, "Row IDs"): a file's rows
   * have the IDs {@code [baseRowId, baseRowId + numRecords)}, except rows with a materialized row
   * ID, whose range the file's footer tells.
   */
  public DataSkipping withRowIds(MaterializedRowIdRange materialized) {
    boolean filtered = filters.stream()
        .anyMatch(f -> java.util.Arrays.asList(f.references()).contains(ROW_ID));
    this.materializedRowIds = filtered ? materialized : null;
    return this;
  }

  /** The row data version of a row, as pushed filters name it. */
  static final String ROW_DATA_VERSION = "_metadata.row_data_version";

  public boolean filtersRowDataVersion() {
    return filters.stream()
        .anyMatch(f -> java.util.Arrays.asList(f.references()).contains(ROW_DATA_VERSION));
  }

  /**
   * Lets filters on {@code _metadata.row_data_version} skip files. A file's rows have data versions
   * no newer than its {@code defaultRowCommitVersion}: a materialized row commit version is that
   * of an older commit, and a data version replaces a backfill's version by an older one. Where the
   * default is a backfill's version, the file is one the backfill numbered, unchanged since, whose
   * rows' IDs are its own range {@code [baseRowId, baseRowId + numRecords)}: the map tells their
   * newest data version.
   */
  public DataSkipping withRowDataVersions(RowDataVersions versions) {
    this.rowDataVersions = versions;
    return this;
  }

  /** The filters that can skip files: those naming only top-level columns of comparable types. */
  public List<Filter> usableFilters() {
    List<Filter> usable = new ArrayList<>();
    for (Filter f : filters) {
      if (java.util.Arrays.stream(f.references()).allMatch(this::isSkippable)) {
        usable.add(f);
      }
    }
    return usable;
  }

  private boolean isSkippable(String column) {
    if (column.equals(ROW_ID)) {
      return materializedRowIds != null;
    }
    if (column.equals(ROW_DATA_VERSION)) {
      return rowDataVersions != null;
    }
    StructField field = columns.get(column.toLowerCase(Locale.ROOT));
    return field != null && SkippingValues.isSupported(field.dataType());
  }

  public boolean mightMatch(AddFile file) {
    if (filters.isEmpty()) {
      return true;
    }
    if (mightMatch(new FileView(file, false))) {
      return true;
    }
    // Rows may carry materialized row IDs instead: only the footer tells, so it is read only now.
    // The two ranges are checked apart, as one interval around both would match far too much.
    return materializedRowIds != null && file.baseRowId() != null
        && mightMatch(new FileView(file, true));
  }

  private boolean mightMatch(FileView view) {
    for (Filter f : filters) {
      if (!mightMatch(f, view)) {
        return false;
      }
    }
    return true;
  }

  /** Lazily parsed facts of one file. */
  private final class FileView {
    private final AddFile file;
    private final boolean withMaterializedRowIds;
    private JsonNode stats;
    private boolean statsParsed;

    FileView(AddFile file, boolean withMaterializedRowIds) {
      this.file = file;
      this.withMaterializedRowIds = withMaterializedRowIds;
    }

    ColumnBounds bounds(String column) {
      if (column.equals(ROW_ID)) {
        return rowIdBounds();
      }
      if (column.equals(ROW_DATA_VERSION)) {
        return rowDataVersionBounds();
      }
      StructField field = columns.get(column.toLowerCase(Locale.ROOT));
      if (field == null || !SkippingValues.isSupported(field.dataType())) {
        return ColumnBounds.UNKNOWN;
      }
      DataType type = field.dataType();
      // Partition values and statistics name columns by their physical names.
      String physical = ColumnMapping.physicalName(field);
      if (partitionColumns.contains(field.name().toLowerCase(Locale.ROOT))) {
        Object value = partitionValues.parse(field.name(), type,
            PartitionValues.lookup(file.partitionValues(), physical));
        return ColumnBounds.exact(SkippingValues.normalize(type, value), value == null);
      }
      JsonNode s = stats();
      if (s == null) {
        return ColumnBounds.UNKNOWN;
      }
      JsonNode nullCount = s.path("nullCount").get(physical);
      JsonNode numRecords = s.get("numRecords");
      Boolean allNull = null;
      Boolean hasNull = null;
      if (nullCount != null && nullCount.canConvertToLong()) {
        hasNull = nullCount.asLong() > 0;
        if (numRecords != null && numRecords.canConvertToLong()) {
          allNull = nullCount.asLong() == numRecords.asLong();
        }
      }
      return new ColumnBounds(
          SkippingValues.fromStats(type, s.path("minValues").get(physical), false),
          SkippingValues.fromStats(type, s.path("maxValues").get(physical), true),
          allNull, hasNull);
    }

    /**
     * The row IDs of the file's rows without a materialized row ID, {@code [baseRowId,
     * baseRowId + numRecords)}, or in the second view, those of the rows with one.
     */
    private ColumnBounds rowIdBounds() {
      JsonNode numRecords = stats() == null ? null : stats().get("numRecords");
      if (materializedRowIds == null || file.baseRowId() == null || numRecords == null
          || !numRecords.canConvertToLong()) {
        return ColumnBounds.UNKNOWN;
      }
      if (!withMaterializedRowIds) {
        return new ColumnBounds(file.baseRowId(), file.baseRowId() + numRecords.asLong() - 1,
            false, false);
      }
      // No materialized row ID at all: in this view the file has no row to match.
      return materializedRowIds.of(file)
          .map(range -> new ColumnBounds(range[0], range[1], false, false))
          .orElse(new ColumnBounds(null, null, true, true));
    }

    /** No lower bound; the upper bound as {@link #withRowDataVersions} explains. */
    private ColumnBounds rowDataVersionBounds() {
      Long defaultVersion = file.defaultRowCommitVersion();
      if (rowDataVersions == null || defaultVersion == null) {
        return ColumnBounds.UNKNOWN;
      }
      long max = defaultVersion;
      JsonNode numRecords = stats() == null ? null : stats().get("numRecords");
      if (rowDataVersions.isBackfillVersion(defaultVersion) && file.baseRowId() != null
          && numRecords != null && numRecords.canConvertToLong()) {
        max = rowDataVersions.maxDataVersion(file.baseRowId(),
            file.baseRowId() + numRecords.asLong(), defaultVersion);
      }
      return new ColumnBounds(null, max, false, false);
    }

    private JsonNode stats() {
      if (!statsParsed) {
        statsParsed = true;
        if (file.stats() != null) {
          try {
            stats = MAPPER.readTree(file.stats());
          } catch (IOException e) {
            stats = null;
          }
        }
      }
      return stats;
    }
  }

  private DataType typeOf(String column) {
    if (column.equals(ROW_ID)) {
      return materializedRowIds == null ? null : org.apache.spark.sql.types.DataTypes.LongType;
    }
    if (column.equals(ROW_DATA_VERSION)) {
      return rowDataVersions == null ? null : org.apache.spark.sql.types.DataTypes.LongType;
    }
    StructField field = columns.get(column.toLowerCase(Locale.ROOT));
    return field == null ? null : field.dataType();
  }

  @SuppressWarnings({"rawtypes", "unchecked"})
  private boolean mightMatch(Filter filter, FileView file) {
    if (filter instanceof And and) {
      return mightMatch(and.left(), file) && mightMatch(and.right(), file);
    }
    if (filter instanceof Or or) {
      return mightMatch(or.left(), file) || mightMatch(or.right(), file);
    }
    if (filter instanceof AlwaysFalse) {
      return false;
    }
    if (filter instanceof IsNull isNull) {
      return !Boolean.FALSE.equals(file.bounds(isNull.attribute()).hasNull());
    }
    if (filter instanceof IsNotNull isNotNull) {
      return !Boolean.TRUE.equals(file.bounds(isNotNull.attribute()).allNull());
    }
    if (filter instanceof Not not) {
      return mightMatchNot(not.child(), file);
    }
    if (filter instanceof EqualNullSafe eq && eq.value() == null) {
      return !Boolean.FALSE.equals(file.bounds(eq.attribute()).hasNull());
    }
    String column = comparedColumn(filter);
    if (column == null) {
      return true;
    }
    DataType type = typeOf(column);
    if (type == null) {
      return true;
    }
    ColumnBounds b = file.bounds(column);
    if (Boolean.TRUE.equals(b.allNull())) {
      return false; // a comparison with null is never true
    }
    Comparable min = b.min();
    Comparable max = b.max();
    if (filter instanceof In in) {
      for (Object v : in.values()) {
        if (v != null && within(SkippingValues.normalize(type, v), min, max)) {
          return true;
        }
      }
      return false;
    }
    if (filter instanceof StringStartsWith starts) {
      if (min == null || max == null) {
        return true;
      }
      UTF8String prefix = UTF8String.fromString(starts.value());
      UTF8String minPrefix = ((UTF8String) min).substring(0, prefix.numChars());
      return max.compareTo(prefix) >= 0 && minPrefix.compareTo(prefix) <= 0;
    }
    Object literal = literalOf(filter);
    if (literal == null) {
      return false; // comparisons with a null literal are never true
    }
    Comparable v = SkippingValues.normalize(type, literal);
    if (v == null) {
      return true;
    }
    if (filter instanceof EqualTo || filter instanceof EqualNullSafe) {
      return within(v, min, max);
    }
    if (filter instanceof LessThan) {
      return min == null || min.compareTo(v) < 0;
    }
    if (filter instanceof LessThanOrEqual) {
      return min == null || min.compareTo(v) <= 0;
    }
    if (filter instanceof GreaterThan) {
      return max == null || max.compareTo(v) > 0;
    }
    if (filter instanceof GreaterThanOrEqual) {
      return max == null || max.compareTo(v) >= 0;
    }
    return true;
  }

  /** {@code NOT child} can only be ruled out where every value equals the excluded ones. */
  @SuppressWarnings({"rawtypes", "unchecked"})
  private boolean mightMatchNot(Filter child, FileView file) {
    if (child instanceof IsNull isNull) {
      return mightMatch(new IsNotNull(isNull.attribute()), file);
    }
    if (child instanceof IsNotNull isNotNull) {
      return mightMatch(new IsNull(isNotNull.attribute()), file);
    }
    if (child instanceof EqualTo eq && eq.value() != null) {
      DataType type = typeOf(eq.attribute());
      ColumnBounds b = file.bounds(eq.attribute());
      if (type == null || Boolean.TRUE.equals(b.allNull())) {
        return type == null;
      }
      Comparable v = SkippingValues.normalize(type, eq.value());
      return v == null || b.min() == null || b.max() == null
          || b.min().compareTo(v) != 0 || b.max().compareTo(v) != 0;
    }
    return true;
  }

  @SuppressWarnings({"rawtypes", "unchecked"})
  private static boolean within(Comparable v, Comparable min, Comparable max) {
    if (v == null) {
      return true;
    }
    return (min == null || min.compareTo(v) <= 0) && (max == null || max.compareTo(v) >= 0);
  }

  private static String comparedColumn(Filter f) {
    if (f instanceof EqualTo x) return x.attribute();
    if (f instanceof EqualNullSafe x) return x.attribute();
    if (f instanceof LessThan x) return x.attribute();
    if (f instanceof LessThanOrEqual x) return x.attribute();
    if (f instanceof GreaterThan x) return x.attribute();
    if (f instanceof GreaterThanOrEqual x) return x.attribute();
    if (f instanceof In x) return x.attribute();
    if (f instanceof StringStartsWith x) return x.attribute();
    return null;
  }

  private static Object literalOf(Filter f) {
    if (f instanceof EqualTo x) return x.value();
    if (f instanceof EqualNullSafe x) return x.value();
    if (f instanceof LessThan x) return x.value();
    if (f instanceof LessThanOrEqual x) return x.value();
    if (f instanceof GreaterThan x) return x.value();
    if (f instanceof GreaterThanOrEqual x) return x.value();
    return null;
  }
}
