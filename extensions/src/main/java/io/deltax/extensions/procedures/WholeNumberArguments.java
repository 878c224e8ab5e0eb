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
package io.deltax.extensions.procedures;

import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.Decimal;
import org.apache.spark.sql.types.DecimalType;
import org.apache.spark.sql.types.NumericType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * Whole-number procedure arguments, as given. Spark casts an argument to its parameter's type, and
 * a cast to {@code INT} truncates {@code 2.5} to 2 and fails or wraps on a number past {@code
 * Integer.MAX_VALUE}; so a numeric argument is bound with its own type and reaches the procedure
 * unchanged, to be refused with its value ({@code WholeNumberRange}). Other arguments (strings,
 * NULL) are cast to {@code INT} as Spark does.
 */
final class WholeNumberArguments {
  /** The metadata key Spark's {@code BindProcedures} marks named arguments with. */
  private static final String BY_NAME = "BY_NAME";

  private WholeNumberArguments() {}

  /**
   * The type of the argument given for parameter {@code name} at {@code position}, where it is
   * numeric; else {@code INT}. {@code inputType} has one field per argument as written: the
   * positional ones first, in order, then the named ones under their names.
   */
  static DataType typeAsGiven(StructType inputType, int position, String name) {
    StructField given = given(inputType, position, name);
    return given != null && given.dataType() instanceof NumericType
        ? given.dataType()
        : DataTypes.IntegerType;
  }

  /**
   * Whether the call gave an argument for the parameter: then a NULL it arrives as is a NULL
   * written, or a value Spark could not cast (with ANSI mode off), never "the default".
   */
  static boolean isGiven(StructType inputType, int position, String name) {
    return given(inputType, position, name) != null;
  }

  private static StructField given(StructType inputType, int position, String name) {
    StructField[] fields = inputType.fields();
    for (int i = 0; i < fields.length; i++) {
      StructField f = fields[i];
      boolean byName = f.metadata().contains(BY_NAME);
      if (byName ? f.name().equalsIgnoreCase(name) : i == position) {
        return f;
      }
    }
    return null;
  }

  /** Argument {@code i}, of {@code type}, as a Java number; null where not given. */
  static Number value(InternalRow input, int i, DataType type) {
    if (input.isNullAt(i)) {
      return null;
    }
    Object value = input.get(i, type);
    if (type instanceof DecimalType) {
      return ((Decimal) value).toJavaBigDecimal();
    }
    return (Number) value;
  }
}
