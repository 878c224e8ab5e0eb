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

import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.PartitionReader;
import org.apache.spark.sql.connector.read.PartitionReaderFactory;
import org.apache.spark.sql.vectorized.ColumnarBatch;

/** Reads each {@link StreamInputPartition} with the factory of the batch scan it came from. */
final class StreamReaderFactory implements PartitionReaderFactory {
  static final StreamReaderFactory INSTANCE = new StreamReaderFactory();

  private StreamReaderFactory() {}

  @Override
  public PartitionReader<InternalRow> createReader(InputPartition partition) {
    StreamInputPartition p = (StreamInputPartition) partition;
    return p.factory().createReader(p.partition());
  }

  @Override
  public PartitionReader<ColumnarBatch> createColumnarReader(InputPartition partition) {
    StreamInputPartition p = (StreamInputPartition) partition;
    return p.factory().createColumnarReader(p.partition());
  }

  @Override
  public boolean supportColumnarReads(InputPartition partition) {
    StreamInputPartition p = (StreamInputPartition) partition;
    return p.factory().supportColumnarReads(p.partition());
  }

  /** The batch's partitions, each with the batch's factory. */
  static StreamInputPartition[] wrap(InputPartition[] partitions, PartitionReaderFactory factory) {
    StreamInputPartition[] result = new StreamInputPartition[partitions.length];
    for (int i = 0; i < partitions.length; i++) {
      result[i] = new StreamInputPartition(partitions[i], factory);
    }
    return result;
  }
}
