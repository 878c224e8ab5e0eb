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
package io.deltax.streaming;

import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.PartitionReaderFactory;

/**
 * A micro-batch's task: a partition of the read chain's batch scan with the reader factory that
 * scan made for it. Spark asks a stream for one reader factory, but each batch's scan builds its
 * own (its files' deletion vectors, its snapshot's row tracking fields).
 *
 * @param order where the stream's columns are in the scan's rows, or null where in order
 */
record StreamInputPartition(
    InputPartition partition, PartitionReaderFactory factory, ColumnOrder order)
    implements InputPartition {

  @Override
  public String[] preferredLocations() {
    return partition.preferredLocations();
  }
}
