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
package io.deltax.changes.files;

import io.deltax.changes.derive.FileRows;
import io.deltax.deletionvectors.DeletedRows;
import io.deltax.read.metadata.MetadataRowAssembler;
import org.apache.spark.sql.catalyst.InternalRow;

/**
 * The live rows of one file from Spark's Parquet reader row by row, put together by the {@code
 * _metadata} row assembler: the fallback for schemas the vectorized reader cannot return as
 * batches.
 */
final class LiveRowsByRow extends LiveRows {
  private final MetadataRowAssembler assembler;

  /**
   * @param idsOnly whether to return only (row ID, commit version), in one reused row
   */
  LiveRowsByRow(
      scala.collection.Iterator<InternalRow> parquet,
      InternalRow partitionRow,
      DeletedRows deleted,
      MetadataRowAssembler assembler,
      boolean idsOnly) {
    super(parquet, partitionRow, deleted, idsOnly);
    this.assembler = assembler;
  }

  @Override
  InternalRow advance() {
    while (parquet.hasNext()) {
      InternalRow in = (InternalRow) parquet.next();
      if (idsOnly) {
        if (!assembler.deleted(in, deleted)) {
          return ids(
              assembler.rowId(in, partitionRow), assembler.rowCommitVersion(in, partitionRow));
        }
        continue;
      }
      if (keepIds != null
          && !keepIds.keep(
              assembler.rowId(in, partitionRow), assembler.rowCommitVersion(in, partitionRow))) {
        continue;
      }
      InternalRow row = assembler.assemble(in, partitionRow, deleted);
      if (row != null
          && (keepOnly == null
              || keepOnly.test(
                  row.getStruct(row.numFields() - 1, FileRows.ID_FIELDS).getLong(2)))) {
        return row;
      }
    }
    return null;
  }
}
