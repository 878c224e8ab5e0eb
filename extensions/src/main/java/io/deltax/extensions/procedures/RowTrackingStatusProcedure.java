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
package io.deltax.extensions.procedures;

import io.deltax.actions.Protocol;
import io.deltax.conf.SessionSettings;
import io.deltax.log.CommitSummary;
import io.deltax.names.TableArgument;
import io.deltax.protocol.TableFeatures;
import io.deltax.rowtracking.RowTrackingStatus;
import io.deltax.snapshots.LoadedSnapshot;
import io.deltax.snapshots.SnapshotSource;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.sql.catalyst.util.GenericArrayData;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * {@code CALL row_tracking_status(table => …)}: one row saying how row tracking stands on the table
 * and where its boundary is: the {@code ROW TRACKING BACKFILL} commits still in the log and the
 * version that enabled row tracking, and whether the data versions a backfill hid are stored,
 * derivable from the log, or lost ({@code _metadata.row_data_version}). The protocol's features are
 * {@link TableFeatures}' answer, as {@code table_features} gives it: a legacy protocol's implied
 * ones spelled out, reader-writer features among the writer features too.
 */
public final class RowTrackingStatusProcedure extends BaseProcedure {
  public static final String NAME = "row_tracking_status";

  static final StructType OUTPUT =
      new StructType()
          .add("table", DataTypes.StringType, false)
          .add("version", DataTypes.LongType, false)
          .add("min_reader_version", DataTypes.IntegerType, false)
          .add("min_writer_version", DataTypes.IntegerType, false)
          .add("reader_features", DataTypes.createArrayType(DataTypes.StringType, false), false)
          .add("writer_features", DataTypes.createArrayType(DataTypes.StringType, false), false)
          .add("row_tracking_supported", DataTypes.BooleanType, false)
          .add("row_tracking_enabled", DataTypes.BooleanType, false)
          .add("row_tracking_suspended", DataTypes.BooleanType, false)
          .add("materialized_row_id_column", DataTypes.StringType, true)
          .add("materialized_row_commit_version_column", DataTypes.StringType, true)
          .add("row_id_high_water_mark", DataTypes.LongType, false)
          .add("files_without_row_ids", DataTypes.LongType, false)
          .add("backfill_versions", DataTypes.createArrayType(DataTypes.LongType, false), false)
          .add(
              "backfill_timestamps",
              DataTypes.createArrayType(DataTypes.TimestampType, false),
              false)
          .add("enablement_version", DataTypes.LongType, true)
          .add("history_complete", DataTypes.BooleanType, false)
          .add("row_data_versions", DataTypes.StringType, false);

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public String description() {
    return "Row tracking on a Delta table: protocol, state, high-water mark, backfill boundary";
  }

  @Override
  StructType output() {
    return OUTPUT;
  }

  @Override
  InternalRow[] rows(SparkSession spark, TableArgument.Resolved resolved, InternalRow input) {
    String path = resolved.path();
    SessionSettings session = SessionSettings.of(spark);
    LoadedSnapshot table =
        SnapshotSource.of(path, resolved.hadoopConf(session), session.snapshots()).latest();
    RowTrackingStatus s = RowTrackingStatus.of(table.log(), table.snapshot());
    Protocol p = s.snapshot().protocol();
    return new InternalRow[] {
      new GenericInternalRow(
          new Object[] {
            UTF8String.fromString(s.snapshot().tableRoot().toString()),
            s.snapshot().version(),
            p.minReaderVersion(),
            p.minWriterVersion(),
            ResultValues.strings(TableFeatures.readerFeatures(p)),
            ResultValues.strings(TableFeatures.supported(p)),
            s.config().supported(),
            s.config().enabled(),
            s.suspended(),
            s.config().materializedRowIdColumn().map(UTF8String::fromString).orElse(null),
            s.config()
                .materializedRowCommitVersionColumn()
                .map(UTF8String::fromString)
                .orElse(null),
            s.highWaterMark(),
            s.filesWithoutRowIds(),
            new GenericArrayData(s.backfills().stream().map(CommitSummary::version).toArray()),
            new GenericArrayData(s.backfills().stream().map(c -> c.timestamp() * 1000L).toArray()),
            s.enablementVersion().orElse(null),
            s.historyComplete(),
            UTF8String.fromString(s.rowDataVersions().label())
          })
    };
  }
}
