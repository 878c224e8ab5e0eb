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
import io.deltax.read.skipping.ExactStatistics;
import io.deltax.read.skipping.SnapshotColumnBounds;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.apache.spark.sql.connector.expressions.NullOrdering;
import org.apache.spark.sql.connector.expressions.SortDirection;
import org.apache.spark.sql.connector.expressions.SortOrder;
import org.apache.spark.sql.types.StructType;

/**
 * The files that can hold the first {@code n} rows of {@code ORDER BY c LIMIT n} on one data column
 * with bounds ({@link ExactStatistics#hasTruncatedBounds}). Spark pushes it only where the sort
 * sits on the scan with no filter left for Spark, and still sorts and limits the rows read.
 *
 * <p>For descending order: the files that surely hold live, non-null values ({@link
 * FileRange#sureRows}), each at least the file's {@code minValues}, are taken by descending {@code
 * minValues} until they hold {@code n} rows; the last one's {@code minValues} is the threshold
 * {@code T}: at least {@code n} values are at least {@code T}. A file whose values are all below
 * {@code T} cannot hold one of the first {@code n} rows, and is dropped; so is a file of nulls only
 * where nulls sort last. Where nulls sort first, every file that may hold a null is kept. Files
 * with a deletion vector or unknown bounds are kept. Ascending order mirrors it.
 */
public final class FilesForTopN implements NeededFiles {
  private final TableColumn column;
  private final boolean descending;
  private final boolean nullsFirst;
  private final int limit;
  private final SnapshotColumnBounds parsedStats;

  private FilesForTopN(
      TableColumn column,
      boolean descending,
      boolean nullsFirst,
      int limit,
      SnapshotColumnBounds parsedStats) {
    this.column = column;
    this.descending = descending;
    this.nullsFirst = nullsFirst;
    this.limit = limit;
    this.parsedStats = parsedStats;
  }

  /**
   * The files the order and limit need, or empty where the order is not one data column with
   * bounds.
   *
   * @param schema the table's schema, with column mapping's metadata
   * @param partitionColumns the partition column names, lower case
   */
  public static Optional<NeededFiles> of(
      SortOrder[] orders,
      int limit,
      StructType schema,
      Set<String> partitionColumns,
      SnapshotColumnBounds parsedStats) {
    if (orders.length != 1 || limit < 0) {
      return Optional.empty();
    }
    TableColumn column = TableColumn.of(orders[0].expression(), schema, partitionColumns);
    if (column == null
        || column.partition()
        || !ExactStatistics.hasTruncatedBounds(column.type())) {
      return Optional.empty();
    }
    return Optional.of(
        new FilesForTopN(
            column,
            orders[0].direction() == SortDirection.DESCENDING,
            orders[0].nullOrdering() == NullOrdering.NULLS_FIRST,
            limit,
            parsedStats));
  }

  @Override
  public List<AddFile> of(List<AddFile> files) {
    Set<String> columns = Set.of(column.physical());
    List<FileRange> ranges = new ArrayList<>(files.size());
    List<FileRange> sure = new ArrayList<>();
    for (AddFile file : files) {
      FileRange r =
          FileRange.of(
              file,
              ExactStatistics.of(file, columns, parsedStats),
              column.physical(),
              column.type());
      ranges.add(r);
      if (r.sureRows() > 0) {
        sure.add(r);
      }
    }
    // Every counted value is at least the file's lowest (descending), at most its highest.
    Comparator<FileRange> first =
        descending
            ? Comparator.comparing(FileRange::lowest).reversed()
            : Comparator.comparing(FileRange::highest);
    sure.sort(first);
    Long threshold = null;
    long rows = 0;
    for (FileRange r : sure) {
      if (rows >= limit) {
        break;
      }
      rows += r.sureRows();
      threshold = descending ? r.lowest() : r.highest();
    }
    if (rows < limit || threshold == null) {
      return files;
    }
    List<AddFile> kept = new ArrayList<>();
    for (int i = 0; i < files.size(); i++) {
      FileRange r = ranges.get(i);
      boolean mayHold =
          r.alwaysKept()
              || (nullsFirst && r.mayHaveNulls())
              || (!r.noValues()
                  && (descending ? r.highest() >= threshold : r.lowest() <= threshold));
      if (mayHold) {
        kept.add(files.get(i));
      }
    }
    return kept.size() == files.size() ? files : kept;
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof FilesForTopN o
        && column.equals(o.column)
        && descending == o.descending
        && nullsFirst == o.nullsFirst
        && limit == o.limit;
  }

  @Override
  public int hashCode() {
    return Objects.hash(column, descending, nullsFirst, limit);
  }

  @Override
  public String toString() {
    return String.format(
        ", top %d by %s %s nulls %s",
        limit, column.field().name(), descending ? "desc" : "asc", nullsFirst ? "first" : "last");
  }
}
