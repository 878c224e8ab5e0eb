package io.deltax.changes;

import io.deltax.changes.plan.ChangeBounds;
import io.deltax.changes.plan.ChangeRange;
import io.deltax.conf.ChangeFeedRequest.ChangeMode;
import io.deltax.conf.ReadConf;
import io.deltax.log.TransactionLog;
import java.util.function.Supplier;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.connector.read.Scan;
import org.apache.spark.sql.connector.read.ScanBuilder;
import org.apache.spark.sql.connector.read.SupportsPushDownRequiredColumns;
import org.apache.spark.sql.types.StructType;

/** Takes the columns Spark asks for (which may include {@code _metadata}); no filter is pushed. */
final class ChangeFeedScanBuilder implements ScanBuilder, SupportsPushDownRequiredColumns {
  private final SparkSession spark;
  private final TransactionLog log;
  private final ChangeBounds bounds;
  private final Supplier<ChangeRange> range;
  private final ChangeMode mode;
  private final ReadConf conf;
  private StructType requiredSchema;
  private final ChangeStreams streams;

  ChangeFeedScanBuilder(SparkSession spark, TransactionLog log, ChangeBounds bounds,
      Supplier<ChangeRange> range, ChangeMode mode, ReadConf conf, StructType schema, ChangeStreams streams) {
    this.spark = spark;
    this.streams = streams;
    this.log = log;
    this.bounds = bounds;
    this.range = range;
    this.mode = mode;
    this.conf = conf;
    this.requiredSchema = schema;
  }

  @Override
  public void pruneColumns(StructType requiredSchema) {
    this.requiredSchema = requiredSchema;
  }

  @Override
  public Scan build() {
    return new ChangeFeedScan(spark, log, bounds, range, mode, conf, requiredSchema, streams);
  }
}
