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
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.parquet.HadoopReadOptions;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.util.HadoopInputFile;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.SeekableInputStream;
import org.apache.spark.sql.execution.datasources.PartitionedFile;

/**
 * The index in its file of the first row Spark's Parquet reader returns for a split, where row
 * indexes are counted rather than read. A split gets the row groups whose midpoint lies in its byte
 * range (Spark reads the footer for a split with parquet-mr's range filter); read the same way, the
 * footer gives the first of them with its row index offset, the rows of the row groups before it in
 * the footer's order (the order Spark's own row indexes follow). A split from byte 0 starts at row
 * 0 without a read: its row groups, if any, are the file's first, as writers list row groups in the
 * order they write them.
 */
public final class SplitFirstRow {
  private SplitFirstRow() {}

  public static long firstRowIndex(PartitionedFile split, Configuration conf) throws IOException {
    if (split.start() == 0) {
      return 0;
    }
    Path path = split.toPath();
    // From the listed size, so opening the file asks the store for nothing more (no HEAD on S3).
    InputFile file =
        HadoopInputFile.fromStatus(
            new FileStatus(split.fileSize(), false, 0, 0, split.modificationTime(), path), conf);
    ParquetReadOptions options =
        HadoopReadOptions.builder(conf, path)
            .withRange(split.start(), split.start() + split.length())
            .build();
    try (SeekableInputStream stream = file.newStream()) {
      List<BlockMetaData> rowGroups =
          ParquetFileReader.readFooter(file, options, stream).getBlocks();
      if (rowGroups.isEmpty()) {
        return 0; // the reader returns no row for this split
      }
      long offset = rowGroups.get(0).getRowIndexOffset();
      if (offset < 0) {
        throw new IOException(
            "The footer of "
                + path
                + " gives no row index offset for the row group at byte "
                + rowGroups.get(0).getStartingPos());
      }
      return offset;
    }
  }
}
