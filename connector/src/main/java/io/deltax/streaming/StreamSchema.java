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
package io.deltax.streaming;

import io.deltax.actions.Metadata;
import io.deltax.changes.plan.RangeSchemas;
import io.deltax.columnmapping.ColumnMapping;
import io.deltax.errors.StreamErrors;
import io.deltax.log.Snapshot;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.StructType;

/**
 * The schema a stream reads with: the table's logical schema when the query started (at {@code
 * snapshot}), and which schemas of other versions its rows can be read with. A version up to the
 * query's start was written before the query chose its schema (a restarted query's batches of
 * commits made while it was stopped): a schema the stream's only added columns or fields to (they
 * read as null) or widened a type of (PROTOCOL.md "Type Widening"), with the same partition columns
 * and physical names, is read with the stream's, as delta-spark reads it after a restart. After the
 * start, any change of names or types fails the running query, which a restart then reads with the
 * new schema. At any version, a schema whose rows the stream's cannot read fails: other physical
 * names under the same names (a column dropped and added again, column mapping removed), or a
 * column the stream holds NOT NULL that the version lets be null.
 */
final class StreamSchema {
  private final String table;
  private final Snapshot snapshot;
  private final StructType schema;

  StreamSchema(String table, Snapshot snapshot) {
    this.table = table;
    this.snapshot = snapshot;
    this.schema = ColumnMapping.logicalSchema(snapshot.schema());
  }

  /** The snapshot the query started with, whose schema older rows are read with. */
  Snapshot snapshot() {
    return snapshot;
  }

  /**
   * Whether rows of {@code version}, whose metadata is {@code metadata}, are read with the stream's
   * schema rather than their own; fails where they cannot be read at all.
   */
  boolean readsWithStreamSchema(Metadata metadata, long version) {
    StructType logical = logical(metadata);
    String why = unreadable(metadata);
    // Names and types, not comments: those do not change what a row reads as. The same logical
    // schema may still not read the rows: a column dropped and added again, or column mapping
    // removed, gives its data files other physical names; a column no longer NOT NULL may now
    // hold nulls the stream's schema says cannot be there. delta-spark fails on both.
    if (why == null && DataType.equalsIgnoreNullability(schema, logical)) {
      return false;
    }
    if (why == null && version <= snapshot.version()) {
      return true;
    }
    throw why == null
        ? StreamErrors.streamSchemaChanged(table, version, schema.toDDL(), logical.toDDL())
        : StreamErrors.streamCannotReadVersion(
            table, version, logical.toDDL(), schema.toDDL(), why);
  }

  /**
   * On resume, or at a new query's start: the rows at the offset were written under {@code older},
   * which the stream's schema must read (as {@link #readsWithStreamSchema} asks of a version before
   * the query's start).
   */
  void checkResumable(Metadata older, long version, boolean newQuery) {
    String why = unreadable(older);
    if (why != null) {
      throw StreamErrors.streamCannotResume(
          table, version, newQuery, logical(older).toDDL(), schema.toDDL(), why);
    }
  }

  /**
   * Why rows written under {@code older} do not read with the stream's schema as a change feed
   * range reads them ({@link RangeSchemas#incompatibility}), or null: the same partition columns,
   * every column still there under the same physical name, of the same or a wider type, not made
   * non-nullable, nested fields too; added columns and fields read as null.
   */
  private String unreadable(Metadata older) {
    return RangeSchemas.incompatibility(older, snapshot.metadata(), true);
  }

  private static StructType logical(Metadata metadata) {
    return ColumnMapping.logicalSchema(metadata.schema());
  }
}
