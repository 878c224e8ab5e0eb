package io.deltax.bench;

import java.io.IOException;
import java.util.Iterator;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.parquet.HadoopReadOptions;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.page.DataPage;
import org.apache.parquet.column.page.DataPageV1;
import org.apache.parquet.column.page.DataPageV2;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.column.page.PageReader;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.util.HadoopInputFile;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.SparkSession;

/**
 * Reading Parquet files without decoding a value: parquet-mr (the library under Spark's reader)
 * opens each file, reads its footer and every column chunk, and decompresses every page, in Spark
 * tasks. No reader that returns rows from those pages can take less, whatever rows it keeps, when
 * each page holds one of them.
 */
final class ParquetPages {
  /** Tasks per core: files differ in size, so a task per core would leave one core idle. */
  private static final int SLICES_PER_CORE = 4;

  private ParquetPages() {}

  /** Decompresses every page of {@code files}; returns the pages' decompressed bytes. */
  static long decompress(SparkSession spark, List<String> files) {
    int slices = spark.sparkContext().defaultParallelism() * SLICES_PER_CORE;
    return JavaSparkContext.fromSparkContext(spark.sparkContext())
        .parallelize(files, slices).mapPartitions(ParquetPages::decompress).reduce(Long::sum);
  }

  private static Iterator<Long> decompress(Iterator<String> paths) throws IOException {
    Configuration conf = new Configuration();
    ParquetReadOptions options = HadoopReadOptions.builder(conf).build();
    long bytes = 0;
    while (paths.hasNext()) {
      HadoopInputFile file = HadoopInputFile.fromPath(new Path(paths.next()), conf);
      try (ParquetFileReader reader = new ParquetFileReader(file, options)) {
        List<ColumnDescriptor> columns = reader.getFooter().getFileMetaData().getSchema()
            .getColumns();
        for (PageReadStore rowGroup = reader.readNextRowGroup(); rowGroup != null;
            rowGroup = reader.readNextRowGroup()) {
          for (ColumnDescriptor column : columns) {
            bytes += decompress(rowGroup.getPageReader(column));
          }
        }
      }
    }
    return List.of(bytes).iterator();
  }

  private static long decompress(PageReader pages) throws IOException {
    long bytes = 0;
    DictionaryPage dictionary = pages.readDictionaryPage();
    if (dictionary != null) {
      bytes += dictionary.getBytes().toByteBuffer().remaining();
    }
    for (DataPage page = pages.readPage(); page != null; page = pages.readPage()) {
      bytes += page.accept(DECOMPRESSED);
    }
    return bytes;
  }

  /** A page's bytes, decompressed (parquet-mr decompresses when they are first asked for). */
  private static final DataPage.Visitor<Long> DECOMPRESSED = new DataPage.Visitor<>() {
    @Override
    public Long visit(DataPageV1 page) {
      return size(page.getBytes());
    }

    @Override
    public Long visit(DataPageV2 page) {
      return size(page.getData());
    }

    private long size(org.apache.parquet.bytes.BytesInput bytes) {
      try {
        return bytes.toByteBuffer().remaining();
      } catch (IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
    }
  };
}
