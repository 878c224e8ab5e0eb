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

import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import scala.jdk.javaapi.CollectionConverters;

/**
 * A procedure whose answer a command prints, and how: one row as a line per column, or a row per
 * item as a table.
 *
 * @param procedure the procedure's name, as {@code CALL} takes it
 * @param rows what the rows stand for ("features"); null where the answer is one row
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
    return String.valueOf(
        value instanceof scala.collection.Seq<?> seq ? CollectionConverters.asJava(seq) : value);
  }
}
