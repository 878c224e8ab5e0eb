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
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.AnalysisException;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.TableIdentifier;
import org.apache.spark.sql.catalyst.analysis.NoSuchDatabaseException;
import org.apache.spark.sql.catalyst.analysis.NoSuchNamespaceException;
import org.apache.spark.sql.catalyst.analysis.NoSuchTableException;
import org.apache.spark.sql.catalyst.catalog.CatalogTable;
import org.apache.spark.sql.catalyst.catalog.CatalogTableType;
import scala.jdk.javaapi.CollectionConverters;

/**
 * A Delta table the session's metastore names ({@code sales.orders}): where it lives, the options
 * its metastore entry carries for its files (Hadoop file system settings given with {@code
 * OPTIONS}), and what the metastore says it is.
 *
 * @param name the name as the metastore qualifies it ({@code spark_catalog.sales.orders})
 * @param location the table's root, as a Hadoop path string
 * @param options the entry's storage properties, read as read options are
 * @param type the metastore's table type ({@code EXTERNAL}, {@code MANAGED})
 */
public record MetastoreTable(
    String name, String location, Map<String, String> options, String type) {

  /**
   * The Delta table {@code ident} names in the session catalog. Where no table has that name, or
   * where its provider is not Delta (a view, a Parquet table), an {@code AnalysisException} says so
   * ({@code DELTAX_TABLE_NOT_FOUND}, {@code DELTAX_NOT_A_DELTA_TABLE}); where the session has no
   * metastore, the message says so.
   */
  public static MetastoreTable lookup(SparkSession spark, TableIdentifier ident, String given) {
    CatalogTable table;
    try {
      table = metadata(spark, ident);
    } catch (Exception e) {
      throw isMissing(e) && inMemory(spark)
          ? WriteErrors.noMetastore(given, e)
          : WriteErrors.catalogTableNotFound(given, e);
    }
    return of(table, given);
  }

  /** Spark's static {@code spark.sql.catalogImplementation}: where the session keeps its tables. */
  private static final String CATALOG_IMPLEMENTATION = "spark.sql.catalogImplementation";

  /** Whether the session catalog keeps its tables in memory, with no metastore behind it. */
  private static boolean inMemory(SparkSession spark) {
    return spark.conf().get(CATALOG_IMPLEMENTATION, "in-memory").equals("in-memory");
  }

  private static boolean isMissing(Exception e) {
    return e instanceof NoSuchTableException
        || e instanceof NoSuchDatabaseException
        || e instanceof NoSuchNamespaceException;
  }

  /**
   * The Delta table {@code ident} names in the session catalog, as {@link #lookup}, but empty where
   * the catalog has no such table or database: one call to the metastore, for callers that answer a
   * missing table in Spark's own terms.
   */
  public static Optional<MetastoreTable> find(
      SparkSession spark, TableIdentifier ident, String given) {
    CatalogTable table;
    try {
      table = metadata(spark, ident);
    } catch (Exception e) {
      if (isMissing(e)) {
        return Optional.empty();
      }
      throw WriteErrors.catalogTableNotFound(given, e);
    }
    return Optional.of(of(table, given));
  }

  private static CatalogTable metadata(SparkSession spark, TableIdentifier ident)
      throws AnalysisException {
    return ((org.apache.spark.sql.classic.SparkSession) spark)
        .sessionState()
        .catalog()
        .getTableMetadata(ident);
  }

  /** The Delta table the metastore entry {@code table} describes; {@code given} names it. */
  public static MetastoreTable of(CatalogTable table, String given) {
    if (!isDelta(table)) {
      String provider = table.provider().isDefined() ? table.provider().get() : "";
      throw WriteErrors.notADeltaCatalogTable(
          given,
          provider.isEmpty()
              ? table.tableType().name().toLowerCase(Locale.ROOT)
              : provider.toLowerCase(Locale.ROOT));
    }
    return new MetastoreTable(
        table.qualifiedName(),
        // As a Hadoop path string: the URI's own text is percent-encoded ("my%20table"), which
        // Hadoop's Path would encode again.
        new Path(table.location()).toString(),
        Map.copyOf(CollectionConverters.asJava(table.storage().properties())),
        table.tableType().name());
  }

  /** Whether the metastore manages the table's files (its type is {@code MANAGED}). */
  public boolean isManaged() {
    return type.equals(CatalogTableType.MANAGED().name());
  }

  /** Whether the metastore entry {@code table} is a Delta table (its provider is {@code delta}). */
  public static boolean isDelta(CatalogTable table) {
    return table.provider().isDefined() && table.provider().get().equalsIgnoreCase("delta");
  }

  /** Whether {@code table} names a path rather than a metastore table. */
  public static boolean isPath(String table) {
    return table.contains("/") || table.contains(":");
  }
}
