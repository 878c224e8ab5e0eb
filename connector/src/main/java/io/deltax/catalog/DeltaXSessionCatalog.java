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
package io.deltax.catalog;

import io.deltax.changes.ChangeFeedTable;
import io.deltax.conf.ChangeFeedRequest;
import io.deltax.conf.ReadConf;
import io.deltax.conf.SessionSettings;
import io.deltax.conf.TimeTravel;
import io.deltax.errors.DeltaXErrors;
import io.deltax.names.MetastoreTable;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.analysis.NoSuchNamespaceException;
import org.apache.spark.sql.catalyst.analysis.NoSuchTableException;
import org.apache.spark.sql.catalyst.analysis.TableAlreadyExistsException;
import org.apache.spark.sql.connector.catalog.Column;
import org.apache.spark.sql.connector.catalog.DelegatingCatalogExtension;
import org.apache.spark.sql.connector.catalog.Identifier;
import org.apache.spark.sql.connector.catalog.Table;
import org.apache.spark.sql.connector.catalog.TableCatalog;
import org.apache.spark.sql.connector.catalog.V1Table;
import org.apache.spark.sql.connector.expressions.Transform;
import org.apache.spark.sql.types.StructType;

/**
 * deltax as Spark's session catalog, for sessions without delta-spark: {@code
 * spark.sql.catalog.spark_catalog=io.deltax.catalog.DeltaXSessionCatalog}. A metastore table whose
 * provider is {@code delta} loads as a deltax table, read from its location with the options its
 * entry keeps; every other table, view and DDL goes to Spark's own catalog unchanged, as
 * delta-spark's {@code DeltaCatalog} and Iceberg's {@code SparkSessionCatalog} do. deltax writes no
 * data: creating a Delta table here is refused, naming delta-spark.
 */
public class DeltaXSessionCatalog extends DelegatingCatalogExtension {

  @Override
  public Table loadTable(Identifier ident) throws NoSuchTableException {
    Table table = super.loadTable(ident);
    return delta(table, ident).map(t -> load(t, TimeTravel.LATEST)).orElse(table);
  }

  /** {@code VERSION AS OF}: Spark hands the version as written; it is checked as versionAsOf. */
  @Override
  public Table loadTable(Identifier ident, String version) throws NoSuchTableException {
    Optional<MetastoreTable> delta = delta(super.loadTable(ident), ident);
    if (delta.isEmpty()) {
      return super.loadTable(ident, version);
    }
    MetastoreTable entry = delta.get();
    return DeltaXDataSource.load(
        ReadConf.atVersion(session(), entry.location(), entry.options(), version), entry);
  }

  /** {@code TIMESTAMP AS OF}, in microseconds since the epoch. */
  @Override
  public Table loadTable(Identifier ident, long timestampMicros) throws NoSuchTableException {
    Optional<MetastoreTable> delta = delta(super.loadTable(ident), ident);
    if (delta.isEmpty()) {
      return super.loadTable(ident, timestampMicros);
    }
    return load(delta.get(), TimeTravel.toMicros(timestampMicros));
  }

  @Override
  public Table createTable(
      Identifier ident, Column[] columns, Transform[] partitions, Map<String, String> properties)
      throws TableAlreadyExistsException, NoSuchNamespaceException {
    refuseDelta(ident, properties);
    return super.createTable(ident, columns, partitions, properties);
  }

  @Override
  @SuppressWarnings("deprecation")
  public Table createTable(
      Identifier ident, StructType schema, Transform[] partitions, Map<String, String> properties)
      throws TableAlreadyExistsException, NoSuchNamespaceException {
    refuseDelta(ident, properties);
    return super.createTable(ident, schema, partitions, properties);
  }

  private static void refuseDelta(Identifier ident, Map<String, String> properties) {
    String provider = properties.get(TableCatalog.PROP_PROVIDER);
    if (provider != null && provider.toLowerCase(Locale.ROOT).equals("delta")) {
      throw DeltaXErrors.deltaTableWriteRefused(ident.toString());
    }
  }

  /** The Delta table a metastore entry describes; empty for any other table or view. */
  private static Optional<MetastoreTable> delta(Table table, Identifier ident) {
    if (table instanceof V1Table v1 && MetastoreTable.isDelta(v1.v1Table())) {
      return Optional.of(MetastoreTable.of(v1.v1Table(), ident.toString()));
    }
    return Optional.empty();
  }

  private static Table load(MetastoreTable table, TimeTravel travel) {
    return DeltaXDataSource.load(
        ReadConf.of(session(), table.location(), table.options(), travel), table);
  }

  /**
   * The changes of the Delta table {@code ident} names, as {@code readChangeFeed} reads them (mode
   * {@code all}); empty for any other table, which Spark's own catalog answers. For Spark 4.2's
   * {@code loadChangelog}, in the module {@code deltax-spark42}: this class names no Spark 4.2
   * type.
   *
   * @param options the user's read options (a stream's limits, Hadoop settings), no range
   * @param range the versions or times, parsed by the caller
   */
  protected Optional<ChangeFeedTable> loadChanges(
      Identifier ident, Map<String, String> options, ChangeFeedRequest range)
      throws NoSuchTableException {
    Optional<MetastoreTable> delta = delta(super.loadTable(ident), ident);
    if (delta.isEmpty()) {
      return Optional.empty();
    }
    MetastoreTable entry = delta.get();
    return Optional.of(
        DeltaXDataSource.loadChanges(entry.location(), entry.options(), options, range));
  }

  private static SessionSettings session() {
    return SessionSettings.of(SparkSession.active());
  }
}
