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

import static io.deltax.extensions.procedures.ResultValues.map;
import static io.deltax.extensions.procedures.ResultValues.string;

import io.deltax.actions.CommitInfo;
import io.deltax.conf.SessionSettings;
import io.deltax.conf.WholeNumberRange;
import io.deltax.errors.WriteErrors;
import io.deltax.log.CommitHistory;
import io.deltax.names.TableArgument;
import io.deltax.snapshots.LoadedSnapshot;
import io.deltax.snapshots.SnapshotSource;
import java.util.List;
import java.util.OptionalInt;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.sql.connector.catalog.procedures.BoundProcedure;
import org.apache.spark.sql.connector.catalog.procedures.ProcedureParameter;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;

/**
 * {@code CALL table_history(table => …, limit => …)}: one row per commit still in the log, newest
 * first, with the columns of delta-spark's {@code DESCRIBE HISTORY} (its {@code DeltaHistory}),
 * their names and types, read from the commits' {@code commitInfo} and dated as delta-spark dates
 * them ({@link CommitHistory}). With {@code limit}, the newest {@code limit} versions: only their
 * commit files are read.
 */
public final class TableHistoryProcedure extends BaseProcedure {
  public static final String NAME = "table_history";
  private static final int LIMIT = 1;

  private static final StructType JOB =
      new StructType()
          .add("jobId", DataTypes.StringType)
          .add("jobName", DataTypes.StringType)
          .add("jobRunId", DataTypes.StringType)
          .add("runId", DataTypes.StringType)
          .add("jobOwnerId", DataTypes.StringType)
          .add("triggerType", DataTypes.StringType);

  private static final StructType NOTEBOOK =
      new StructType().add("notebookId", DataTypes.StringType);

  private static final DataType STRING_MAP =
      DataTypes.createMapType(DataTypes.StringType, DataTypes.StringType, true);

  static final StructType OUTPUT =
      new StructType()
          .add("version", DataTypes.LongType)
          .add("timestamp", DataTypes.TimestampType)
          .add("userId", DataTypes.StringType)
          .add("userName", DataTypes.StringType)
          .add("operation", DataTypes.StringType)
          .add("operationParameters", STRING_MAP)
          .add("job", JOB)
          .add("notebook", NOTEBOOK)
          .add("clusterId", DataTypes.StringType)
          .add("readVersion", DataTypes.LongType)
          .add("isolationLevel", DataTypes.StringType)
          .add("isBlindAppend", DataTypes.BooleanType)
          .add("operationMetrics", STRING_MAP)
          .add("userMetadata", DataTypes.StringType)
          .add("engineInfo", DataTypes.StringType);

  private final ProcedureParameter[] parameters;

  /** Whether this call gave {@code limit}: then a NULL is a NULL written, not "every version". */
  private final boolean limitGiven;

  /** Whether this is the procedure bound to one call's arguments. */
  private final boolean bound;

  public TableHistoryProcedure() {
    this(DataTypes.IntegerType, false, false);
  }

  private TableHistoryProcedure(DataType limit, boolean limitGiven, boolean bound) {
    this.limitGiven = limitGiven;
    this.bound = bound;
    this.parameters =
        new ProcedureParameter[] {
          TABLE, ProcedureParameter.in("limit", limit).defaultValue("NULL").build()
        };
  }

  /** {@code limit} keeps the numeric type it was given in (see {@link WholeNumberArguments}). */
  @Override
  public BoundProcedure bind(StructType inputType) {
    if (bound) {
      return this;
    }
    return new TableHistoryProcedure(
        WholeNumberArguments.typeAsGiven(inputType, LIMIT, "limit"),
        WholeNumberArguments.isGiven(inputType, LIMIT, "limit"),
        true);
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public String description() {
    return "The commits of a Delta table, newest first, as DESCRIBE HISTORY shows them";
  }

  @Override
  public ProcedureParameter[] parameters() {
    return parameters;
  }

  @Override
  StructType output() {
    return OUTPUT;
  }

  @Override
  InternalRow[] rows(SparkSession spark, TableArgument.Resolved table, InternalRow input) {
    Number given = WholeNumberArguments.value(input, LIMIT, parameters[LIMIT].dataType());
    OptionalInt limit;
    if (given != null) {
      limit = OptionalInt.of((int) WholeNumberRange.HISTORY_VERSIONS.check("limit", given));
    } else if (limitGiven) {
      // A NULL written, or (ANSI mode off) a string Spark could not cast: never "every version".
      throw WriteErrors.notAWholeNumber(
          "limit", "NULL", WholeNumberRange.HISTORY_VERSIONS.describe());
    } else {
      limit = OptionalInt.empty();
    }
    SessionSettings session = SessionSettings.of(spark);
    LoadedSnapshot latest =
        SnapshotSource.of(table.path(), table.hadoopConf(session), session.snapshots()).latest();
    List<CommitHistory.Entry> history = latest.log().commitHistory(latest.snapshot(), limit);
    return history.stream().map(TableHistoryProcedure::row).toArray(InternalRow[]::new);
  }

  /**
   * A commit without {@code commitInfo} has its version and timestamp, the rest empty, as in
   * delta-spark.
   */
  private static InternalRow row(CommitHistory.Entry entry) {
    CommitInfo c = entry.info() == null ? CommitInfo.NONE : entry.info();
    long micros = ResultValues.timestamp(entry.timestamp());
    return new GenericInternalRow(
        new Object[] {
          entry.version(),
          micros,
          string(c.userId()),
          string(c.userName()),
          string(c.operation()),
          map(c.operationParameters()),
          c.job() == null ? null : job(c.job()),
          c.notebook() == null
              ? null
              : new GenericInternalRow(new Object[] {string(c.notebook().notebookId())}),
          string(c.clusterId()),
          c.readVersion(),
          string(c.isolationLevel()),
          c.isBlindAppend(),
          map(c.operationMetrics()),
          string(c.userMetadata()),
          string(c.engineInfo())
        });
  }

  private static InternalRow job(CommitInfo.Job job) {
    return new GenericInternalRow(
        new Object[] {
          string(job.jobId()),
          string(job.jobName()),
          string(job.jobRunId()),
          string(job.runId()),
          string(job.jobOwnerId()),
          string(job.triggerType())
        });
  }
}
