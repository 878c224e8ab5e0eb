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
package io.deltax.read;

import io.deltax.conf.ReadConf;
import io.deltax.log.Snapshot;
import io.deltax.log.TransactionLog;
import io.deltax.read.metrics.StreamBatchMetrics;
import org.apache.spark.sql.connector.read.streaming.MicroBatchStream;
import org.apache.spark.sql.types.StructType;

/**
 * How a batch scan hands Spark a stream of the table's files ({@code readStream}). The streams live
 * above the read chain ({@code io.deltax.streaming} reads its micro-batches through {@link
 * DeltaXScanBuilder#streamBatch}), so the load's entry point ({@code io.deltax.catalog}) passes
 * them in with the table.
 */
@FunctionalInterface
public interface FileStreams {

  /** A scan that is itself a stream's micro-batch: it is never asked for a stream. */
  FileStreams NONE =
      scan -> {
        throw new IllegalStateException("a stream's micro-batch scan cannot start a stream");
      };

  /**
   * What a scan knows when Spark asks it for a stream of the table's files; {@code
   * checkpointLocation} is the stream's source directory under the query's checkpoint location; the
   * stream records each micro-batch's driver metrics in {@code batchMetrics}, which the scan
   * reports.
   */
  record FileStreamScan(
      TransactionLog log,
      Snapshot snapshot,
      StructType requiredSchema,
      ReadConf conf,
      String checkpointLocation,
      StreamBatchMetrics batchMetrics) {}

  MicroBatchStream files(FileStreamScan scan);
}
