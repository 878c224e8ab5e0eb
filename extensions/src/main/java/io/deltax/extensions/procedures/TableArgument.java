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

import io.deltax.errors.WriteErrors;
import java.net.URI;
import java.util.Locale;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.TableIdentifier;
import org.apache.spark.sql.catalyst.catalog.CatalogTable;

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
    if (table.contains("/") || table.contains(":")) {
      return new Resolved(table, null);
    }
    org.apache.spark.sql.classic.SparkSession classic =
        (org.apache.spark.sql.classic.SparkSession) spark;
    TableIdentifier ident;
    CatalogTable catalogTable;
    try {
      ident = classic.sessionState().sqlParser().parseTableIdentifier(table);
      catalogTable = classic.sessionState().catalog().getTableMetadata(ident);
    } catch (Exception e) {
      throw WriteErrors.catalogTableNotFound(table, e);
    }
    String provider =
        catalogTable.provider().isDefined()
            ? catalogTable.provider().get().toLowerCase(Locale.ROOT)
            : "";
    if (!provider.equals("delta")) {
      throw WriteErrors.notADeltaCatalogTable(table, provider);
    }
    // As a Hadoop path string: the URI's own text is percent-encoded ("my%20table"), which
    // Hadoop's Path would encode again.
    URI location = catalogTable.location();
    return new Resolved(
        new org.apache.hadoop.fs.Path(location).toString(), catalogTable.qualifiedName());
  }
}
