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
import io.deltax.log.Snapshot;
import io.deltax.partitions.PartitionValues;
import io.deltax.read.files.Schemas;
import io.deltax.read.skipping.SnapshotColumnBounds;
import java.time.ZoneId;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import org.apache.spark.sql.connector.expressions.NamedReference;
import org.apache.spark.sql.connector.read.Statistics;
import org.apache.spark.sql.connector.read.colstats.ColumnStatistics;
import org.apache.spark.sql.types.StructType;

/**
 * What the optimizer plans joins with: the selected files' bytes and, where every selected file has
 * {@code numRecords}, their live row count (less the rows their deletion vectors remove). Partition
 * pruning and data skipping come first; a data filter Spark still evaluates makes the count an
 * upper bound, as for Spark's own file sources. With the cost-based optimizer on, also the columns'
 * statistics where the log answers them exactly ({@link ColumnStatisticsFromLog}).
 */
public final class ScanStatistics implements Statistics {
  private final long sizeInBytes;
  private final OptionalLong rows;
  private final Map<NamedReference, ColumnStatistics> columns;

  private ScanStatistics(
      long sizeInBytes, OptionalLong rows, Map<NamedReference, ColumnStatistics> columns) {
    this.sizeInBytes = sizeInBytes;
    this.rows = rows;
    this.columns = columns;
  }

  /**
   * @param selected the files the scan plans
   * @param readColumns the data and partition columns the scan outputs
   * @param columnStatistics whether to compute the columns' statistics (the cost-based optimizer)
   */
  public static Statistics of(
      List<AddFile> selected,
      StructType readColumns,
      Snapshot snapshot,
      ZoneId sessionZone,
      boolean columnStatistics) {
    // An unfiltered scan (the fact table of a join, before its runtime filter) reports the whole
    // table on every query: its totals are kept with the snapshot.
    Totals totals =
        selected == snapshot.activeFiles()
            ? snapshot.derived(Totals.class, () -> Totals.of(selected))
            : Totals.of(selected);
    long bytes = totals.bytes();
    OptionalLong rows = totals.rows();
    Map<NamedReference, ColumnStatistics> columns =
        rows.isPresent() && columnStatistics
            ? ColumnStatisticsFromLog.of(
                readColumns,
                snapshot.schema(),
                Schemas.lowerCase(snapshot.metadata().partitionColumns()),
                selected,
                new PartitionValues(sessionZone),
                SnapshotColumnBounds.of(snapshot))
            : Map.of();
    return new ScanStatistics(bytes, rows, columns);
  }

  /** The size in bytes of files, and their live row count where every file has one. */
  private record Totals(long bytes, OptionalLong rows) {
    static Totals of(List<AddFile> files) {
      long bytes = 0;
      for (AddFile file : files) {
        bytes += file.size();
      }
      return new Totals(bytes, LiveRowCount.of(files));
    }
  }

  @Override
  public OptionalLong sizeInBytes() {
    return OptionalLong.of(sizeInBytes);
  }

  @Override
  public OptionalLong numRows() {
    return rows;
  }

  @Override
  public Map<NamedReference, ColumnStatistics> columnStats() {
    return columns;
  }
}
