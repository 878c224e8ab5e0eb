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

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.ProjectingInternalRow;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.vectorized.ColumnVector;
import org.apache.spark.sql.vectorized.ColumnarBatch;
import scala.jdk.javaapi.CollectionConverters;

/**
 * Where each column of a stream's output is in the rows its batch scan produces. Spark's
 * micro-batch engine reads a stream's rows by position in the table's column order, but a batch
 * scan puts the partition columns after the data columns (as Spark's file sources do, and as its
 * {@code readSchema} says): a table whose partition column is not its last needs its columns put
 * back.
 *
 * @param ordinals for each output column, its position in the scan's rows
 */
record ColumnOrder(StructType output, int[] ordinals) implements Serializable {

  /**
   * How {@code produced}'s columns map to {@code output}'s; null where they are in order (or where
   * a column of one is not in the other, which the read refuses elsewhere).
   */
  static ColumnOrder of(StructType output, StructType produced) {
    if (output.size() != produced.size()) {
      return null;
    }
    int[] ordinals = new int[output.size()];
    boolean same = true;
    for (int i = 0; i < ordinals.length; i++) {
      ordinals[i] = -1;
      String name = output.fields()[i].name();
      for (int j = 0; j < produced.size(); j++) {
        if (produced.fields()[j].name().equalsIgnoreCase(name)) {
          ordinals[i] = j;
        }
      }
      if (ordinals[i] < 0) {
        return null;
      }
      same &= ordinals[i] == i;
    }
    return same ? null : new ColumnOrder(output, ordinals);
  }

  /** A view of each row in output order; one view, reused as the reader's rows are. */
  ProjectingInternalRow rowView() {
    List<Object> positions = new ArrayList<>();
    for (int ordinal : ordinals) {
      positions.add(ordinal);
    }
    return ProjectingInternalRow.apply(
        output, CollectionConverters.asScala(positions).toIndexedSeq());
  }

  /** {@code batch}'s vectors in output order, no data copied. */
  ColumnarBatch reorder(ColumnarBatch batch) {
    ColumnVector[] vectors = new ColumnVector[ordinals.length];
    for (int i = 0; i < ordinals.length; i++) {
      vectors[i] = batch.column(ordinals[i]);
    }
    return new ColumnarBatch(vectors, batch.numRows());
  }

  /** {@code row} in output order, through {@code view}. */
  static InternalRow project(ProjectingInternalRow view, InternalRow row) {
    view.project(row);
    return view;
  }
}
