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

import io.deltax.errors.WriteErrors;
import io.deltax.names.TableArgument;
import java.io.IOException;
import java.util.Iterator;
import java.util.List;
import org.apache.spark.SparkContext;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.catalog.procedures.BoundProcedure;
import org.apache.spark.sql.connector.catalog.procedures.ProcedureParameter;
import org.apache.spark.sql.connector.catalog.procedures.UnboundProcedure;
import org.apache.spark.sql.connector.read.Scan;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;

/**
 * A deltax procedure: its first argument is {@code table} (a path or a catalog table name), its
 * result one set of rows. Spark binds named, positional and default arguments to {@link
 * #parameters()} and coerces their types; {@link #bind} has nothing left to do, unless a
 * whole-number argument must reach the procedure as given ({@link WholeNumberArguments}).
 */
abstract class BaseProcedure implements UnboundProcedure, BoundProcedure {
  static final ProcedureParameter TABLE =
      ProcedureParameter.in("table", DataTypes.StringType).build();

  /** The result rows for {@code table}; {@code input} holds every argument. */
  abstract InternalRow[] rows(SparkSession spark, TableArgument.Resolved table, InternalRow input);

  abstract StructType output();

  @Override
  public BoundProcedure bind(StructType inputType) {
    return this;
  }

  /** Just {@code table}, unless the procedure takes more. */
  @Override
  public ProcedureParameter[] parameters() {
    return new ProcedureParameter[] {TABLE};
  }

  /** Reading procedures answer the same for the same table version. */
  @Override
  public boolean isDeterministic() {
    return true;
  }

  /** The engine the commits a procedure writes name in their {@code engineInfo}. */
  static final String ENGINE = "deltax";

  /** Work on the table that may fail reading or writing files. */
  interface TableWork<T> {
    T run() throws IOException;
  }

  /** Runs {@code work}; an I/O failure is {@code [DELTAX_IO_ERROR]}, "{@code what} failed …". */
  static <T> T run(String what, TableWork<T> work) {
    try {
      return work.run();
    } catch (IOException e) {
      throw WriteErrors.ioError(what, e);
    }
  }

  /** Spark's local property that names a thread's jobs in the UI. */
  private static final String JOB_DESCRIPTION = "spark.job.description";

  /**
   * Runs the procedure; any Spark job it starts (a backfill's, a read's) is named in the UI after
   * the procedure and its table, and the thread's description is restored afterwards.
   */
  @Override
  public Iterator<Scan> call(InternalRow input) {
    SparkSession spark = SparkSession.active();
    String argument = input.isNullAt(0) ? null : input.getUTF8String(0).toString();
    SparkContext context = spark.sparkContext();
    String previous = context.getLocalProperty(JOB_DESCRIPTION);
    context.setJobDescription("deltax CALL " + name() + "(table => '" + argument + "')");
    try {
      TableArgument.Resolved table = TableArgument.resolveTable(spark, argument);
      return List.<Scan>of(new ProcedureResult(output(), rows(spark, table, input))).iterator();
    } finally {
      context.setJobDescription(previous);
    }
  }
}
