package io.deltax.extensions.procedures;

import java.util.Iterator;
import java.util.List;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.catalog.procedures.BoundProcedure;
import org.apache.spark.sql.connector.catalog.procedures.ProcedureParameter;
import org.apache.spark.sql.connector.catalog.procedures.UnboundProcedure;
import org.apache.spark.sql.connector.read.Scan;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;

/** A read-only procedure of one argument, {@code table} (a path or a catalog table name). */
abstract class TableProcedure implements UnboundProcedure, BoundProcedure {
  private static final ProcedureParameter[] PARAMETERS = {
      ProcedureParameter.in("table", DataTypes.StringType).build()};

  /** The rows for the table at {@code path}. */
  abstract InternalRow[] rows(SparkSession spark, String path);

  abstract StructType output();

  @Override
  public BoundProcedure bind(StructType inputType) {
    return this;
  }

  @Override
  public ProcedureParameter[] parameters() {
    return PARAMETERS;
  }

  @Override
  public boolean isDeterministic() {
    return true;
  }

  @Override
  public Iterator<Scan> call(InternalRow input) {
    SparkSession spark = SparkSession.active();
    String path = TableArgument.resolve(spark, input.isNullAt(0) ? null : input.getUTF8String(0).toString());
    return List.<Scan>of(new ProcedureResult(output(), rows(spark, path))).iterator();
  }
}
