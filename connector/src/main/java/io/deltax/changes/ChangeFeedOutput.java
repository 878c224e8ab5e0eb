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
package io.deltax.changes;

import io.deltax.changes.derive.ChangeFeedColumns;
import io.deltax.changes.derive.ChangeRow;
import io.deltax.read.metadata.MetadataColumns;
import io.deltax.rowtracking.RowDataVersions;
import java.io.Serializable;
import java.util.List;
import java.util.Locale;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * Puts a change feed's output row together from a row as the files were read (the read columns,
 * then for rows with row IDs the {@code (row_id, row_commit_version)} struct) and its change: in
 * the order Spark asked for, computed once on the driver.
 */
final class ChangeFeedOutput implements Serializable {
  private static final int CHANGE_TYPE = -1;
  private static final int COMMIT_VERSION = -2;
  private static final int COMMIT_TIMESTAMP = -3;
  private static final int METADATA = -4;

  /** The index of {@code row_data_version} in {@link ChangeFeedTable#METADATA_TYPE}. */
  private static final int ROW_DATA_VERSION = 2;

  /** Per output column: its position in the read row, or one of the codes above. */
  private final int[] sources;

  /** Per requested {@code _metadata} field: 0 row_id, 1 row_commit_version, 2 row_data_version. */
  private final int[] metadataFields;

  private final int numReadColumns;
  private final RowDataVersions rowDataVersions;

  /**
   * @param readColumns the columns as read: data columns, then partition columns
   * @param rowDataVersions the table's map, for {@code row_data_version} of deletes and pre-images
   */
  ChangeFeedOutput(StructType output, List<String> readColumns, RowDataVersions rowDataVersions) {
    this.numReadColumns = readColumns.size();
    this.rowDataVersions = rowDataVersions;
    this.sources = new int[output.size()];
    int[] metadata = new int[0];
    for (int i = 0; i < sources.length; i++) {
      StructField f = output.fields()[i];
      String name = f.name();
      if (name.equalsIgnoreCase(ChangeFeedColumns.CHANGE_TYPE)) {
        sources[i] = CHANGE_TYPE;
      } else if (name.equalsIgnoreCase(ChangeFeedColumns.COMMIT_VERSION)) {
        sources[i] = COMMIT_VERSION;
      } else if (name.equalsIgnoreCase(ChangeFeedColumns.COMMIT_TIMESTAMP)) {
        sources[i] = COMMIT_TIMESTAMP;
      } else if (name.equalsIgnoreCase(MetadataColumns.METADATA)
          && !readColumns.contains(name.toLowerCase(Locale.ROOT))) {
        sources[i] = METADATA;
        StructType requested = (StructType) f.dataType();
        metadata = new int[requested.size()];
        for (int j = 0; j < metadata.length; j++) {
          metadata[j] = ChangeFeedColumns.METADATA_TYPE.fieldIndex(requested.fields()[j].name());
        }
      } else {
        sources[i] = readColumns.indexOf(name.toLowerCase(Locale.ROOT));
        if (sources[i] < 0) {
          throw new IllegalArgumentException("Unknown change feed column " + name);
        }
      }
    }
    this.metadataFields = metadata;
  }

  /** Whether a read row carries its {@code (row_id, row_commit_version)}. */
  boolean hasRowId(InternalRow read) {
    return read.numFields() > numReadColumns;
  }

  InternalRow toOutput(ChangeRow change) {
    InternalRow read = change.row();
    Object[] values = new Object[sources.length];
    for (int i = 0; i < sources.length; i++) {
      values[i] =
          switch (sources[i]) {
            case CHANGE_TYPE -> UTF8String.fromString(change.type().label());
            case COMMIT_VERSION -> change.version();
            case COMMIT_TIMESTAMP -> change.timestampMillis() * 1000L;
            case METADATA -> metadata(change);
            default ->
                read.isNullAt(sources[i])
                    ? null
                    : ((GenericInternalRow) read).genericGet(sources[i]);
          };
    }
    return new GenericInternalRow(values);
  }

  private InternalRow metadata(ChangeRow change) {
    InternalRow read = change.row();
    Object[] values = new Object[metadataFields.length];
    if (hasRowId(read)) {
      InternalRow ids = read.getStruct(numReadColumns, ChangeFeedColumns.READ_TYPE.size());
      for (int j = 0; j < values.length; j++) {
        values[j] =
            metadataFields[j] == ROW_DATA_VERSION
                ? dataVersion(change, ids)
                : ids.getLong(metadataFields[j]);
      }
    }
    return new GenericInternalRow(values);
  }

  /**
   * An insert or post-image is the content its commit wrote; a delete or pre-image shows the
   * content as it was, written when the removed row's data version says.
   */
  private long dataVersion(ChangeRow change, InternalRow ids) {
    return switch (change.type()) {
      case INSERT, UPDATE_POSTIMAGE -> change.version();
      case DELETE, UPDATE_PREIMAGE -> rowDataVersions.dataVersion(ids.getLong(0), ids.getLong(1));
    };
  }
}
