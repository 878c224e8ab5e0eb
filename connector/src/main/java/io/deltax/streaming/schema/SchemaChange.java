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
package io.deltax.streaming.schema;

import io.deltax.columnmapping.ColumnMapping;
import io.deltax.protocol.TypeWidening;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.MapType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * What one schema change did to the columns, found as delta-spark finds it ({@code
 * DeltaSourceMetadataEvolutionSupport.determineNonAdditiveSchemaChangeType}): every column and
 * nested field is known by its path of physical names (column mapping), so a column whose physical
 * name is gone was dropped, one whose last name changed was renamed, and one whose type changed was
 * widened (PROTOCOL.md "Type Widening") or changed in a way no reader follows ({@link
 * #incompatible}). Added columns are additive: none of these.
 *
 * @param renamed {@code 'old' -> 'new'}, per renamed column
 * @param dropped {@code 'name'}, per dropped column
 * @param widened {@code 'name': OLD -> NEW}, per widened column
 * @param incompatible a type change that is not a widening, or a column made NOT NULL; or null
 */
public record SchemaChange(
    List<String> renamed, List<String> dropped, List<String> widened, String incompatible) {

  static final String SQL_CONF_PREFIX = "spark.databricks.delta.streaming.";
  static final String RENAME_AND_DROP = SQL_CONF_PREFIX + "allowSourceColumnRenameAndDrop";
  static final String RENAME = SQL_CONF_PREFIX + "allowSourceColumnRename";
  static final String DROP = SQL_CONF_PREFIX + "allowSourceColumnDrop";
  static final String TYPE_CHANGE = SQL_CONF_PREFIX + "allowSourceColumnTypeChange";

  /** A column or nested field: its logical path, type and nullability. */
  private record Column(List<String> logical, DataType type, boolean nullable) {}

  /** From {@code previous} to {@code current}, both with their column mapping metadata. */
  public static SchemaChange between(StructType previous, StructType current) {
    Map<List<String>, Column> before = explode(previous);
    Map<List<String>, Column> after = explode(current);
    List<String> renamed = new ArrayList<>();
    List<String> dropped = new ArrayList<>();
    List<String> widened = new ArrayList<>();
    String incompatible = null;
    for (Map.Entry<List<String>, Column> e : before.entrySet()) {
      Column old = e.getValue();
      Column now = after.get(e.getKey());
      if (now == null) {
        dropped.add(quote(old.logical()));
        continue;
      }
      List<String> o = old.logical();
      List<String> n = now.logical();
      if (!o.get(o.size() - 1).equals(n.get(n.size() - 1))) {
        renamed.add(quote(o) + " -> " + quote(n));
      }
      if (old.nullable() && !now.nullable() && incompatible == null) {
        incompatible = quote(n) + " is no longer nullable";
      }
      if (complex(old.type()) || complex(now.type())) {
        if (old.type().getClass() != now.type().getClass() && incompatible == null) {
          incompatible = quote(n) + ": " + old.type().sql() + " -> " + now.type().sql();
        }
      } else if (!old.type().equals(now.type())) {
        String change = quote(n) + ": " + old.type().sql() + " -> " + now.type().sql();
        if (TypeWidening.widens(old.type(), now.type())) {
          widened.add(change);
        } else if (incompatible == null) {
          incompatible = change;
        }
      }
    }
    return new SchemaChange(
        List.copyOf(renamed), List.copyOf(dropped), List.copyOf(widened), incompatible);
  }

  private static boolean complex(DataType type) {
    return type instanceof StructType || type instanceof ArrayType || type instanceof MapType;
  }

  private static String quote(List<String> path) {
    return "'" + String.join(".", path) + "'";
  }

  /** Every column and nested field by its path of physical names. */
  private static Map<List<String>, Column> explode(StructType schema) {
    Map<List<String>, Column> out = new LinkedHashMap<>();
    explode(schema, List.of(), List.of(), out);
    return out;
  }

  private static void explode(
      DataType type, List<String> logical, List<String> physical, Map<List<String>, Column> out) {
    if (type instanceof StructType struct) {
      for (StructField f : struct.fields()) {
        List<String> l = append(logical, f.name());
        List<String> p = append(physical, ColumnMapping.physicalName(f));
        out.put(p, new Column(l, f.dataType(), f.nullable()));
        explode(f.dataType(), l, p, out);
      }
    } else if (type instanceof ArrayType array) {
      List<String> l = append(logical, "element");
      List<String> p = append(physical, "element");
      out.put(p, new Column(l, array.elementType(), array.containsNull()));
      explode(array.elementType(), l, p, out);
    } else if (type instanceof MapType map) {
      out.put(append(physical, "key"), new Column(append(logical, "key"), map.keyType(), false));
      explode(map.keyType(), append(logical, "key"), append(physical, "key"), out);
      List<String> l = append(logical, "value");
      List<String> p = append(physical, "value");
      out.put(p, new Column(l, map.valueType(), map.valueContainsNull()));
      explode(map.valueType(), l, p, out);
    }
  }

  private static List<String> append(List<String> path, String name) {
    List<String> out = new ArrayList<>(path);
    out.add(name);
    return List.copyOf(out);
  }

  public boolean isRename() {
    return !renamed.isEmpty();
  }

  public boolean isDrop() {
    return !dropped.isEmpty();
  }

  public boolean isTypeWidening() {
    return !widened.isEmpty();
  }

  /** Whether a stream must be unblocked to read on past it. */
  public boolean nonAdditive() {
    return isRename() || isDrop() || isTypeWidening();
  }

  /** What changed, as delta-spark names it ({@code RENAME COLUMN}, {@code DROP COLUMN}, …). */
  public String name() {
    List<String> parts = new ArrayList<>();
    if (isRename()) {
      parts.add("RENAME");
    }
    if (isDrop()) {
      parts.add("DROP");
    }
    if (isTypeWidening()) {
      parts.add("TYPE WIDENING");
    }
    if (parts.size() == 1) {
      return isTypeWidening() ? "TYPE WIDENING" : parts.get(0) + " COLUMN";
    }
    if (!isTypeWidening()) {
      return "RENAME AND DROP COLUMN";
    }
    return parts.size() == 3
        ? "RENAME, DROP AND TYPE WIDENING"
        : parts.get(0) + " AND TYPE WIDENING";
  }

  /** The SQL confs that unblock it, as delta-spark's message names them. */
  public List<String> sqlConfs() {
    List<String> confs = new ArrayList<>();
    if (isRename() && isDrop()) {
      confs.add(RENAME_AND_DROP);
    } else if (isRename()) {
      confs.add(RENAME);
    } else if (isDrop()) {
      confs.add(DROP);
    }
    if (isTypeWidening()) {
      confs.add(TYPE_CHANGE);
    }
    return confs;
  }

  /** The reader options that unblock it. */
  public List<String> readerOptions() {
    List<String> options = new ArrayList<>();
    if (isRename()) {
      options.add("allowSourceColumnRename");
    }
    if (isDrop()) {
      options.add("allowSourceColumnDrop");
    }
    if (isTypeWidening()) {
      options.add("allowSourceColumnTypeChange");
    }
    return options;
  }

  /** The columns, as the error lists them. */
  public String columns() {
    List<String> parts = new ArrayList<>();
    if (isRename()) {
      parts.add("renamed " + String.join(", ", renamed));
    }
    if (isDrop()) {
      parts.add("dropped " + String.join(", ", dropped));
    }
    if (isTypeWidening()) {
      parts.add("widened " + String.join(", ", widened));
    }
    return String.join("; ", parts);
  }
}
