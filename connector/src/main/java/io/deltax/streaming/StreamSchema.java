package io.deltax.streaming;

import io.deltax.columnmapping.ColumnMapping;
import io.deltax.errors.DeltaXErrors;
import io.deltax.log.Snapshot;
import io.deltax.protocol.TypeWidening;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * The schema a stream reads with: the table's logical schema when the query started (at
 * {@code snapshot}), and which schemas of other versions its rows can be read with. A version up
 * to the query's start was written before the query chose its schema (a restarted query's
 * batches of commits made while it was stopped): a schema the stream's only added columns to
 * (they read as null) or widened a type of (PROTOCOL.md "Type Widening") is read with the
 * stream's, as delta-spark reads it after a restart. After the start, any change of names or
 * types fails the running query, which a restart then reads with the new schema.
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
   * Whether rows of {@code version}, whose logical schema is {@code logical}, are read with the
   * stream's schema rather than their own; fails where they cannot be read at all.
   */
  boolean readsWithStreamSchema(StructType logical, long version) {
    // Names and types, not nullability or comments: those do not change what a row reads as.
    if (DataType.equalsIgnoreNullability(schema, logical)) {
      return false;
    }
    if (version <= snapshot.version() && readsAs(logical)) {
      return true;
    }
    throw DeltaXErrors.streamSchemaChanged(table, version, schema.toDDL(), logical.toDDL());
  }

  /**
   * On resume: the rows at the offset were written with {@code older}, which the stream's schema
   * must read (as {@link #readsWithStreamSchema} asks of a version before the query's start).
   */
  void checkResumable(StructType older, long version) {
    if (!DataType.equalsIgnoreNullability(schema, older) && !readsAs(older)) {
      throw DeltaXErrors.streamSchemaChanged(table, version, older.toDDL(), schema.toDDL());
    }
  }

  /** Every column of {@code older} is one of the stream's, of the same or a wider type. */
  private boolean readsAs(StructType older) {
    for (StructField field : older.fields()) {
      int i = schema.getFieldIndex(field.name()).isDefined() ? schema.fieldIndex(field.name()) : -1;
      if (i < 0 || !(DataType.equalsIgnoreNullability(field.dataType(), schema.fields()[i].dataType())
          || TypeWidening.widens(field.dataType(), schema.fields()[i].dataType()))) {
        return false;
      }
    }
    return true;
  }
}
