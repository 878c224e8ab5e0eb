package io.deltax.read.metadata;

import org.apache.spark.sql.types.DataTypes;

/** A non-null long column filled by deltax (row IDs, row commit versions); reused across batches. */
final class LongVector extends ComputedVector {
  private long[] values = new long[0];

  LongVector() {
    super(DataTypes.LongType);
  }

  /** The array to fill for a batch of {@code numRows}, grown when needed. */
  long[] values(int numRows) {
    if (values.length < numRows) {
      values = new long[Math.max(numRows, values.length * 2)];
    }
    return values;
  }

  @Override
  public long getLong(int rowId) {
    return values[rowId];
  }

  @Override
  public void close() {
    values = new long[0];
  }
}
