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
package io.deltax.read.pushdown;

import org.apache.spark.sql.types.ByteType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DateType;
import org.apache.spark.sql.types.IntegerType;
import org.apache.spark.sql.types.ShortType;

/** A whole number or date from the statistics as Spark's internal value of the column's type. */
final class SparkValues {
  private SparkValues() {}

  /** {@code value}: the number, or a date's days since the epoch. */
  static Object fromLong(DataType type, long value) {
    if (type instanceof ByteType) {
      return (byte) value;
    }
    if (type instanceof ShortType) {
      return (short) value;
    }
    if (type instanceof IntegerType || type instanceof DateType) {
      return (int) value;
    }
    return value;
  }
}
