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
package io.deltax.read.pushdown;

import java.util.List;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.read.LocalScan;
import org.apache.spark.sql.types.StructType;

/**
 * A pushed aggregate's answer, computed from the log while Spark planned the query: rows that Spark
 * hands on as they are, without a task or a data file read.
 */
final class AggregateScan implements LocalScan {
  private final StructType schema;
  private final List<InternalRow> rows;
  private final String description;

  AggregateScan(StructType schema, List<InternalRow> rows, String description) {
    this.schema = schema;
    this.rows = List.copyOf(rows);
    this.description = description;
  }

  @Override
  public InternalRow[] rows() {
    return rows.toArray(new InternalRow[0]);
  }

  @Override
  public StructType readSchema() {
    return schema;
  }

  @Override
  public String description() {
    return description;
  }
}
