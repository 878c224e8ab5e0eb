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
package io.deltax.read.pushdown;

import io.deltax.actions.AddFile;
import io.deltax.partitions.PartitionValues;
import io.deltax.read.pushdown.AggregateRequest.Call;
import io.deltax.read.pushdown.AggregateRequest.Kind;
import io.deltax.read.skipping.ExactStatistics;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;

/**
 * Answers an {@link AggregateRequest} from the files' statistics and partition values (PROTOCOL.md,
 * "Per-file Statistics"), or refuses it. Every file must have {@code numRecords}. Per file:
 *
 * <ul>
 *   <li>{@code COUNT(*)}: the live rows, {@code numRecords} less the deletion vector's cardinality;
 *   <li>a partition column's {@code COUNT}, {@code MIN} and {@code MAX}: the partition value, over
 *       the file's live rows;
 *   <li>a data column's {@code COUNT}: {@code numRecords - nullCount}, where the file has no
 *       deletion vector (its {@code nullCount} counts deleted rows too);
 *   <li>a data column's {@code MIN} and {@code MAX}: {@code minValues} and {@code maxValues}, where
 *       the file has no deletion vector and tight bounds; a file whose values are all null gives
 *       none.
 * </ul>
 *
 * A file without live rows takes no part, as delta-spark ignores files of no records. The
 * statistics are the log's, or those of the files' Parquet footers ({@link FileStatistics}).
 */
final class AggregateFromStatistics {
  private AggregateFromStatistics() {}

  /**
   * The answer's rows (one per group; one row without grouping), or empty where a file's statistics
   * cannot answer exactly.
   *
   * @param stats each file's statistics, with the request's data columns parsed
   */
  static Optional<List<InternalRow>> answer(
      AggregateRequest request,
      List<AddFile> files,
      Function<AddFile, FileStatistics> stats,
      PartitionValues partitionValues) {
    Map<List<Object>, Group> groups = new LinkedHashMap<>();
    List<Call> calls = request.calls();
    for (AddFile file : files) {
      FileStatistics s = stats.apply(file);
      Long numRecords = s.numRecords();
      if (numRecords == null) {
        return Optional.empty();
      }
      long live = LiveRowCount.of(file, numRecords);
      if (live <= 0) {
        continue;
      }
      List<Object> key = new ArrayList<>();
      Object[] keyValues = new Object[request.groupBy().size()];
      for (int i = 0; i < keyValues.length; i++) {
        keyValues[i] = partitionValue(request.groupBy().get(i), file, partitionValues);
        key.add(ExactStatistics.comparable(request.groupBy().get(i).type(), keyValues[i]));
      }
      Group group = groups.computeIfAbsent(key, k -> new Group(keyValues, calls.size()));
      for (int i = 0; i < calls.size(); i++) {
        if (!group.add(i, calls.get(i), file, s, numRecords, live, partitionValues)) {
          return Optional.empty();
        }
      }
    }
    if (groups.isEmpty() && request.groupBy().isEmpty()) {
      groups.put(List.of(), new Group(new Object[0], calls.size()));
    }
    List<InternalRow> rows = new ArrayList<>();
    for (Group g : groups.values()) {
      rows.add(g.row(calls));
    }
    return Optional.of(rows);
  }

  private static Object partitionValue(
      TableColumn column, AddFile file, PartitionValues partitionValues) {
    return partitionValues.parse(
        column.field().name(),
        column.type(),
        PartitionValues.lookup(file.partitionValues(), column.physical()));
  }

  /** One group's running answers: counts, and the least or greatest value with its order key. */
  private static final class Group {
    private final Object[] key;
    private final long[] counts;

    @SuppressWarnings("rawtypes")
    private final Comparable[] orderKeys;

    private final Object[] values;

    Group(Object[] key, int calls) {
      this.key = key;
      this.counts = new long[calls];
      this.orderKeys = new Comparable[calls];
      this.values = new Object[calls];
    }

    /** Adds one file with live rows; false where its statistics cannot answer {@code call}. */
    boolean add(
        int i,
        Call call,
        AddFile file,
        FileStatistics s,
        long numRecords,
        long live,
        PartitionValues partitionValues) {
      TableColumn column = call.column();
      if (call.kind() == Kind.COUNT_STAR) {
        counts[i] += live;
        return true;
      }
      if (column.partition()) {
        Object value = partitionValue(column, file, partitionValues);
        if (call.kind() == Kind.COUNT) {
          counts[i] += value == null ? 0 : live;
        } else if (value != null) {
          offer(i, call.kind(), ExactStatistics.comparable(column.type(), value), value);
        }
        return true;
      }
      // A data column's statistics describe the file's rows, deleted ones included.
      if (file.deletionVector() != null) {
        return false;
      }
      Long nullCount = s.nullCount(column.physical());
      if (nullCount == null) {
        return false;
      }
      if (call.kind() == Kind.COUNT) {
        counts[i] += numRecords - nullCount;
        return true;
      }
      if (nullCount >= numRecords) {
        return true; // every value null: no bound, and none needed
      }
      Long bound =
          call.kind() == Kind.MIN
              ? s.min(column.physical(), column.type())
              : s.max(column.physical(), column.type());
      if (bound == null || !s.tightBounds()) {
        return false;
      }
      offer(i, call.kind(), bound, SparkValues.fromLong(column.type(), bound));
      return true;
    }

    @SuppressWarnings({"rawtypes", "unchecked"})
    private void offer(int i, Kind kind, Comparable orderKey, Object value) {
      if (orderKeys[i] == null
          || (kind == Kind.MIN
              ? orderKey.compareTo(orderKeys[i]) < 0
              : orderKey.compareTo(orderKeys[i]) > 0)) {
        orderKeys[i] = orderKey;
        values[i] = value;
      }
    }

    InternalRow row(List<Call> calls) {
      Object[] row = new Object[key.length + calls.size()];
      System.arraycopy(key, 0, row, 0, key.length);
      for (int i = 0; i < calls.size(); i++) {
        Kind kind = calls.get(i).kind();
        row[key.length + i] = kind == Kind.MIN || kind == Kind.MAX ? values[i] : counts[i];
      }
      return new GenericInternalRow(row);
    }
  }
}
