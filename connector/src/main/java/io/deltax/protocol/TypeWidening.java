package io.deltax.protocol;

import org.apache.spark.sql.types.ByteType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DateType;
import org.apache.spark.sql.types.DecimalType;
import org.apache.spark.sql.types.DoubleType;
import org.apache.spark.sql.types.FloatType;
import org.apache.spark.sql.types.IntegerType;
import org.apache.spark.sql.types.LongType;
import org.apache.spark.sql.types.Metadata;
import org.apache.spark.sql.types.ShortType;
import org.apache.spark.sql.types.StructField;
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
   * Whether {@code field} itself (not a map key, a map value or an array element in it, which
   * carry a {@code fieldPath}) was of type {@code fromType} (as the log names types:
   * {@code float}) before a recorded type change.
   */
  public static boolean changedFrom(StructField field, String fromType) {
    Metadata metadata = field.metadata();
    if (!metadata.contains(TYPE_CHANGES)) {
      return false;
    }
    try {
      for (Metadata change : metadata.getMetadataArray(TYPE_CHANGES)) {
        if (!change.contains("fieldPath") && change.contains("fromType")
            && fromType.equals(change.getString("fromType"))) {
          return true;
        }
      }
    } catch (ClassCastException e) {
      // An empty list reads as another kind of array: no change recorded.
    }
    return false;
  }

  public static boolean widens(DataType from, DataType to) {
    if (from instanceof ByteType) {
      return to instanceof ShortType || to instanceof IntegerType || to instanceof LongType
          || to instanceof DoubleType || decimalHolds(to, 3);
    }
    if (from instanceof ShortType) {
      return to instanceof IntegerType || to instanceof LongType || to instanceof DoubleType
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
