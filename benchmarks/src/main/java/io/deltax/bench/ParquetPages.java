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
package io.deltax.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.parquet.HadoopReadOptions;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.page.DataPage;
import org.apache.parquet.column.page.DataPageV1;
import org.apache.parquet.column.page.DataPageV2;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.column.page.PageReader;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.util.HadoopInputFile;
import org.apache.parquet.schema.MessageType;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.util.SerializableConfiguration;

/**
 * Reading Parquet files without decoding a value: parquet-mr (the library under Spark's reader)
 * opens each file from its listed status, reads its footer and the chunks of the columns asked for,
 * and decompresses every page, in Spark tasks. A reader that returns rows from those pages does all
 * this and decodes as well; when every page holds a row it must return, this time is an estimate
 * from below of what such a reader costs with parquet-mr on the same store.
 */
final class ParquetPages {
  /** Tasks per core, each dealt files of about the same total size. */
  private static final int SLICES_PER_CORE = 4;

  private ParquetPages() {}

  /**
   * Decompresses every page of {@code columns} (top-level names) in {@code files}; returns the
   * decompressed bytes.
   */
  static long decompressFiles(SparkSession spark, List<FileStatus> files, Set<String> columns) {
    JavaSparkContext context = JavaSparkContext.fromSparkContext(spark.sparkContext());
    Broadcast<SerializableConfiguration> conf =
        context.broadcast(
            new SerializableConfiguration(spark.sparkContext().hadoopConfiguration()));
    List<List<FileStatus>> slices = slices(files, context.defaultParallelism() * SLICES_PER_CORE);
    return context
        .parallelize(slices, slices.size())
        .map(slice -> decompressSlice(slice, columns, conf.value().value()))
        .reduce(Long::sum);
  }

  /** Deals the files, largest first, round the slices, so that each gets about the same bytes. */
  private static List<List<FileStatus>> slices(List<FileStatus> files, int count) {
    List<List<FileStatus>> slices = new ArrayList<>();
    for (int i = 0; i < Math.min(count, files.size()); i++) {
      slices.add(new ArrayList<>());
    }
    List<FileStatus> bySize = new ArrayList<>(files);
    bySize.sort(Comparator.comparingLong(FileStatus::getLen).reversed());
    for (int i = 0; i < bySize.size(); i++) {
      slices.get(i % slices.size()).add(bySize.get(i));
    }
    return slices;
  }

  private static long decompressSlice(
      List<FileStatus> files, Set<String> columns, Configuration conf) throws IOException {
    ParquetReadOptions options = HadoopReadOptions.builder(conf).build();
    long bytes = 0;
    for (FileStatus file : files) {
      try (ParquetFileReader reader =
          new ParquetFileReader(HadoopInputFile.fromStatus(file, conf), options)) {
        MessageType schema = reader.getFooter().getFileMetaData().getSchema();
        MessageType requested =
            new MessageType(
                schema.getName(),
                schema.getFields().stream()
                    .filter(field -> columns.contains(field.getName()))
                    .toList());
        reader.setRequestedSchema(requested);
        for (PageReadStore rowGroup = reader.readNextRowGroup();
            rowGroup != null;
            rowGroup = reader.readNextRowGroup()) {
          for (ColumnDescriptor column : requested.getColumns()) {
            bytes += decompressChunk(rowGroup.getPageReader(column));
          }
        }
      }
    }
    return bytes;
  }

  private static long decompressChunk(PageReader pages) {
    long bytes = 0;
    DictionaryPage dictionary = pages.readDictionaryPage();
    if (dictionary != null) {
      bytes += decompressed(dictionary.getBytes());
    }
    for (DataPage page = pages.readPage(); page != null; page = pages.readPage()) {
      bytes += page.accept(DECOMPRESSED);
    }
    return bytes;
  }

  private static final DataPage.Visitor<Long> DECOMPRESSED =
      new DataPage.Visitor<>() {
        @Override
        public Long visit(DataPageV1 page) {
          return decompressed(page.getBytes());
        }

        @Override
        public Long visit(DataPageV2 page) {
          return decompressed(page.getData());
        }
      };

  /** parquet-mr decompresses a page's bytes when they are first asked for: ask. */
  private static long decompressed(BytesInput bytes) {
    try {
      return bytes.toByteBuffer().remaining();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
