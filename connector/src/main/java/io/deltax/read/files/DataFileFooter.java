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
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.hadoop.util.HadoopInputFile;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.SeekableInputStream;

/**
 * A data file's whole Parquet footer (every row group, with its column chunks' statistics), read on
 * the driver with the load's Hadoop configuration. Opened with the size and time the log gives, so
 * the store is asked for no more than the footer's bytes (no HEAD on S3).
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
}
