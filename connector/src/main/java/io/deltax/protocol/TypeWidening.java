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
package io.deltax.protocol;

import io.deltax.errors.DeltaXErrors;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.ByteType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DateType;
import org.apache.spark.sql.types.DecimalType;
import org.apache.spark.sql.types.DoubleType;
import org.apache.spark.sql.types.FloatType;
import org.apache.spark.sql.types.IntegerType;
import org.apache.spark.sql.types.LongType;
import org.apache.spark.sql.types.MapType;
import org.apache.spark.sql.types.Metadata;
import org.apache.spark.sql.types.ShortType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.types.TimestampNTZType;

/**
 * The type changes of PROTOCOL.md "Type Widening" ({@code delta.enableTypeWidening}): every value
 * of the old type reads unchanged as the new one, so a restarted stream may go on across them.
 */
public final class TypeWidening {
  /** The field metadata key of PROTOCOL.md "Type Change Metadata". */
  private static final String TYPE_CHANGES = "delta.typeChanges";

  private TypeWidening() {}

  /**
   * Whether {@code field} itself (not a map key, a map value or an array element in it, which carry
   * a {@code fieldPath}) was of type {@code fromType} (as the log names types: {@code float})
   * before a recorded type change.
   */
  public static boolean changedFrom(StructField field, String fromType) {
    Metadata metadata = field.metadata();
    if (!metadata.contains(TYPE_CHANGES)) {
      return false;
    }
    try {
      for (Metadata change : metadata.getMetadataArray(TYPE_CHANGES)) {
        if (!change.contains("fieldPath")
            && change.contains("fromType")
            && fromType.equals(change.getString("fromType"))) {
          return true;
        }
      }
    } catch (ClassCastException e) {
      // An empty list reads as another kind of array: no change recorded.
    }
    return false;
  }

  /**
   * Refuses a table version whose schema records a type change deltax cannot read older files
   * across (PROTOCOL.md, "Reader Requirements for Type Widening": readers "must validate that they
   * support all type changes in the {@code delta.typeChanges} field ... and fail when finding any
   * unsupported type change"), as delta-spark's {@code TypeWidening.assertTableReadable} does.
   */
  public static void checkTypeChanges(
      String table, long version, io.deltax.actions.Metadata metadata) {
    if (metadata.schemaString() == null || !metadata.schemaString().contains(TYPE_CHANGES)) {
      return;
    }
    checkTypeChanges(table, version, "", metadata.schema());
  }

  private static void checkTypeChanges(String table, long version, String prefix, DataType type) {
    if (type instanceof StructType struct) {
      for (StructField field : struct.fields()) {
        String column = prefix + field.name();
        if (field.metadata().contains(TYPE_CHANGES)) {
          for (Metadata change : changes(field.metadata())) {
            String from = change.contains("fromType") ? change.getString("fromType") : null;
            String to = change.contains("toType") ? change.getString("toType") : null;
            if (!readable(from, to)) {
              throw DeltaXErrors.unsupportedTypeChange(
                  table,
                  version,
                  column
                      + (change.contains("fieldPath") ? "." + change.getString("fieldPath") : ""),
                  from,
                  to);
            }
          }
        }
        checkTypeChanges(table, version, column + ".", field.dataType());
      }
    } else if (type instanceof ArrayType array) {
      checkTypeChanges(table, version, prefix + "element.", array.elementType());
    } else if (type instanceof MapType map) {
      checkTypeChanges(table, version, prefix + "key.", map.keyType());
      checkTypeChanges(table, version, prefix + "value.", map.valueType());
    }
  }

  private static Metadata[] changes(Metadata metadata) {
    try {
      return metadata.getMetadataArray(TYPE_CHANGES);
    } catch (ClassCastException e) {
      return new Metadata[0]; // an empty list reads as another kind of array: no change recorded
    }
  }

  /** Whether a recorded change, its types as the log names them, is one of PROTOCOL.md's. */
  private static boolean readable(String from, String to) {
    if (from == null || to == null) {
      return false;
    }
    try {
      return widens(DataType.fromJson("\"" + from + "\""), DataType.fromJson("\"" + to + "\""));
    } catch (RuntimeException notAType) {
      return false;
    }
  }

  public static boolean widens(DataType from, DataType to) {
    if (from instanceof ByteType) {
      return to instanceof ShortType
          || to instanceof IntegerType
          || to instanceof LongType
          || to instanceof DoubleType
          || decimalHolds(to, 3);
    }
    if (from instanceof ShortType) {
      return to instanceof IntegerType
          || to instanceof LongType
          || to instanceof DoubleType
          || decimalHolds(to, 5);
    }
    if (from instanceof IntegerType) {
      return to instanceof LongType || to instanceof DoubleType || decimalHolds(to, 10);
    }
    if (from instanceof LongType) {
      return decimalHolds(to, 20);
    }
    if (from instanceof FloatType) {
      return to instanceof DoubleType;
    }
    if (from instanceof DecimalType f && to instanceof DecimalType t) {
      return t.scale() >= f.scale() && t.precision() - t.scale() >= f.precision() - f.scale();
    }
    return from instanceof DateType && to instanceof TimestampNTZType;
  }

  /** A decimal with room for {@code digits} integer digits. */
  private static boolean decimalHolds(DataType to, int digits) {
    return to instanceof DecimalType d && d.precision() - d.scale() >= digits;
  }
}
