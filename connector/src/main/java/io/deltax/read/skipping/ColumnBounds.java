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

/**
 * What one file says about one column: bounds on its values and whether it holds nulls. Any part
 * may be unknown (null), and an unknown part never lets a file be skipped.
 *
 * @param min a lower bound of the non-null values, or null
 * @param max an upper bound of the non-null values, or null
 * @param allNull whether every value is null, or null if unknown
 * @param hasNull whether some value is null, or null if unknown
 */
@SuppressWarnings("rawtypes")
record ColumnBounds(Comparable min, Comparable max, Boolean allNull, Boolean hasNull) {
  static final ColumnBounds UNKNOWN = new ColumnBounds(null, null, null, null);

  /** A partition column: one exact value for the whole file. */
  static ColumnBounds exact(Comparable value, boolean isNull) {
    return new ColumnBounds(value, value, isNull, isNull);
  }
}
