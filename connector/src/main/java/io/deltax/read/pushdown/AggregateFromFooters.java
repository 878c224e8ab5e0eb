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
import io.deltax.read.pushdown.AggregateRequest.Call;
import java.io.IOException;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.types.TimestampNTZType;
import org.apache.spark.sql.types.TimestampType;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Answers {@code MIN} and {@code MAX} of timestamp columns, grouped by partition columns or not,
 * from the Parquet footers of the few files that can hold them ({@link FilesForExtremes}), where
 * the log's statistics, cut to milliseconds, cannot. A file {@link FilesForExtremes} drops holds no
 * value beyond those of the files it keeps in its group, so the kept files' exact bounds ({@link
 * FooterStatistics}) are the answer. Refused, and planned as a scan, where a kept file has a
 * deletion vector (a footer counts deleted rows), a footer cannot tell, or more than {@value
 * #MAX_FOOTERS} files are kept.
 */
public final class AggregateFromFooters {
  private static final Logger LOG = LoggerFactory.getLogger(AggregateFromFooters.class);

  /**
   * The most footers read to answer one aggregate. They are read one after another on the driver
   * while Spark plans the query, each a request to the store; past a few, a scan whose tasks read
   * the files in parallel costs less than the planning would.
   */
  static final int MAX_FOOTERS = 16;

  /** Reads the footer of one of the table's data files. */
  @FunctionalInterface
  public interface FooterReader {
    ParquetMetadata read(AddFile file) throws IOException;
  }

  private final StructType schema;
  private final StructType dataFileSchema;
  private final FooterReader footers;

  /**
   * @param schema the table's schema, with column mapping's metadata
   * @param dataFileSchema the same fields, in the same order, as the data files hold them ({@code
   *     ColumnMapping.inDataFiles})
   */
  public AggregateFromFooters(StructType schema, StructType dataFileSchema, FooterReader footers) {
    this.schema = schema;
    this.dataFileSchema = dataFileSchema;
    this.footers = footers;
  }

  /**
   * The answer's rows, or empty where the footers cannot answer exactly.
   *
   * @param request {@code MIN} and {@code MAX} of data columns, grouped by partition columns
   * @param needed the files {@link FilesForExtremes} keeps for {@code request}
   */
  Optional<List<InternalRow>> answer(
      AggregateRequest request, List<AddFile> needed, PartitionValues partitionValues) {
    if (needed.size() > MAX_FOOTERS) {
      return Optional.empty();
    }
    Map<String, StructField> columns = new HashMap<>();
    for (Call call : request.calls()) {
      TableColumn column = call.column();
      if (!(column.type() instanceof TimestampType || column.type() instanceof TimestampNTZType)) {
        return Optional.empty();
      }
      // inDataFiles keeps the table's field order, and its names are not always the physical
      // ones (a table whose schema keeps physical names without the feature reads display names).
      columns.put(
          column.physical(), dataFileSchema.fields()[schema.fieldIndex(column.field().name())]);
    }
    for (AddFile file : needed) {
      if (file.deletionVector() != null) {
        return Optional.empty();
      }
    }
    Map<AddFile, FileStatistics> stats = new IdentityHashMap<>();
    for (AddFile file : needed) {
      Optional<FooterStatistics> footer;
      try {
        footer = FooterStatistics.of(footers.read(file), columns);
      } catch (IOException | RuntimeException e) {
        // The scan reads the file as configured (a missing or corrupt file may be skipped).
        // Parquet reports a file that is not Parquet, or cut short, unchecked.
        LOG.debug("Cannot read the Parquet footer of {}; planned as a scan", file.path(), e);
        return Optional.empty();
      }
      if (footer.isEmpty()) {
        LOG.debug("The Parquet footer of {} cannot answer exactly; planned as a scan", file.path());
        return Optional.empty();
      }
      stats.put(file, footer.get());
    }
    return AggregateFromStatistics.answer(request, needed, stats::get, partitionValues);
  }
}
