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

import org.apache.spark.sql.types.DataTypes;

/**
 * A non-null long column filled by deltax (row IDs, row commit versions); reused across batches.
 */
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
