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
package io.deltax.names;

import io.deltax.errors.WriteErrors;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.TableIdentifier;

/**
 * The {@code table} argument of deltax's procedures: a path ({@code '/data/t'}, {@code
 * 's3a://bucket/t'}) or the name of a catalog table whose provider is Delta. Resolving a name needs
 * Spark's session catalog; this is the one place that touches it.
 */
public final class TableArgument {
  private TableArgument() {}

  /**
   * A table the argument named.
   *
   * @param path the table's root path
   * @param catalogName the catalog's qualified name of the table ({@code
   *     spark_catalog.default.orders}), or null where the argument was a path
   */
  public record Resolved(String path, String catalogName) {}

  /** The table's root path. */
  public static String resolve(SparkSession spark, String table) {
    return resolveTable(spark, table).path();
  }

  /** The table's root path and, where the argument named a catalog table, its name there. */
  public static Resolved resolveTable(SparkSession spark, String table) {
    if (table == null || table.isBlank()) {
      throw WriteErrors.missingTableArgument();
    }
    if (MetastoreTable.isPath(table)) {
      return new Resolved(table, null);
    }
    TableIdentifier ident;
    try {
      ident =
          ((org.apache.spark.sql.classic.SparkSession) spark)
              .sessionState()
              .sqlParser()
              .parseTableIdentifier(table);
    } catch (Exception e) {
      throw WriteErrors.catalogTableNotFound(table, e);
    }
    MetastoreTable found = MetastoreTable.lookup(spark, ident, table);
    return new Resolved(found.location(), found.name());
  }
}
