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
package io.deltax.changes;

import io.deltax.changes.plan.ChangeBounds;
import io.deltax.changes.plan.ChangeRange;
import io.deltax.conf.ChangeFeedRequest.ChangeMode;
import io.deltax.conf.ReadConf;
import io.deltax.log.TransactionLog;
import io.deltax.snapshots.SnapshotLoad;
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
  private final SnapshotLoad load;
  private final ChangeBounds bounds;
  private final Supplier<ChangeRange> range;
  private final ChangeMode mode;
  private final ReadConf conf;
  private StructType requiredSchema;
  private final ChangeStreams streams;

  ChangeFeedScanBuilder(
      SparkSession spark,
      TransactionLog log,
      SnapshotLoad load,
      ChangeBounds bounds,
      Supplier<ChangeRange> range,
      ChangeMode mode,
      ReadConf conf,
      StructType schema,
      ChangeStreams streams) {
    this.spark = spark;
    this.streams = streams;
    this.log = log;
    this.load = load;
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
    return new ChangeFeedScan(spark, log, load, bounds, range, mode, conf, requiredSchema, streams);
  }
}
