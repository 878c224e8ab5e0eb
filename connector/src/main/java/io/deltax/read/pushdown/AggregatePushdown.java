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
import io.deltax.read.skipping.ExactStatistics;
import io.deltax.read.skipping.SnapshotColumnBounds;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.expressions.aggregate.Aggregation;
import org.apache.spark.sql.connector.read.Scan;
import org.apache.spark.sql.types.StructType;

/**
 * The scan builder's side of Spark's aggregate pushdown ({@code SupportsPushDownAggregates}): an
 * aggregate the log answers exactly is pushed completely, and the scan is its answer; any other is
 * refused and planned as a scan. Spark offers an aggregate only once no filter is left for it to
 * evaluate, so the files are those the exact partition filters keep.
 */
public final class AggregatePushdown {
  private final StructType schema;
  private final Set<String> partitionColumns;
  private final PartitionValues partitionValues;
  private final SnapshotColumnBounds parsedStats;

  private Aggregation answered;
  private Scan answer;

  /**
   * @param schema the table's schema, with column mapping's metadata
   * @param partitionColumns the partition column names, lower case
   * @param parsedStats where the files' statistics are parsed and kept (the snapshot's)
   */
  public AggregatePushdown(
      StructType schema,
      Set<String> partitionColumns,
      PartitionValues partitionValues,
      SnapshotColumnBounds parsedStats) {
    this.schema = schema;
    this.partitionColumns = partitionColumns;
    this.partitionValues = partitionValues;
    this.parsedStats = parsedStats;
  }

  /**
   * Whether the log answers {@code aggregation} over the files, computed once per aggregation:
   * Spark asks before it pushes.
   *
   * @param files the files the scan would read, or a supplier of null where the scan is not one the
   *     log may answer (a stream's batch, a filter left for Spark)
   */
  public boolean answers(Aggregation aggregation, Supplier<List<AddFile>> files) {
    if (aggregation == answered) {
      return answer != null;
    }
    answered = aggregation;
    answer = null;
    Optional<AggregateRequest> request = AggregateRequest.of(aggregation, schema, partitionColumns);
    if (request.isEmpty()) {
      return false;
    }
    List<AddFile> candidates = files.get();
    if (candidates == null) {
      return false;
    }
    Set<String> dataColumns = new HashSet<>();
    for (AggregateRequest.Call call : request.get().calls()) {
      if (call.column() != null && !call.column().partition()) {
        dataColumns.add(call.column().physical());
      }
    }
    Set<String> columns = Set.copyOf(dataColumns);
    Optional<List<InternalRow>> rows =
        AggregateFromStatistics.answer(
            request.get(),
            candidates,
            f -> ExactStatistics.of(f, columns, parsedStats),
            partitionValues);
    rows.ifPresent(
        r ->
            answer =
                new AggregateScan(
                    request.get().schema(),
                    r,
                    String.format(
                        "deltax aggregate from the log: %s group by %s, %d files",
                        Arrays.toString(aggregation.aggregateExpressions()),
                        Arrays.toString(aggregation.groupByExpressions()),
                        candidates.size())));
    return answer != null;
  }

  /** The answer of the aggregate {@link #answers} accepted last, or null. */
  public Scan scan() {
    return answer;
  }
}
