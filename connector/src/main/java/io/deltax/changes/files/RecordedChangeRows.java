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

import io.deltax.changes.derive.ChangeType;
import io.deltax.changes.derive.FileRows;
import io.deltax.errors.DeltaXErrors;
import java.io.IOException;
import org.apache.spark.sql.catalyst.InternalRow;

/**
 * The rows of a change data file: read with its {@code _change_type} column after the data columns,
 * handed out without it (the read columns of a file without row IDs), the change it names kept for
 * {@link #changeType}.
 */
final class RecordedChangeRows implements FileRows.RecordedRows {
  private final FileRows.RowIterator rows;

  /** Where {@code _change_type} is in a read row. */
  private final int changeTypeAt;

  private final String table;
  private final String file;
  private ChangeType changeType;

  RecordedChangeRows(FileRows.RowIterator rows, int changeTypeAt, String table, String file) {
    this.rows = rows;
    this.changeTypeAt = changeTypeAt;
    this.table = table;
    this.file = file;
  }

  @Override
  public boolean hasNext() {
    return rows.hasNext();
  }

  @Override
  public InternalRow next() {
    InternalRow read = rows.next();
    String label = read.isNullAt(changeTypeAt) ? null : read.getUTF8String(changeTypeAt).toString();
    changeType = ChangeType.ofLabel(label);
    if (changeType == null) {
      throw DeltaXErrors.corruptChangeDataFile(
          table,
          file,
          label == null ? "a row has no _change_type" : "a row's _change_type is '" + label + "'");
    }
    return RowsWithoutField.without(read, changeTypeAt);
  }

  @Override
  public ChangeType changeType() {
    return changeType;
  }

  @Override
  public void close() throws IOException {
    rows.close();
  }
}
