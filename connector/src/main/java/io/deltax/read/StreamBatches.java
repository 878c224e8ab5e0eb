package io.deltax.read;

import io.deltax.actions.AddFile;
import io.deltax.changes.ChangeRange;
import io.deltax.conf.ChangeFeedRequest.ChangeMode;
import io.deltax.conf.ReadConf;
import io.deltax.log.Snapshot;
import io.deltax.log.TransactionLog;
import java.util.List;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.connector.read.Batch;
import org.apache.spark.sql.types.StructType;

/**
 * A stream's micro-batch as a batch scan of the read chain: the same splits, Parquet reader,
 * deletion vectors and {@code _metadata} assembly as {@code spark.read}, so row IDs and row commit
 * versions are selectable in streams.
 */
public final class StreamBatches {
  private StreamBatches() {}

  /**
   * The given files, read with {@code snapshot}'s schema and row tracking configuration.
   *
   * @param requiredSchema the columns the stream's scan was asked for, {@code _metadata} included
   */
  public static Batch files(SparkSession spark, TransactionLog log, Snapshot snapshot,
      List<AddFile> files, StructType requiredSchema, ReadConf conf) {
    DeltaXScanBuilder builder = new DeltaXScanBuilder(spark, log, snapshot, conf, files);
    builder.pruneColumns(requiredSchema);
    return builder.build().toBatch();
  }

  /**
   * The changes of {@code range}, as the change feed reads them: every change of every commit
   * ({@code ALL}), or one entry per row for the range ({@code NET}).
   */
  public static Batch changes(SparkSession spark, TransactionLog log, ChangeRange range,
      ChangeMode mode, StructType requiredSchema, ReadConf conf) {
    // The scan itself, not toBatch(): that is a batch query's, which needs a start.
    return new ChangeFeedScan(spark, log, range.bounds(), () -> range, mode, conf, requiredSchema);
  }
}
