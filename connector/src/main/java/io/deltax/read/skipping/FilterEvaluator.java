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

import java.util.function.Predicate;
import org.apache.spark.sql.sources.AlwaysFalse;
import org.apache.spark.sql.sources.AlwaysTrue;
import org.apache.spark.sql.sources.And;
import org.apache.spark.sql.sources.EqualNullSafe;
import org.apache.spark.sql.sources.EqualTo;
import org.apache.spark.sql.sources.Filter;
import org.apache.spark.sql.sources.GreaterThan;
import org.apache.spark.sql.sources.GreaterThanOrEqual;
import org.apache.spark.sql.sources.In;
import org.apache.spark.sql.sources.IsNotNull;
import org.apache.spark.sql.sources.IsNull;
import org.apache.spark.sql.sources.LessThan;
import org.apache.spark.sql.sources.LessThanOrEqual;
import org.apache.spark.sql.sources.Not;
import org.apache.spark.sql.sources.Or;
import org.apache.spark.sql.sources.StringStartsWith;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * Whether a pushed filter can hold for some row of a file, given the file's bounds ({@link
 * FileBounds.View}). The answer is "might match" unless the bounds rule every row out, so an
 * unknown bound never drops a file. On bounds that are one exact value per file (partition values)
 * the answer is exact for the filters {@link #isExact} accepts.
 */
final class FilterEvaluator {
  private FilterEvaluator() {}

  @SuppressWarnings({"rawtypes", "unchecked"})
  static boolean mightMatch(Filter filter, FileBounds.View file) {
    if (filter instanceof And and) {
      return mightMatch(and.left(), file) && mightMatch(and.right(), file);
    }
    if (filter instanceof Or or) {
      return mightMatch(or.left(), file) || mightMatch(or.right(), file);
    }
    if (filter instanceof AlwaysFalse) {
      return false;
    }
    if (filter instanceof IsNull isNull) {
      return !Boolean.FALSE.equals(file.bounds(isNull.attribute()).hasNull());
    }
    if (filter instanceof IsNotNull isNotNull) {
      return !Boolean.TRUE.equals(file.bounds(isNotNull.attribute()).allNull());
    }
    if (filter instanceof Not not) {
      return mightMatchNot(not.child(), file);
    }
    if (filter instanceof EqualNullSafe eq && eq.value() == null) {
      return !Boolean.FALSE.equals(file.bounds(eq.attribute()).hasNull());
    }
    String column = comparedColumn(filter);
    if (column == null) {
      return true;
    }
    DataType type = file.typeOf(column);
    if (type == null) {
      return true;
    }
    ColumnBounds b = file.bounds(column);
    if (Boolean.TRUE.equals(b.allNull())) {
      return false; // a comparison with null is never true
    }
    Comparable min = b.min();
    Comparable max = b.max();
    if (filter instanceof In in) {
      for (Object v : in.values()) {
        if (v != null && within(SkippingValues.normalize(type, v), min, max)) {
          return true;
        }
      }
      return false;
    }
    if (filter instanceof StringStartsWith starts) {
      if (min == null || max == null) {
        return true;
      }
      UTF8String prefix = UTF8String.fromString(starts.value());
      UTF8String minPrefix = ((UTF8String) min).substring(0, prefix.numChars());
      return max.compareTo(prefix) >= 0 && minPrefix.compareTo(prefix) <= 0;
    }
    Object literal = literalOf(filter);
    if (literal == null) {
      return false; // comparisons with a null literal are never true
    }
    Comparable v = SkippingValues.normalize(type, literal);
    if (v == null) {
      return true;
    }
    if (filter instanceof EqualTo || filter instanceof EqualNullSafe) {
      return within(v, min, max);
    }
    if (filter instanceof LessThan) {
      return min == null || min.compareTo(v) < 0;
    }
    if (filter instanceof LessThanOrEqual) {
      return min == null || min.compareTo(v) <= 0;
    }
    if (filter instanceof GreaterThan) {
      return max == null || max.compareTo(v) > 0;
    }
    if (filter instanceof GreaterThanOrEqual) {
      return max == null || max.compareTo(v) >= 0;
    }
    return true;
  }

  /** {@code NOT child} can only be ruled out where every value equals the excluded ones. */
  @SuppressWarnings({"rawtypes", "unchecked"})
  private static boolean mightMatchNot(Filter child, FileBounds.View file) {
    if (child instanceof IsNull isNull) {
      return mightMatch(new IsNotNull(isNull.attribute()), file);
    }
    if (child instanceof IsNotNull isNotNull) {
      return mightMatch(new IsNull(isNotNull.attribute()), file);
    }
    if (child instanceof EqualTo eq && eq.value() != null) {
      DataType type = file.typeOf(eq.attribute());
      ColumnBounds b = file.bounds(eq.attribute());
      if (type == null || Boolean.TRUE.equals(b.allNull())) {
        return type == null;
      }
      Comparable v = SkippingValues.normalize(type, eq.value());
      return v == null
          || b.min() == null
          || b.max() == null
          || b.min().compareTo(v) != 0
          || b.max().compareTo(v) != 0;
    }
    return true;
  }

  /**
   * Whether {@link #mightMatch} is true exactly for the files whose rows all satisfy {@code
   * filter}, when every column it names has one exact value per file ({@code exactColumn}): then no
   * row needs the filter again. Each leaf below is true on such bounds only where SQL says TRUE
   * (false for both FALSE and NULL), so {@code AND} and {@code OR} of them are exact too; {@code
   * NOT} only of the leaves {@link #mightMatchNot} answers in full.
   */
  static boolean isExact(Filter filter, Predicate<String> exactColumn) {
    if (filter instanceof And and) {
      return isExact(and.left(), exactColumn) && isExact(and.right(), exactColumn);
    }
    if (filter instanceof Or or) {
      return isExact(or.left(), exactColumn) && isExact(or.right(), exactColumn);
    }
    if (filter instanceof Not not) {
      Filter child = not.child();
      return (child instanceof IsNull
              || child instanceof IsNotNull
              || child instanceof EqualTo eq && eq.value() != null)
          && isExact(child, exactColumn);
    }
    if (filter instanceof AlwaysTrue || filter instanceof AlwaysFalse) {
      return true;
    }
    if (filter instanceof IsNull isNull) {
      return exactColumn.test(isNull.attribute());
    }
    if (filter instanceof IsNotNull isNotNull) {
      return exactColumn.test(isNotNull.attribute());
    }
    String column = comparedColumn(filter);
    return column != null && exactColumn.test(column);
  }

  @SuppressWarnings({"rawtypes", "unchecked"})
  private static boolean within(Comparable v, Comparable min, Comparable max) {
    if (v == null) {
      return true;
    }
    return (min == null || min.compareTo(v) <= 0) && (max == null || max.compareTo(v) >= 0);
  }

  private static String comparedColumn(Filter f) {
    if (f instanceof EqualTo x) return x.attribute();
    if (f instanceof EqualNullSafe x) return x.attribute();
    if (f instanceof LessThan x) return x.attribute();
    if (f instanceof LessThanOrEqual x) return x.attribute();
    if (f instanceof GreaterThan x) return x.attribute();
    if (f instanceof GreaterThanOrEqual x) return x.attribute();
    if (f instanceof In x) return x.attribute();
    if (f instanceof StringStartsWith x) return x.attribute();
    return null;
  }

  private static Object literalOf(Filter f) {
    if (f instanceof EqualTo x) return x.value();
    if (f instanceof EqualNullSafe x) return x.value();
    if (f instanceof LessThan x) return x.value();
    if (f instanceof LessThanOrEqual x) return x.value();
    if (f instanceof GreaterThan x) return x.value();
    if (f instanceof GreaterThanOrEqual x) return x.value();
    return null;
  }
}
