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

import io.deltax.backfill.RowDataVersionPreservation;
import io.deltax.names.TableArgument;
import io.deltax.rowtracking.RowDataVersions;
import java.util.Arrays;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.sql.catalyst.util.GenericArrayData;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * {@code CALL preserve_row_data_versions(table => …)}: stores the data versions of the rows a row
 * tracking backfill numbered in the table's {@code io.deltax.rowDataVersions} domain, while the log
 * still tells them (see {@link RowDataVersionPreservation}). Returns one row.
 */
public final class PreserveRowDataVersionsProcedure extends BaseProcedure {
  public static final String NAME = "preserve_row_data_versions";

  static final StructType OUTPUT =
      new StructType()
          .add("table", DataTypes.StringType, false)
          .add("stored", DataTypes.BooleanType, false)
          .add("version", DataTypes.LongType, true)
          .add("backfill_versions", DataTypes.createArrayType(DataTypes.LongType, false), false)
          .add("runs", DataTypes.IntegerType, false)
          .add("exact", DataTypes.BooleanType, false)
          .add("message", DataTypes.StringType, false);

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public String description() {
    return "Stores the data versions of backfilled rows in the table, before log clean-up loses"
        + " them";
  }

  @Override
  public boolean isDeterministic() {
    return false;
  }

  @Override
  StructType output() {
    return OUTPUT;
  }

  @Override
  InternalRow[] rows(SparkSession spark, TableArgument.Resolved table, InternalRow input) {
    RowDataVersionPreservation.Result r =
        run(
            "Storing the row data versions of " + table.path(),
            SessionWriters.preservation(spark, table, ENGINE)::run);
    RowDataVersions versions = r.versions();
    return new InternalRow[] {
      new GenericInternalRow(
          new Object[] {
            UTF8String.fromString(r.table()),
            r.stored(),
            r.version(),
            new GenericArrayData(
                versions == null
                    ? new Object[0]
                    : Arrays.stream(versions.backfillVersions()).boxed().toArray()),
            versions == null ? 0 : versions.runCount(),
            r.exact(),
            UTF8String.fromString(r.message())
          })
    };
  }
}
