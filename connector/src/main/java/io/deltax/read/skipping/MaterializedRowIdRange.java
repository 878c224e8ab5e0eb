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
package io.deltax.read.skipping;

import io.deltax.actions.AddFile;
import io.deltax.read.files.DataFileFooter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.parquet.hadoop.metadata.ColumnPath;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;

/**
 * The range of the materialized row IDs a data file holds, from its Parquet footer: the log has no
 * statistics for the materialized column, and a file rewritten by UPDATE, MERGE or OPTIMIZE keeps
 * the old row IDs of its rows there. Read only to prune a file whose own row ID range {@code
 * [baseRowId, baseRowId + numRecords)} cannot match a filter on {@code _metadata.row_id}.
 */
public final class MaterializedRowIdRange {
  private final Configuration conf;
  private final String column;
  private final java.util.function.Function<AddFile, Path> paths;

  /** A range wide enough to match anything: the footer does not tell. */
  static final long[] UNKNOWN = {Long.MIN_VALUE, Long.MAX_VALUE};

  public MaterializedRowIdRange(
      Configuration conf, String column, java.util.function.Function<AddFile, Path> paths) {
    this.conf = conf;
    this.column = column;
    this.paths = paths;
  }

  /** {@code [min, max]} of the file's non-null materialized row IDs; empty when it has none. */
  Optional<long[]> of(AddFile file) {
    try {
      ParquetMetadata footer =
          DataFileFooter.read(paths.apply(file), file.size(), file.modificationTime(), conf);
      if (!footer.getFileMetaData().getSchema().containsField(column)) {
        return Optional.empty();
      }
      DataFileFooter.LongBounds bounds = DataFileFooter.longBounds(footer, ColumnPath.get(column));
      if (bounds == null) {
        return Optional.of(UNKNOWN);
      }
      return bounds.min() == null
          ? Optional.empty()
          : Optional.of(new long[] {bounds.min(), bounds.max()});
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read the Parquet footer of " + file.path(), e);
    }
  }
}
