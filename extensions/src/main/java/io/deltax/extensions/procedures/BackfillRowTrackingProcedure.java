package io.deltax.extensions.procedures;

import io.deltax.backfill.BackfillResult;
import io.deltax.backfill.RowTrackingBackfill;
import io.deltax.conf.DeltaXConf;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.sql.connector.catalog.procedures.ProcedureParameter;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * {@code CALL backfill_row_tracking(table => …, batch_size => 22000, dry_run => false,
 * max_commits => 0)}: enables row tracking on an existing Delta table, in commits of at most
 * {@code batch_size} files (see {@link RowTrackingBackfill}). Returns one row.
 */
public final class BackfillRowTrackingProcedure extends BaseProcedure {
  public static final String NAME = "backfill_row_tracking";
  private static final ProcedureParameter[] PARAMETERS = {
      TABLE,
      ProcedureParameter.in("batch_size", DataTypes.IntegerType).defaultValue("NULL").build(),
      ProcedureParameter.in("dry_run", DataTypes.BooleanType).defaultValue("false").build(),
      ProcedureParameter.in("max_commits", DataTypes.IntegerType).defaultValue("0").build()};

  static final StructType OUTPUT = new StructType()
      .add("table", DataTypes.StringType, false)
      .add("dry_run", DataTypes.BooleanType, false)
      .add("files_backfilled", DataTypes.LongType, false)
      .add("backfill_commits", DataTypes.IntegerType, false)
      .add("first_version", DataTypes.LongType, true)
      .add("last_version", DataTypes.LongType, true)
      .add("row_id_high_water_mark", DataTypes.LongType, false)
      .add("row_tracking_enabled", DataTypes.BooleanType, false)
      .add("message", DataTypes.StringType, false);

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
    return PARAMETERS;
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
  InternalRow[] rows(SparkSession spark, String table, InternalRow input) {
    DeltaXConf conf = DeltaXConf.of(spark);
    int batchSize = input.isNullAt(1) ? conf.backfillMaxFilesPerCommit() : input.getInt(1);
    boolean dryRun = !input.isNullAt(2) && input.getBoolean(2);
    int maxCommits = input.isNullAt(3) ? 0 : input.getInt(3);
    RowTrackingBackfill backfill = new RowTrackingBackfill(table, conf.hadoopConf(),
        batchSize, maxCommits, engineInfo(spark))
        .maxRowDataVersionRuns(conf.rowDataVersionsMaxRuns());
    BackfillResult result = run("Row tracking backfill of " + table,
        () -> dryRun ? backfill.plan() : backfill.run());
    return new InternalRow[] {row(result)};
  }

  private static InternalRow row(BackfillResult r) {
    return new GenericInternalRow(new Object[] {
        UTF8String.fromString(r.table()), r.dryRun(), r.files(), r.commits(), r.firstVersion(),
        r.lastVersion(), r.highWaterMark(), r.enabled(), UTF8String.fromString(r.message())});
  }
}
