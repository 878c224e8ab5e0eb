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
import io.deltax.read.skipping.SnapshotColumnBounds;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.spark.sql.connector.expressions.Expression;
import org.apache.spark.sql.connector.expressions.aggregate.AggregateFunc;
import org.apache.spark.sql.connector.expressions.aggregate.Aggregation;
import org.apache.spark.sql.connector.expressions.aggregate.Max;
import org.apache.spark.sql.connector.expressions.aggregate.Min;
import org.apache.spark.sql.types.StructType;

/**
 * The files that can hold the answer of {@code MIN} and {@code MAX} of data columns, grouped by
 * partition columns or not, where the log cannot answer them exactly (timestamps, cut to
 * milliseconds; deletion vectors). Spark offers an aggregate only where it sits on the scan with no
 * filter left for Spark, and still computes it on the rows read: every file that may hold a group's
 * extreme is kept, so its answer is unchanged.
 *
 * <p>Per group and {@code MAX(c)}: a file surely holding a value at least {@code L} ({@link
 * FileRange#sureMax}) proves the group's maximum is at least {@code L}; a file whose values are all
 * below the greatest such {@code L} cannot hold it and is dropped, and so is a file whose values
 * are all null. {@code MIN} mirrors it. A file with a deletion vector or unknown bounds is kept; a
 * group without a sure value keeps all its files.
 */
public final class FilesForExtremes implements NeededFiles {
  private final List<TableColumn> groupBy;
  private final List<Call> calls;
  private final Set<String> columns;
  private final PartitionValues partitionValues;
  private final SnapshotColumnBounds parsedStats;

  private FilesForExtremes(
      List<TableColumn> groupBy,
      List<Call> calls,
      PartitionValues partitionValues,
      SnapshotColumnBounds parsedStats) {
    this.groupBy = List.copyOf(groupBy);
    this.calls = List.copyOf(calls);
    Set<String> physical = new HashSet<>();
    for (Call call : calls) {
      physical.add(call.column().physical());
    }
    this.columns = Set.copyOf(physical);
    this.partitionValues = partitionValues;
    this.parsedStats = parsedStats;
  }

  /**
   * The files {@code aggregation} needs, or empty where it is not only {@code MIN} and {@code MAX}
   * of data columns with bounds ({@link ExactStatistics#hasTruncatedBounds}), grouped by partition
   * columns.
   *
   * @param schema the table's schema, with column mapping's metadata
   * @param partitionColumns the partition column names, lower case
   */
  public static Optional<FilesForExtremes> of(
      Aggregation aggregation,
      StructType schema,
      Set<String> partitionColumns,
      PartitionValues partitionValues,
      SnapshotColumnBounds parsedStats) {
    List<TableColumn> groupBy = TableColumn.partitionGroups(aggregation, schema, partitionColumns);
    if (groupBy == null) {
      return Optional.empty();
    }
    List<Call> calls = new ArrayList<>();
    for (AggregateFunc f : aggregation.aggregateExpressions()) {
      Expression input =
          f instanceof Min min ? min.column() : f instanceof Max max ? max.column() : null;
      TableColumn column = input == null ? null : TableColumn.of(input, schema, partitionColumns);
      if (column == null
          || column.partition()
          || !ExactStatistics.hasTruncatedBounds(column.type())) {
        return Optional.empty();
      }
      calls.add(new Call(f instanceof Min ? Kind.MIN : Kind.MAX, column));
    }
    return calls.isEmpty()
        ? Optional.empty()
        : Optional.of(new FilesForExtremes(groupBy, calls, partitionValues, parsedStats));
  }

  /** The aggregate as a request: its groups and its {@code MIN} and {@code MAX} calls. */
  AggregateRequest request() {
    return new AggregateRequest(groupBy, calls);
  }

  @Override
  public List<AddFile> of(List<AddFile> files) {
    Map<List<Object>, List<Integer>> groups = new LinkedHashMap<>();
    for (int i = 0; i < files.size(); i++) {
      groups.computeIfAbsent(groupKey(files.get(i)), k -> new ArrayList<>()).add(i);
    }
    boolean[] kept = new boolean[files.size()];
    for (List<Integer> group : groups.values()) {
      for (Call call : calls) {
        keepExtremes(files, group, call, kept);
      }
    }
    List<AddFile> result = new ArrayList<>();
    for (int i = 0; i < files.size(); i++) {
      if (kept[i]) {
        result.add(files.get(i));
      }
    }
    return result.size() == files.size() ? files : result;
  }

  /** Marks the files of one group that may hold its {@code call}'s answer. */
  private void keepExtremes(List<AddFile> files, List<Integer> group, Call call, boolean[] kept) {
    boolean max = call.kind() == Kind.MAX;
    List<FileRange> ranges = new ArrayList<>(group.size());
    Long sure = null;
    for (int i : group) {
      AddFile file = files.get(i);
      FileRange r =
          FileRange.of(
              file,
              ExactStatistics.of(file, columns, parsedStats),
              call.column().physical(),
              call.column().type());
      ranges.add(r);
      Long value = max ? r.sureMax() : r.sureMin();
      if (r.sureRows() > 0 && (sure == null || (max ? value > sure : value < sure))) {
        sure = value;
      }
    }
    for (int j = 0; j < group.size(); j++) {
      FileRange r = ranges.get(j);
      boolean mayHold =
          sure == null
              || r.alwaysKept()
              || (!r.noValues() && (max ? r.highest() >= sure : r.lowest() <= sure));
      kept[group.get(j)] |= mayHold;
    }
  }

  private List<Object> groupKey(AddFile file) {
    List<Object> key = new ArrayList<>(groupBy.size());
    for (TableColumn column : groupBy) {
      Object value =
          partitionValues.parse(
              column.field().name(),
              column.type(),
              PartitionValues.lookup(file.partitionValues(), column.physical()));
      key.add(ExactStatistics.comparable(column.type(), value));
    }
    return key;
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof FilesForExtremes o
        && groupBy.equals(o.groupBy)
        && calls.equals(o.calls);
  }

  @Override
  public int hashCode() {
    return calls.hashCode();
  }

  @Override
  public String toString() {
    List<String> names = new ArrayList<>();
    for (Call call : calls) {
      names.add(
          call.kind().name().toLowerCase(Locale.ROOT) + "(" + call.column().field().name() + ")");
    }
    return ", files for " + String.join(", ", names);
  }
}
