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
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The scan builder's side of Spark's aggregate pushdown ({@code SupportsPushDownAggregates}): an
 * aggregate the log answers exactly, or else the Parquet footers of the few files that can hold its
 * timestamps' {@code MIN} and {@code MAX} ({@link AggregateFromFooters}), is pushed completely, and
 * the scan is its answer; any other is refused and planned as a scan. Spark offers an aggregate
 * only once no filter is left for it to evaluate, so the files are those the exact partition
 * filters keep.
 */
public final class AggregatePushdown {
  private static final Logger LOG = LoggerFactory.getLogger(AggregatePushdown.class);

  private final StructType schema;
  private final Set<String> partitionColumns;
  private final PartitionValues partitionValues;
  private final SnapshotColumnBounds parsedStats;
  private final AggregateFromFooters footers;

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
      SnapshotColumnBounds parsedStats,
      AggregateFromFooters footers) {
    this.schema = schema;
    this.partitionColumns = partitionColumns;
    this.partitionValues = partitionValues;
    this.parsedStats = parsedStats;
    this.footers = footers;
  }

  /**
   * Whether the log (or footers) answer {@code aggregation} over the files, computed once per
   * aggregation: Spark asks before it pushes.
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
    Optional<FilesForExtremes> extremes =
        request.isPresent()
            ? Optional.empty()
            : FilesForExtremes.of(
                aggregation, schema, partitionColumns, partitionValues, parsedStats);
    if (request.isEmpty() && extremes.isEmpty()) {
      return false;
    }
    List<AddFile> candidates = files.get();
    if (candidates == null) {
      return false;
    }
    String aggregate =
        Arrays.toString(aggregation.aggregateExpressions())
            + " group by "
            + Arrays.toString(aggregation.groupByExpressions());
    if (request.isPresent()) {
      fromLog(request.get(), aggregate, candidates);
    } else {
      fromFooters(extremes.get(), aggregate, candidates);
    }
    return answer != null;
  }

  private void fromLog(AggregateRequest request, String aggregate, List<AddFile> candidates) {
    Set<String> dataColumns = new HashSet<>();
    for (AggregateRequest.Call call : request.calls()) {
      if (call.column() != null && !call.column().partition()) {
        dataColumns.add(call.column().physical());
      }
    }
    Set<String> columns = Set.copyOf(dataColumns);
    Optional<List<InternalRow>> rows =
        AggregateFromStatistics.answer(
            request,
            candidates,
            f -> FileStatistics.of(ExactStatistics.of(f, columns, parsedStats)),
            partitionValues);
    rows.ifPresent(
        r ->
            answer =
                new AggregateScan(
                    request.schema(),
                    r,
                    String.format(
                        "deltax aggregate from the log: %s, %d files",
                        aggregate, candidates.size())));
  }

  /** Timestamps' {@code MIN} and {@code MAX}, whose statistics the log cuts to milliseconds. */
  private void fromFooters(FilesForExtremes extremes, String aggregate, List<AddFile> candidates) {
    AggregateRequest request = extremes.request();
    List<AddFile> needed = extremes.of(candidates);
    Optional<List<InternalRow>> rows = footers.answer(request, needed, partitionValues);
    if (rows.isEmpty()) {
      return;
    }
    LOG.debug(
        "{} answered from the Parquet footers of {}",
        aggregate,
        needed.stream().map(AddFile::path).toList());
    answer =
        new AggregateScan(
            request.schema(),
            rows.get(),
            String.format(
                "deltax aggregate from the Parquet footers of %d of %d files: %s",
                needed.size(), candidates.size(), aggregate));
  }

  /** The answer of the aggregate {@link #answers} accepted last, or null. */
  public Scan scan() {
    return answer;
  }
}
