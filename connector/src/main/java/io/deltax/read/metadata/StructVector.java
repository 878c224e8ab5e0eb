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
  public void close() {}
}
