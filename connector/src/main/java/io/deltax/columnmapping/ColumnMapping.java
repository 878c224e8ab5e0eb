package io.deltax.columnmapping;

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
 * nested ones included, has a physical name under which data files, partition values and
 * statistics store it. deltax reads files by physical name in both modes (a file written in id
 * mode also carries the physical names), and shows the logical schema without the mapping's
 * field metadata, as delta-spark does.
 */
public final class ColumnMapping {
  public static final String PHYSICAL_NAME_KEY = "delta.columnMapping.physicalName";
  /**
   * Field metadata for the log's own use, which delta-spark drops from the read schema: column
   * mapping's, and type widening's record of past type changes (PROTOCOL.md, "Type Widening").
   */
  private static final String[] MAPPING_METADATA_KEYS = {
      PHYSICAL_NAME_KEY, "delta.columnMapping.id", "delta.columnMapping.nested.ids",
      "parquet.field.id", "parquet.field.nested.ids", "delta.typeChanges"};

  private ColumnMapping() {}

  /** Whether the table's {@code delta.columnMapping.mode} is {@code id} or {@code name}. */
  public static boolean isActive(TableProperties properties) {
    return !"none".equals(properties.columnMappingMode());
  }

  /** The name a field has in the data files: its physical name, else (no mapping) its name. */
  public static String physicalName(StructField field) {
    return field.metadata().contains(PHYSICAL_NAME_KEY)
        ? field.metadata().getString(PHYSICAL_NAME_KEY) : field.name();
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
        fields.add(new StructField(f.name(), withoutMappingMetadata(f.dataType()), f.nullable(),
            metadata.build()));
      }
      return new StructType(fields.toArray(new StructField[0]));
    }
    if (type instanceof ArrayType array) {
      return new ArrayType(withoutMappingMetadata(array.elementType()), array.containsNull());
    }
    if (type instanceof MapType map) {
      return new MapType(withoutMappingMetadata(map.keyType()),
          withoutMappingMetadata(map.valueType()), map.valueContainsNull());
    }
    return type;
  }

  /**
   * The physical form of {@code requested}, a (possibly pruned) part of the table schema
   * {@code table}: every field renamed to its physical name, at every depth.
   */
  public static DataType physical(DataType requested, DataType table) {
    if (requested instanceof StructType struct && table instanceof StructType tableStruct) {
      List<StructField> fields = new ArrayList<>();
      for (StructField f : struct.fields()) {
        StructField tableField = field(tableStruct, f.name());
        fields.add(new StructField(physicalName(tableField),
            physical(f.dataType(), tableField.dataType()), f.nullable(),
            org.apache.spark.sql.types.Metadata.empty()));
      }
      return new StructType(fields.toArray(new StructField[0]));
    }
    if (requested instanceof ArrayType array && table instanceof ArrayType tableArray) {
      return new ArrayType(physical(array.elementType(), tableArray.elementType()), array.containsNull());
    }
    if (requested instanceof MapType map && table instanceof MapType tableMap) {
      return new MapType(physical(map.keyType(), tableMap.keyType()),
          physical(map.valueType(), tableMap.valueType()), map.valueContainsNull());
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
