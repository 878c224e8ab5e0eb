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
package io.deltax.changes.plan;

import io.deltax.actions.Metadata;
import io.deltax.columnmapping.ColumnMapping;
import io.deltax.errors.ChangeFeedErrors;
import io.deltax.protocol.TypeWidening;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.MapType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * The schemas a change feed range's rows were written under, each of which must fit the range's
 * last schema, which reads them all. As in delta-spark's batch change data feed: the schema as of
 * the start, and every schema a later commit of the range set. A schema the start commit itself
 * sets replaces the one before it (the range's rows were all written at or after it), with one
 * exception: the rows that commit removes were written before it (an overwrite with a new schema, a
 * REPLACE), so a column they share with the last schema must keep its type.
 *
 * <p>A stream's micro-batch starts where the one before it ended, not where a user chose: there the
 * schema before the start must fit whole. A stream also reads across a widened type (PROTOCOL.md
 * "Type Widening"), as delta-spark's does: whether the stream's schema has it is the stream's to
 * decide (a running query fails, a restarted one reads on). delta-spark's batch change data feed
 * refuses it, and so does a batch range here.
 */
public final class RangeSchemas {
  /** A commit's new metadata, and whether the commit also removed rows (written before it). */
  private record SchemaChange(long version, Metadata metadata, boolean removesRows) {}

  private final String table;
  private final long start;

  /** The metadata of the version before the start; null from version 0. */
  private final Metadata beforeStart;

  private final boolean startChosen;
  private final List<SchemaChange> changes = new ArrayList<>();

  /**
   * @param startChosen whether the start is the user's (a batch range), else a micro-batch's
   */
  RangeSchemas(String table, long start, Metadata beforeStart, boolean startChosen) {
    this.table = table;
    this.start = start;
    this.beforeStart = beforeStart;
    this.startChosen = startChosen;
  }

  /** A commit of the range, in order: the metadata it set (or null), whether it removed rows. */
  void commit(long version, Metadata metadata, boolean removesRows) {
    if (metadata != null) {
      changes.add(new SchemaChange(version, metadata, removesRows));
    }
  }

  /** Fails with {@code DELTAX_UNSUPPORTED_CHANGE_RANGE}, naming the commit that broke a schema. */
  void check() {
    SchemaChange atStart =
        !changes.isEmpty() && changes.get(0).version() == start ? changes.get(0) : null;
    List<SchemaChange> written = new ArrayList<>();
    if (beforeStart != null && (atStart == null || !startChosen)) {
      written.add(new SchemaChange(start - 1, beforeStart, false));
    }
    written.addAll(changes);
    if (written.isEmpty()) {
      return;
    }
    Metadata last = written.get(written.size() - 1).metadata();
    boolean widens = !startChosen;
    for (int i = 0; i < written.size() - 1; i++) {
      Metadata older = written.get(i).metadata();
      if (incompatibility(older, last, widens) == null) {
        continue;
      }
      // The first later schema the older one no longer fits is the commit that broke it.
      for (int j = i + 1; j < written.size(); j++) {
        String why = incompatibility(older, written.get(j).metadata(), widens);
        if (why != null) {
          SchemaChange broke = written.get(j);
          // A range starting at that commit still reads the rows it removed with the new types.
          boolean refusedThere =
              broke.removesRows() && typeChange(written.get(j - 1).metadata(), last) != null;
          throw ChangeFeedErrors.changeRangeSchemaChange(
              table, broke.version(), why, refusedThere ? broke.version() + 1 : broke.version());
        }
      }
    }
    if (atStart != null && startChosen && atStart.removesRows() && beforeStart != null) {
      String why = typeChange(beforeStart, last);
      if (why != null) {
        throw ChangeFeedErrors.changeRangeSchemaChange(table, start, why, start + 1);
      }
    }
  }

  /**
   * Why rows written under {@code older} cannot be read with {@code newer}'s schema, or null if
   * they can: the same partition columns, and every column still there under the same name and
   * (where column mapping is on at either side) physical name, with the same type (a struct may
   * gain fields), not made non-nullable. Added columns read as null in older rows.
   */
  static String incompatibility(Metadata older, Metadata newer) {
    return incompatibility(older, newer, false);
  }

  /**
   * As {@link #incompatibility(Metadata, Metadata)}; a stream also asks it of the schemas it reads
   * older rows with.
   *
   * @param widens whether a widened type (PROTOCOL.md "Type Widening") reads the older rows too
   */
  public static String incompatibility(Metadata older, Metadata newer, boolean widens) {
    if (!older.partitionColumns().equals(newer.partitionColumns())) {
      return "changes the partition columns from "
          + older.partitionColumns()
          + " to "
          + newer.partitionColumns();
    }
    // Without column mapping on either side, data files are read by display names, whatever
    // physical names the schemas still carry (delta-spark's hasNoColumnMappingSchemaChanges).
    boolean mapped = ColumnMapping.isActive(older) || ColumnMapping.isActive(newer);
    return incompatibility("", schema(older), schema(newer), widens, mapped);
  }

  private static String incompatibility(
      String prefix, StructType older, StructType newer, boolean widens, boolean mapped) {
    for (StructField field : older.fields()) {
      String name = prefix + field.name();
      StructField now = field(newer, field.name());
      if (now == null) {
        return "drops or renames column " + name;
      }
      if (mapped && !ColumnMapping.physicalName(now).equals(ColumnMapping.physicalName(field))) {
        return "drops or renames column " + name;
      }
      if (field.nullable() && !now.nullable()) {
        return "makes column " + name + " non-nullable";
      }
      String why = incompatibility(name, field.dataType(), now.dataType(), widens, mapped);
      if (why != null) {
        return why;
      }
    }
    return null;
  }

  private static String incompatibility(
      String name, DataType older, DataType newer, boolean widens, boolean mapped) {
    if (older instanceof StructType o && newer instanceof StructType n) {
      return incompatibility(name + ".", o, n, widens, mapped);
    }
    if (older instanceof ArrayType o && newer instanceof ArrayType n) {
      return o.containsNull() && !n.containsNull()
          ? "makes the elements of column " + name + " non-nullable"
          : incompatibility(name + ".element", o.elementType(), n.elementType(), widens, mapped);
    }
    if (older instanceof MapType o && newer instanceof MapType n) {
      String why =
          o.valueContainsNull() && !n.valueContainsNull()
              ? "makes the values of column " + name + " non-nullable"
              : incompatibility(name + ".key", o.keyType(), n.keyType(), widens, mapped);
      return why != null
          ? why
          : incompatibility(name + ".value", o.valueType(), n.valueType(), widens, mapped);
    }
    return DataType.equalsIgnoreNullability(older, newer)
            || (widens && TypeWidening.widens(older, newer))
        ? null
        : "changes column "
            + name
            + " from "
            + older.simpleString()
            + " to "
            + newer.simpleString();
  }

  /**
   * A column (at the top) both schemas have by name whose type changed, as text, or null: what
   * Parquet's reader cannot read rows of the older schema as, where a column was not renamed.
   */
  private static String typeChange(Metadata older, Metadata newer) {
    StructType newSchema = ColumnMapping.logicalSchema(schema(newer));
    for (StructField field : ColumnMapping.logicalSchema(schema(older)).fields()) {
      StructField now = field(newSchema, field.name());
      if (now != null && !DataType.equalsIgnoreNullability(field.dataType(), now.dataType())) {
        return "changes column "
            + field.name()
            + " from "
            + field.dataType().simpleString()
            + " to "
            + now.dataType().simpleString();
      }
    }
    return null;
  }

  private static StructType schema(Metadata metadata) {
    return metadata.schema();
  }

  private static StructField field(StructType schema, String name) {
    for (StructField f : schema.fields()) {
      if (f.name().equalsIgnoreCase(name)) {
        return f;
      }
    }
    return null;
  }
}
