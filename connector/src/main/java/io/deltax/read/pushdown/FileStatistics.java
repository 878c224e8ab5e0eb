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

import io.deltax.read.skipping.ExactStatistics;
import org.apache.spark.sql.types.DataType;

/**
 * What a file's statistics say exactly of its rows and of data columns (by physical name), for
 * answering an aggregate ({@link AggregateFromStatistics}): the log's ({@link ExactStatistics}) or
 * a Parquet footer's ({@link FooterStatistics}). A null says the statistics do not tell.
 */
interface FileStatistics {
  /** The file's rows, deleted ones included. */
  Long numRecords();

  /** Whether the bounds are the values themselves, not wider. */
  boolean tightBounds();

  Long nullCount(String column);

  /** The least value as a whole number (days, microseconds), or null. */
  Long min(String column, DataType type);

  /** The greatest value as a whole number (days, microseconds), or null. */
  Long max(String column, DataType type);

  /** The log's statistics of one file. */
  static FileStatistics of(ExactStatistics stats) {
    return new FileStatistics() {
      @Override
      public Long numRecords() {
        return stats.numRecords();
      }

      @Override
      public boolean tightBounds() {
        return stats.tightBounds();
      }

      @Override
      public Long nullCount(String column) {
        return stats.nullCount(column);
      }

      @Override
      public Long min(String column, DataType type) {
        return stats.min(column, type);
      }

      @Override
      public Long max(String column, DataType type) {
        return stats.max(column, type);
      }
    };
  }
}
