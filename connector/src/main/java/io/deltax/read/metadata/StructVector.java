package io.deltax.read.metadata;

import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.vectorized.ColumnVector;

/**
 * A non-null struct column made of other columns, without copying them: the {@code _metadata}
 * struct whose fields are constant vectors, the row index vector and computed vectors.
 */
final class StructVector extends ComputedVector {
  private final ColumnVector[] children;

  StructVector(StructType type, ColumnVector[] children) {
    super(type);
    this.children = children;
  }

  @Override
  public ColumnVector getChild(int ordinal) {
    return children[ordinal];
  }

  /** The children belong to the batch they came from, or to the assembler that reuses them. */
  @Override
  public void close() {
  }
}
