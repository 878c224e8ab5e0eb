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

import java.io.IOException;
import java.util.function.UnaryOperator;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.ProjectingInternalRow;
import org.apache.spark.sql.connector.metric.CustomTaskMetric;
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
    PartitionReader<InternalRow> reader = p.factory().createReader(p.partition());
    if (p.order() == null) {
      return reader;
    }
    ProjectingInternalRow view = p.order().rowView();
    return new Reordered<>(reader, row -> ColumnOrder.project(view, row));
  }

  @Override
  public PartitionReader<ColumnarBatch> createColumnarReader(InputPartition partition) {
    StreamInputPartition p = (StreamInputPartition) partition;
    PartitionReader<ColumnarBatch> reader = p.factory().createColumnarReader(p.partition());
    return p.order() == null ? reader : new Reordered<>(reader, p.order()::reorder);
  }

  /** A reader whose values are put in the stream's column order. */
  private record Reordered<T>(PartitionReader<T> reader, UnaryOperator<T> reorder)
      implements PartitionReader<T> {
    @Override
    public boolean next() throws IOException {
      return reader.next();
    }

    @Override
    public T get() {
      return reorder.apply(reader.get());
    }

    @Override
    public void close() throws IOException {
      reader.close();
    }

    @Override
    public CustomTaskMetric[] currentMetricsValues() {
      return reader.currentMetricsValues();
    }
  }

  @Override
  public boolean supportColumnarReads(InputPartition partition) {
    StreamInputPartition p = (StreamInputPartition) partition;
    return p.factory().supportColumnarReads(p.partition());
  }

  /**
   * The batch's partitions, each with the batch's factory.
   *
   * @param order where the stream's columns are in the batch's rows, or null where in order
   */
  static StreamInputPartition[] wrap(
      InputPartition[] partitions, PartitionReaderFactory factory, ColumnOrder order) {
    StreamInputPartition[] result = new StreamInputPartition[partitions.length];
    for (int i = 0; i < partitions.length; i++) {
      result[i] = new StreamInputPartition(partitions[i], factory, order);
    }
    return result;
  }
}
