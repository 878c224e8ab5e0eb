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

import static io.deltax.extensions.procedures.ResultValues.map;
import static io.deltax.extensions.procedures.ResultValues.string;
import static io.deltax.extensions.procedures.ResultValues.strings;
import static io.deltax.extensions.procedures.ResultValues.timestamp;

import io.deltax.conf.SessionSettings;
import io.deltax.describe.TableDetail;
import io.deltax.names.TableArgument;
import io.deltax.snapshots.LoadedSnapshot;
import io.deltax.snapshots.SnapshotSource;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;

/**
 * {@code CALL table_detail(table => …)}: one row with the columns of delta-spark's {@code DESCRIBE
 * DETAIL} (its {@code TableDetail}), their names and types, from the latest snapshot ({@link
 * TableDetail}): the log is read, no data file.
 */
public final class TableDetailProcedure extends BaseProcedure {
  public static final String NAME = "table_detail";

  private static final DataType STRINGS = DataTypes.createArrayType(DataTypes.StringType, true);

  static final StructType OUTPUT =
      new StructType()
          .add("format", DataTypes.StringType)
          .add("id", DataTypes.StringType)
          .add("name", DataTypes.StringType)
          .add("description", DataTypes.StringType)
          .add("location", DataTypes.StringType)
          .add("createdAt", DataTypes.TimestampType)
          .add("lastModified", DataTypes.TimestampType)
          .add("partitionColumns", STRINGS)
          .add("clusteringColumns", STRINGS)
          .add("numFiles", DataTypes.LongType)
          .add("sizeInBytes", DataTypes.LongType)
          .add(
              "properties",
              DataTypes.createMapType(DataTypes.StringType, DataTypes.StringType, true))
          .add("minReaderVersion", DataTypes.IntegerType)
          .add("minWriterVersion", DataTypes.IntegerType)
          .add("tableFeatures", STRINGS);

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public String description() {
    return "The details of a Delta table, as DESCRIBE DETAIL shows them";
  }

  @Override
  StructType output() {
    return OUTPUT;
  }

  @Override
  InternalRow[] rows(SparkSession spark, TableArgument.Resolved table, InternalRow input) {
    SessionSettings session = SessionSettings.of(spark);
    LoadedSnapshot latest =
        SnapshotSource.of(table.path(), table.hadoopConf(session), session.snapshots()).latest();
    TableDetail d = TableDetail.of(latest, table.catalogName());
    return new InternalRow[] {
      new GenericInternalRow(
          new Object[] {
            string(d.format()),
            string(d.id()),
            string(d.name()),
            string(d.description()),
            string(d.location()),
            timestamp(d.createdAt()),
            timestamp(d.lastModified()),
            strings(d.partitionColumns()),
            strings(d.clusteringColumns()),
            d.numFiles(),
            d.sizeInBytes(),
            map(d.properties()),
            d.minReaderVersion(),
            d.minWriterVersion(),
            strings(d.tableFeatures())
          })
    };
  }
}
