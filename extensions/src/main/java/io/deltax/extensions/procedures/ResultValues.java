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

import java.util.Collection;
import java.util.Map;
import org.apache.spark.sql.catalyst.util.ArrayBasedMapData;
import org.apache.spark.sql.catalyst.util.GenericArrayData;
import org.apache.spark.sql.catalyst.util.MapData;
import org.apache.spark.unsafe.types.UTF8String;

/** Java values as the values of a procedure's result rows; null stays null. */
final class ResultValues {
  private ResultValues() {}

  static UTF8String string(String value) {
    return value == null ? null : UTF8String.fromString(value);
  }

  static GenericArrayData strings(Collection<String> values) {
    return values == null
        ? null
        : new GenericArrayData(values.stream().map(ResultValues::string).toArray());
  }

  /** A {@code MAP<STRING, STRING>}, its entries in the map's order. */
  static MapData map(Map<String, String> map) {
    if (map == null) {
      return null;
    }
    Object[] keys = new Object[map.size()];
    Object[] values = new Object[map.size()];
    int i = 0;
    for (Map.Entry<String, String> e : map.entrySet()) {
      keys[i] = string(e.getKey());
      values[i] = string(e.getValue());
      i++;
    }
    return new ArrayBasedMapData(new GenericArrayData(keys), new GenericArrayData(values));
  }

  /** A {@code TIMESTAMP}: microseconds since the epoch. */
  static Long timestamp(Long millis) {
    return millis == null ? null : millis * 1000L;
  }
}
