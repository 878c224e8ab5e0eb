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
package io.deltax.read.files;

import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.parquet.HadoopReadOptions;
import org.apache.parquet.column.statistics.Statistics;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.ColumnPath;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.hadoop.util.HadoopInputFile;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.SeekableInputStream;

/**
 * A data file's whole Parquet footer (every row group, with its column chunks' statistics), read on
 * the driver with the load's Hadoop configuration, and what its statistics tell of a column. Opened
 * with the size and time the log gives, so the store is asked for no more than the footer's bytes
 * (no HEAD on S3).
 */
public final class DataFileFooter {
  private DataFileFooter() {}

  public static ParquetMetadata read(
      Path path, long size, long modificationTime, Configuration conf) throws IOException {
    InputFile file =
        HadoopInputFile.fromStatus(new FileStatus(size, false, 1, 0, modificationTime, path), conf);
    try (SeekableInputStream stream = file.newStream()) {
      return ParquetFileReader.readFooter(
          file, HadoopReadOptions.builder(conf, path).build(), stream);
    }
  }

  /** A whole-number column's nulls and bounds over a file's row groups; no bounds if all null. */
  public record LongBounds(long nulls, Long min, Long max) {}

  /**
   * The nulls and bounds of the whole-number column at {@code path} (as stored: no unit or scale
   * applied) over all of the footer's row groups, or null where a row group does not tell: it lacks
   * the column, its statistics, their null count, or the bounds of values it holds. A row group of
   * nulls only adds no bound.
   */
  public static LongBounds longBounds(ParquetMetadata footer, ColumnPath path) {
    long nulls = 0;
    Long min = null;
    Long max = null;
    for (BlockMetaData block : footer.getBlocks()) {
      ColumnChunkMetaData chunk = chunk(block, path);
      Statistics<?> stats = chunk == null ? null : chunk.getStatistics();
      if (stats == null || stats.isEmpty() || !stats.isNumNullsSet()) {
        return null;
      }
      nulls += stats.getNumNulls();
      if (stats.getNumNulls() >= block.getRowCount()) {
        continue;
      }
      if (!stats.hasNonNullValue()) {
        return null;
      }
      long low = ((Number) stats.genericGetMin()).longValue();
      long high = ((Number) stats.genericGetMax()).longValue();
      min = min == null ? low : Math.min(min, low);
      max = max == null ? high : Math.max(max, high);
    }
    return new LongBounds(nulls, min, max);
  }

  private static ColumnChunkMetaData chunk(BlockMetaData block, ColumnPath path) {
    for (ColumnChunkMetaData chunk : block.getColumns()) {
      if (chunk.getPath().equals(path)) {
        return chunk;
      }
    }
    return null;
  }
}
