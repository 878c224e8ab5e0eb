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
package io.deltax.cli;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.MapType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import scala.jdk.javaapi.CollectionConverters;

/**
 * A procedure whose answer a command prints, and how: as text, or with {@code --json} as one JSON
 * object whose keys are the procedure's columns. A procedure that answers one row prints that row
 * as the object; one that answers a row per item prints {@code {"<rows>": [ … ]}}, an object per
 * row. Timestamps are ISO-8601 instants in UTC; a null column is {@code null}.
 *
 * @param procedure the procedure's name, as {@code CALL} takes it
 * @param rows the key of the rows' array in the JSON object; null where the answer is one row
 */
record Answer(String procedure, String rows) {
  static Answer oneRow(String procedure) {
    return new Answer(procedure, null);
  }

  static Answer rows(String procedure, String rows) {
    return new Answer(procedure, rows);
  }

  boolean isOneRow() {
    return rows == null;
  }

  /**
   * The answer as text: one row as a line per column, its name then its value; many rows as a
   * table, a line per row under a line of column names.
   */
  String text(StructType schema, List<Row> answer) {
    StructField[] fields = schema.fields();
    StringBuilder text = new StringBuilder();
    if (isOneRow()) {
      for (Row row : answer) {
        for (int i = 0; i < fields.length; i++) {
          text.append(String.format("%-40s %s%n", fields[i].name(), shown(row.get(i))));
        }
      }
      return text.toString();
    }
    int[] widths = new int[fields.length];
    for (int i = 0; i < fields.length; i++) {
      widths[i] = fields[i].name().length();
      for (Row row : answer) {
        widths[i] = Math.max(widths[i], shown(row.get(i)).length());
      }
    }
    List<String> cells = new ArrayList<>();
    for (int i = 0; i < fields.length; i++) {
      cells.add(fields[i].name());
    }
    line(text, widths, cells);
    for (Row row : answer) {
      cells.clear();
      for (int i = 0; i < fields.length; i++) {
        cells.add(shown(row.get(i)));
      }
      line(text, widths, cells);
    }
    return text.toString();
  }

  private static void line(StringBuilder text, int[] widths, List<String> cells) {
    StringBuilder line = new StringBuilder();
    for (int i = 0; i < cells.size(); i++) {
      line.append(String.format("%-" + widths[i] + "s  ", cells.get(i)));
    }
    text.append(line.toString().stripTrailing()).append(System.lineSeparator());
  }

  private static String shown(Object value) {
    if (value instanceof scala.collection.Seq<?> seq) {
      return String.valueOf(CollectionConverters.asJava(seq));
    }
    if (value instanceof scala.collection.Map<?, ?> map) {
      return String.valueOf(CollectionConverters.asJava(map));
    }
    return String.valueOf(value);
  }

  /** The answer as one JSON object. */
  String json(StructType schema, List<Row> answer) {
    if (isOneRow()) {
      if (answer.size() != 1) {
        throw new IllegalStateException(procedure + " answered " + answer.size() + " rows, not 1");
      }
      return Json.write(object(schema, answer.get(0)));
    }
    List<Object> objects = new ArrayList<>();
    for (Row row : answer) {
      objects.add(object(schema, row));
    }
    return Json.write(Map.of(rows, objects));
  }

  private static Map<String, Object> object(StructType schema, Row row) {
    Map<String, Object> object = new LinkedHashMap<>();
    StructField[] fields = schema.fields();
    for (int i = 0; i < fields.length; i++) {
      object.put(fields[i].name(), value(fields[i].dataType(), row.get(i)));
    }
    return object;
  }

  private static Object value(DataType type, Object value) {
    if (value == null) {
      return null;
    }
    if (type instanceof StructType struct) {
      return object(struct, (Row) value);
    }
    if (type instanceof ArrayType array) {
      List<Object> values = new ArrayList<>();
      for (Object element : CollectionConverters.asJava((scala.collection.Seq<?>) value)) {
        values.add(value(array.elementType(), element));
      }
      return values;
    }
    if (type instanceof MapType map) {
      Map<String, Object> entries = new LinkedHashMap<>();
      CollectionConverters.asJava((scala.collection.Map<?, ?>) value)
          .forEach((k, v) -> entries.put(String.valueOf(k), value(map.valueType(), v)));
      return entries;
    }
    if (value instanceof Timestamp timestamp) {
      return timestamp.toInstant().toString();
    }
    if (value instanceof Instant instant) {
      return instant.toString();
    }
    return value;
  }
}
