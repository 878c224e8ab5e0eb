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
import org.apache.spark.sql.types.DataType;

/**
 * What one file's statistics say about the order of one data column's values (PROTOCOL.md,
 * "Per-file Statistics"), for dropping files by order ({@link FilesForExtremes}, {@link
 * FilesForTopN}): bounds on every value, and values the file surely holds. Timestamps' statistics
 * are cut to milliseconds: a value lies in {@code [statistic, statistic + 999 µs]}.
 *
 * @param lowest no value is below it; null where unknown
 * @param highest no value is above it; null where unknown
 * @param sureRows the rows surely live and not null: {@code numRecords - nullCount} for a file
 *     without a deletion vector and with tight bounds, else 0
 * @param sureMin with {@code sureRows}: some live value is at most this, and every one is at least
 *     {@code lowest}
 * @param sureMax with {@code sureRows}: some live value is at least this, and every one is at most
 *     {@code highest}
 * @param noValues whether every row is null (or the file has none)
 * @param mayHaveNulls whether a live row may be null
 * @param deletionVector whether the file has a deletion vector: its statistics count deleted rows
 */
record FileRange(
    Long lowest,
    Long highest,
    long sureRows,
    Long sureMin,
    Long sureMax,
    boolean noValues,
    boolean mayHaveNulls,
    boolean deletionVector) {

  /** Whether no rule may drop the file: a deletion vector, or bounds unknown. */
  boolean alwaysKept() {
    return deletionVector || (!noValues && (lowest == null || highest == null));
  }

  /**
   * @param column the column's physical name
   * @param type its type: one with {@link ExactStatistics#hasTruncatedBounds}
   */
  static FileRange of(AddFile file, ExactStatistics stats, String column, DataType type) {
    Long numRecords = stats.numRecords();
    Long nullCount = stats.nullCount(column);
    Long min = stats.truncatedMin(column, type);
    Long max = stats.truncatedMax(column, type);
    long cut = ExactStatistics.truncation(type);
    boolean deletionVector = file.deletionVector() != null;
    boolean noValues = numRecords != null && nullCount != null && nullCount >= numRecords;
    boolean sure =
        !deletionVector
            && stats.tightBounds()
            && numRecords != null
            && nullCount != null
            && nullCount < numRecords
            && min != null
            && max != null;
    return new FileRange(
        min,
        max == null ? null : max + cut,
        sure ? numRecords - nullCount : 0,
        sure ? min + cut : null,
        sure ? max : null,
        noValues,
        nullCount == null || nullCount > 0,
        deletionVector);
  }
}
