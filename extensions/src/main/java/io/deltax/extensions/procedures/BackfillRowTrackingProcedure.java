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

import io.deltax.backfill.BackfillResult;
import io.deltax.backfill.RowTrackingBackfill;
import io.deltax.conf.SessionSettings;
import io.deltax.conf.WholeNumberRange;
import io.deltax.errors.WriteErrors;
import io.deltax.names.TableArgument;
import java.util.OptionalInt;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.sql.connector.catalog.procedures.BoundProcedure;
import org.apache.spark.sql.connector.catalog.procedures.ProcedureParameter;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * {@code CALL backfill_row_tracking(table => …, batch_size => 22000, dry_run => false, max_commits
 * => 0)}: enables row tracking on an existing Delta table, in commits of at most {@code batch_size}
 * files (see {@link RowTrackingBackfill}). Returns one row.
 */
public final class BackfillRowTrackingProcedure extends BaseProcedure {
  public static final String NAME = "backfill_row_tracking";
  private static final int BATCH_SIZE = 1;
  private static final int DRY_RUN = 2;
  private static final int MAX_COMMITS = 3;

  static final StructType OUTPUT =
      new StructType()
          .add("table", DataTypes.StringType, false)
          .add("dry_run", DataTypes.BooleanType, false)
          .add("files_backfilled", DataTypes.LongType, false)
          .add("backfill_commits", DataTypes.IntegerType, false)
          .add("first_version", DataTypes.LongType, true)
          .add("last_version", DataTypes.LongType, true)
          .add("row_id_high_water_mark", DataTypes.LongType, false)
          .add("row_tracking_enabled", DataTypes.BooleanType, false)
          .add("message", DataTypes.StringType, false);

  /** The parameters, with the types this call's whole-number arguments arrive in. */
  private final ProcedureParameter[] parameters;

  /** Whether this call gave batch_size: its default (NULL) is the session's batch size. */
  private final boolean batchSizeGiven;

  /** Whether this is the procedure bound to one call's arguments. */
  private final boolean bound;

  public BackfillRowTrackingProcedure() {
    this(DataTypes.IntegerType, DataTypes.IntegerType, false, false);
  }

  private BackfillRowTrackingProcedure(
      DataType batchSize, DataType maxCommits, boolean batchSizeGiven, boolean bound) {
    this.batchSizeGiven = batchSizeGiven;
    this.bound = bound;
    this.parameters =
        new ProcedureParameter[] {
          TABLE,
          ProcedureParameter.in("batch_size", batchSize).defaultValue("NULL").build(),
          ProcedureParameter.in("dry_run", DataTypes.BooleanType).defaultValue("false").build(),
          ProcedureParameter.in("max_commits", maxCommits).defaultValue("0").build()
        };
  }

  /**
   * Whole-number arguments keep the numeric type they were given in (see {@link
   * WholeNumberArguments}).
   */
  @Override
  public BoundProcedure bind(StructType inputType) {
    if (bound) {
      // Spark binds again while an argument stays uncoerced (a string for dry_run with ANSI mode
      // off): the same procedure lets its analysis end, and fail on that argument.
      return this;
    }
    return new BackfillRowTrackingProcedure(
        WholeNumberArguments.typeAsGiven(inputType, BATCH_SIZE, "batch_size"),
        WholeNumberArguments.typeAsGiven(inputType, MAX_COMMITS, "max_commits"),
        WholeNumberArguments.isGiven(inputType, BATCH_SIZE, "batch_size"),
        true);
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public String description() {
    return "Enables row tracking on a Delta table, giving existing files row IDs in batches";
  }

  @Override
  public ProcedureParameter[] parameters() {
    return parameters;
  }

  @Override
  public boolean isDeterministic() {
    return false;
  }

  @Override
  StructType output() {
    return OUTPUT;
  }

  @Override
  InternalRow[] rows(SparkSession spark, TableArgument.Resolved resolved, InternalRow input) {
    Number batchSize =
        WholeNumberArguments.value(input, BATCH_SIZE, parameters[BATCH_SIZE].dataType());
    Number maxCommits =
        WholeNumberArguments.value(input, MAX_COMMITS, parameters[MAX_COMMITS].dataType());
    // NULL is a NULL given, or a value Spark could not cast: never "no limit" or "write", nor,
    // where batch_size was given, the session's batch size.
    OptionalInt batch =
        batchSize == null && !batchSizeGiven
            ? OptionalInt.empty()
            : OptionalInt.of(SessionSettings.filesPerCommit("batch_size", batchSize));
    if (maxCommits == null) {
      throw WriteErrors.notAWholeNumber(
          "max_commits", "NULL", WholeNumberRange.MAX_COMMITS.describe());
    }
    if (input.isNullAt(DRY_RUN)) {
      throw WriteErrors.nullArgument("dry_run", "true or false");
    }
    int commits = (int) WholeNumberRange.MAX_COMMITS.check("max_commits", maxCommits);
    boolean dryRun = input.getBoolean(DRY_RUN);
    RowTrackingBackfill backfill = SessionWriters.backfill(spark, resolved, batch, commits, ENGINE);
    BackfillResult result = dryRun ? backfill.plan() : backfill.run();
    return new InternalRow[] {row(result)};
  }

  private static InternalRow row(BackfillResult r) {
    return new GenericInternalRow(
        new Object[] {
          UTF8String.fromString(r.table()),
          r.dryRun(),
          r.files(),
          r.commits(),
          r.firstVersion(),
          r.lastVersion(),
          r.highWaterMark(),
          r.enabled(),
          UTF8String.fromString(r.message())
        });
  }
}
