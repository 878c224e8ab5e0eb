package io.deltax.extensions.procedures;

import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.read.LocalScan;
import org.apache.spark.sql.types.StructType;

/** The rows a procedure returns, as the one-scan result Spark's CALL expects. */
record ProcedureResult(StructType readSchema, InternalRow[] rows) implements LocalScan {
  @Override
  public String description() {
    return "deltax procedure result";
  }
}
