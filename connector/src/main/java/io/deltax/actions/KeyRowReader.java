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
package io.deltax.actions;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.PrimitiveIterator;
import java.util.function.Consumer;
import java.util.stream.IntStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.ColumnReader;
import org.apache.parquet.column.impl.ColumnReadStoreImpl;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.column.statistics.Statistics;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.convert.GroupRecordConverter;
import org.apache.parquet.filter2.compat.FilterCompat;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.ColumnPath;
import org.apache.parquet.internal.column.columnindex.OffsetIndex;
import org.apache.parquet.internal.filter2.columnindex.ColumnIndexStore;
import org.apache.parquet.internal.filter2.columnindex.RowRanges;
import org.apache.parquet.io.ColumnIOFactory;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.MessageColumnIO;
import org.apache.parquet.io.RecordReader;
import org.apache.parquet.schema.MessageType;

/**
 * Reads the few rows of a checkpoint that hold a protocol or a metadata action, and no other row. A
 * checkpoint holds exactly one of each (PROTOCOL.md, "Checkpoint Specs") among one row per file, so
 * decoding every row's ~15 protocol and metadata columns cost time in proportion to the table's
 * file count. Instead, per row group: the column chunk statistics of one key column each ({@code
 * protocol.minReaderVersion}, {@code metaData.id}) say whether the group holds such a row at all;
 * the key columns' definition levels alone then give the row numbers; and only those rows of the
 * projected columns are decoded, through Parquet's row-ranges read (pages chosen by the offset
 * index, other rows skipped without being assembled).
 */
final class KeyRowReader {
  private static final String[] PROTOCOL_KEY = {"protocol", "minReaderVersion"};
  private static final String[] METADATA_KEY = {"metaData", "id"};

  private KeyRowReader() {}

  /**
   * Delivers the protocol and metadata of {@code input}, the file {@code listed} describes (its
   * footer from the {@link ParquetFooterCache}), and returns how many rows were decoded, or empty
   * without delivering anything when the file does not allow this read (no key column, a key column
   * repeated, or no offset index): the caller then reads it another way.
   */
  static Optional<Integer> read(
      InputFile input,
      FileStatus listed,
      List<ActionSchema<? extends Action>> actions,
      Consumer<Action> sink)
      throws IOException {
    ParquetReadOptions options = ParquetActionReader.options(input, FilterCompat.NOOP);
    try (ParquetFileReader reader = ParquetFooterCache.shared().open(input, listed, options)) {
      MessageType file = reader.getFooter().getFileMetaData().getSchema();
      String createdBy = reader.getFooter().getFileMetaData().getCreatedBy();
      List<ColumnDescriptor> keys = new ArrayList<>();
      for (String[] key : List.of(PROTOCOL_KEY, METADATA_KEY)) {
        if (!file.containsPath(key)) {
          continue;
        }
        ColumnDescriptor column = file.getColumnDescription(key);
        if (column.getMaxRepetitionLevel() != 0 || !file.getType(key).isPrimitive()) {
          return Optional.empty();
        }
        keys.add(column);
      }
      if (keys.isEmpty()) {
        return Optional.empty();
      }
      MessageType projection = ParquetActionReader.projection(file, actions);
      MessageColumnIO columnIO = new ColumnIOFactory(createdBy).getColumnIO(projection, file);
      ParquetActionReader.Decoder decoder = new ParquetActionReader.Decoder(actions);
      List<Action> found = new ArrayList<>();
      int decoded = 0;
      boolean protocol = false;
      boolean metadata = false;
      for (int g = 0; g < reader.getRowGroups().size() && !(protocol && metadata); g++) {
        BlockMetaData block = reader.getRowGroups().get(g);
        if (block.getRowCount() == 0 || !mayHoldKey(block, keys)) {
          continue;
        }
        long[] rows = keyRows(reader, g, block, keys, createdBy);
        if (rows.length == 0) {
          continue;
        }
        reader.setRequestedSchema(projection);
        PageReadStore pages;
        try {
          pages = reader.readFilteredRowGroup(g, ranges(rows, block.getRowCount()));
        } catch (ColumnIndexStore.MissingOffsetIndexException e) {
          // A writer that wrote no offset index: nothing delivered yet, the caller reads otherwise.
          return Optional.empty();
        }
        RecordReader<Group> records =
            columnIO.getRecordReader(
                pages, new GroupRecordConverter(projection), FilterCompat.NOOP);
        for (long i = 0; i < pages.getRowCount(); i++) {
          Action action = decoder.action(records.read());
          decoded++;
          if (action != null) {
            found.add(action);
            protocol |= action instanceof Protocol;
            metadata |= action instanceof Metadata;
          }
        }
      }
      // Delivered only once the whole read went through, so a fallback never repeats an action.
      found.forEach(sink);
      return Optional.of(decoded);
    }
  }

  /** False when the statistics show every key value of the group is null; true if unknown. */
  private static boolean mayHoldKey(BlockMetaData block, List<ColumnDescriptor> keys) {
    for (ColumnChunkMetaData chunk : block.getColumns()) {
      for (ColumnDescriptor key : keys) {
        if (chunk.getPath().equals(ColumnPath.get(key.getPath()))) {
          Statistics<?> stats = chunk.getStatistics();
          if (stats == null
              || !stats.isNumNullsSet()
              || stats.getNumNulls() < block.getRowCount()) {
            return true;
          }
        }
      }
    }
    return false;
  }

  /** The sorted row numbers, within the group, whose key value is set: definition levels only. */
  private static long[] keyRows(
      ParquetFileReader reader,
      int group,
      BlockMetaData block,
      List<ColumnDescriptor> keys,
      String createdBy)
      throws IOException {
    reader.setRequestedSchema(keys);
    PageReadStore pages = reader.readRowGroup(group);
    MessageType keySchema = reader.getFooter().getFileMetaData().getSchema();
    ColumnReadStoreImpl store =
        new ColumnReadStoreImpl(
            pages, new GroupRecordConverter(keySchema).getRootConverter(), keySchema, createdBy);
    boolean[] set = new boolean[Math.toIntExact(block.getRowCount())];
    int count = 0;
    for (ColumnDescriptor key : keys) {
      ColumnReader column = store.getColumnReader(key);
      int max = key.getMaxDefinitionLevel();
      // Not repeated: one value (set or null) per row, in row order.
      for (int row = 0; row < set.length; row++) {
        if (column.getCurrentDefinitionLevel() == max) {
          column.skip();
          if (!set[row]) {
            set[row] = true;
            count++;
          }
        }
        column.consume();
      }
    }
    long[] rows = new long[count];
    for (int row = 0, i = 0; row < set.length; row++) {
      if (set[row]) {
        rows[i++] = row;
      }
    }
    return rows;
  }

  /**
   * The rows as Parquet's row ranges. Its only public factory builds them from an offset index's
   * pages, so each row is given as a one-row page.
   */
  private static RowRanges ranges(long[] rows, long rowCount) {
    OffsetIndex onePerRow =
        new OffsetIndex() {
          @Override
          public int getPageCount() {
            return rows.length;
          }

          @Override
          public long getOffset(int page) {
            throw new UnsupportedOperationException();
          }

          @Override
          public int getCompressedPageSize(int page) {
            throw new UnsupportedOperationException();
          }

          @Override
          public long getFirstRowIndex(int page) {
            return rows[page];
          }

          @Override
          public long getLastRowIndex(int page, long groupRowCount) {
            return rows[page];
          }
        };
    PrimitiveIterator.OfInt pages = IntStream.range(0, rows.length).iterator();
    return RowRanges.create(rowCount, pages, onePerRow);
  }
}
