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
import io.deltax.conf.ChangeFeedRequest;
import io.deltax.conf.ReadConf;
import io.deltax.log.TransactionLog;
import io.deltax.read.metrics.StreamBatchMetrics;
import org.apache.spark.sql.connector.read.streaming.MicroBatchStream;
import org.apache.spark.sql.types.StructType;

/**
 * How a change feed scan hands Spark a stream of changes ({@code readStream} with {@code
 * readChangeFeed}). The streams live above the change feed ({@code io.deltax.streaming} reads its
 * micro-batches through {@link ChangeFeedScan#streamBatch}), so the load's entry point ({@code
 * io.deltax.catalog}) passes them in with the table.
 */
@FunctionalInterface
public interface ChangeStreams {

  /**
   * What a change feed scan knows when Spark asks it for a stream: the load's log and the range's
   * bounds only, since the stream reads each micro-batch's commits itself; {@code
   * checkpointLocation} is the stream's source directory under the query's checkpoint location;
   * {@code batchMetrics} takes each micro-batch's driver metrics, which Spark asks the scan for.
   */
  record ChangeStreamScan(
      TransactionLog log,
      ChangeBounds bounds,
      ChangeFeedRequest request,
      StructType requiredSchema,
      ReadConf conf,
      String checkpointLocation,
      StreamBatchMetrics batchMetrics) {}

  MicroBatchStream changes(ChangeStreamScan scan);
}
