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
import io.deltax.log.TableHistory;
import io.deltax.log.TransactionLog;
import io.deltax.names.TableArgument;
import io.deltax.protocol.TableFeatures;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * {@code CALL table_features(table => …)}: one row per table feature (PROTOCOL.md, "Table
 * Features"), as {@link TableFeatures} answers: whether readers or only writers must know it, since
 * which version the log shows it, and whether deltax can read the table with it. Legacy protocols
 * list the features their versions imply, as delta-spark's {@code DESCRIBE DETAIL} does.
 */
public final class TableFeaturesProcedure extends BaseProcedure {
  public static final String NAME = "table_features";

  static final StructType OUTPUT =
      new StructType()
          .add("feature", DataTypes.StringType, false)
          .add("type", DataTypes.StringType, false)
          .add("since_version", DataTypes.LongType, true)
          .add("readable_by_deltax", DataTypes.BooleanType, false);

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public String description() {
    return "The table features of a Delta table and whether deltax reads them";
  }

  @Override
  StructType output() {
    return OUTPUT;
  }

  /**
   * {@code since_version} is the newest version whose protocol added the feature, where the log
   * shows the change: null for a feature the oldest version the log can rebuild had already. The
   * table is described, not loaded for reading: a reader feature deltax does not implement is
   * listed as not readable rather than refused, and a table a commit coordinator manages is
   * described as of the newest version in {@code _delta_log}.
   */
  @Override
  InternalRow[] rows(SparkSession spark, TableArgument.Resolved table, InternalRow input) {
    TransactionLog log =
        TransactionLog.open(table.path(), table.hadoopConf(SessionSettings.of(spark)));
    Protocol protocol = log.protocolAndMetadataAt(log.listing().latestVersion()).protocol();
    TableHistory history = TableHistory.of(log);
    List<InternalRow> rows = new ArrayList<>();
    for (String feature : TableFeatures.supported(protocol)) {
      rows.add(
          new GenericInternalRow(
              new Object[] {
                UTF8String.fromString(feature),
                UTF8String.fromString(TableFeatures.type(feature, protocol).label()),
                history.protocolTurnedOn(p -> TableFeatures.isSupported(p, feature)).orElse(null),
                TableFeatures.isReadable(feature, protocol)
              }));
    }
    return rows.toArray(new InternalRow[0]);
  }
}
