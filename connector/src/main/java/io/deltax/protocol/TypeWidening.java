package io.deltax.protocol;

import org.apache.spark.sql.types.ByteType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DateType;
import org.apache.spark.sql.types.DecimalType;
import org.apache.spark.sql.types.DoubleType;
import org.apache.spark.sql.types.FloatType;
import org.apache.spark.sql.types.IntegerType;
import org.apache.spark.sql.types.LongType;
import org.apache.spark.sql.types.ShortType;
import org.apache.spark.sql.types.TimestampNTZType;

/**
 * The type changes of PROTOCOL.md "Type Widening" ({@code delta.enableTypeWidening}): every value
 * of the old type reads unchanged as the new one, so a restarted stream may go on across them.
 */
public final class TypeWidening {
  private TypeWidening() {}

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
