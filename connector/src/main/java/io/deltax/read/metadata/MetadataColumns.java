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
package io.deltax.read.metadata;

import io.deltax.log.Snapshot;
import io.deltax.protocol.TableFeatures;
import io.deltax.rowtracking.RowTrackingConfig;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.connector.catalog.MetadataColumn;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * The hidden {@code _metadata} column a deltax table exposes, with the fields delta-spark shows for
 * the same table: {@code row_index} only where row tracking is enabled or deletion vectors are
 * readable, the row tracking fields only where row tracking is enabled. Every field is non-null.
 */
public final class MetadataColumns {
  public static final String METADATA = "_metadata";

  private MetadataColumns() {}

  /** The {@code _metadata} struct of {@code snapshot}, every field delta-spark shows for it. */
  public static StructType structOf(Snapshot snapshot) {
    boolean deletionVectorsReadable =
        TableFeatures.isSupported(snapshot.protocol(), TableFeatures.DELETION_VECTORS);
    return structFor(RowTrackingConfig.of(snapshot), deletionVectorsReadable);
  }

  public static StructType structFor(
      RowTrackingConfig rowTracking, boolean deletionVectorsReadable) {
    List<StructField> fields = new ArrayList<>();
    for (MetadataField f : MetadataField.values()) {
      boolean visible =
          f.isRowTracking()
              ? rowTracking.enabled()
              : f != MetadataField.ROW_INDEX || rowTracking.enabled() || deletionVectorsReadable;
      if (visible) {
        fields.add(
            new StructField(
                f.fieldName(), f.type(), false, org.apache.spark.sql.types.Metadata.empty()));
      }
    }
    return new StructType(fields.toArray(new StructField[0]));
  }

  public static MetadataColumn column(StructType struct) {
    return new MetadataColumn() {
      @Override
      public String name() {
        return METADATA;
      }

      @Override
      public DataType dataType() {
        return struct;
      }

      @Override
      public boolean isNullable() {
        return false;
      }

      @Override
      public String comment() {
        return "File and row metadata: file path, row index, row ID, row commit version and row "
            + "data version";
      }
    };
  }
}
