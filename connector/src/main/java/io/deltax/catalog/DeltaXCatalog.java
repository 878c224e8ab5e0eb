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
import io.deltax.names.MetastoreTable;
import java.util.Map;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.TableIdentifier;
import org.apache.spark.sql.catalyst.analysis.NoSuchTableException;
import org.apache.spark.sql.connector.catalog.Identifier;
import org.apache.spark.sql.connector.catalog.Table;
import org.apache.spark.sql.connector.catalog.TableCatalog;
import org.apache.spark.sql.connector.catalog.TableChange;
import org.apache.spark.sql.connector.expressions.Transform;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;
import scala.Option;

/**
 * A read-only catalog of Delta tables named by path or by their metastore name, so SQL can say
 * {@code SELECT * FROM deltax.`/data/events` VERSION AS OF 3} or {@code SELECT * FROM
 * deltax.sales.orders}. Register it with {@code
 * spark.sql.catalog.deltax=io.deltax.catalog.DeltaXCatalog}. Spark has no direct {@code
 * format.`path`} queries for DataSource V2 providers; a catalog is its way to name them. A name is
 * looked up in the session catalog (delta-spark's {@code DeltaCatalog}, or Spark's own), and the
 * Delta table it names is read from its location, with the options its entry keeps.
 */
public class DeltaXCatalog implements TableCatalog {
  private String name;

  @Override
  public void initialize(String name, CaseInsensitiveStringMap options) {
    this.name = name;
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public Table loadTable(Identifier ident) throws NoSuchTableException {
    return load(locate(ident), TimeTravel.LATEST);
  }

  /** {@code VERSION AS OF}: Spark hands the version as written; it is checked as versionAsOf. */
  @Override
  public Table loadTable(Identifier ident, String version) throws NoSuchTableException {
    Located table = locate(ident);
    return table.load(ReadConf.atVersion(session(), table.path(), table.options(), version));
  }

  /** {@code TIMESTAMP AS OF}, in microseconds since the epoch. */
  @Override
  public Table loadTable(Identifier ident, long timestampMicros) throws NoSuchTableException {
    return load(locate(ident), TimeTravel.toMicros(timestampMicros));
  }

  private static Table load(Located table, TimeTravel travel) {
    return table.load(ReadConf.of(session(), table.path(), table.options(), travel));
  }

  private static SessionSettings session() {
    return SessionSettings.of(SparkSession.active());
  }

  /**
   * The changes of the table {@code ident} names, as {@code readChangeFeed} reads them (mode {@code
   * all}). For Spark 4.2's {@code loadChangelog}, which lives in the module {@code deltax-spark42}:
   * this class itself names no Spark 4.2 type, so it loads, and lists its methods, on Spark 4.1.
   *
   * @param options the user's read options (a stream's limits, Hadoop settings), no range
   * @param range the versions or times, parsed by the caller
   */
  protected ChangeFeedTable loadChanges(
      Identifier ident, Map<String, String> options, ChangeFeedRequest range)
      throws NoSuchTableException {
    Located table = locate(ident);
    return DeltaXDataSource.loadChanges(table.path(), table.options(), options, range);
  }

  /**
   * A table's root and the options its metastore entry keeps for its files.
   *
   * @param entry the metastore entry; null for a path
   */
  private record Located(String path, Map<String, String> options, MetastoreTable entry) {
    Table load(ReadConf conf) {
      return entry == null ? DeltaXDataSource.load(conf) : DeltaXDataSource.load(conf, entry);
    }
  }

  /**
   * The table {@code ident} names: a path ({@code deltax.`/data/t`}), or a Delta table of the
   * session catalog ({@code deltax.sales.orders}, {@code deltax.orders} in the current database).
   */
  private static Located locate(Identifier ident) throws NoSuchTableException {
    String[] namespace = ident.namespace();
    if (namespace.length == 0 && MetastoreTable.isPath(ident.name())) {
      return new Located(ident.name(), Map.of(), null);
    }
    if (namespace.length > 1) {
      throw new NoSuchTableException(ident);
    }
    TableIdentifier name =
        namespace.length == 0
            ? TableIdentifier.apply(ident.name())
            : TableIdentifier.apply(ident.name(), Option.apply(namespace[0]));
    MetastoreTable table =
        MetastoreTable.find(SparkSession.active(), name, name.unquotedString())
            .orElseThrow(() -> new NoSuchTableException(ident));
    return new Located(table.location(), table.options(), table);
  }

  @Override
  public Identifier[] listTables(String[] namespace) {
    return new Identifier[0];
  }

  @Override
  public Table createTable(
      Identifier ident, StructType schema, Transform[] partitions, Map<String, String> properties) {
    throw readOnly();
  }

  @Override
  public Table alterTable(Identifier ident, TableChange... changes) {
    throw readOnly();
  }

  @Override
  public boolean dropTable(Identifier ident) {
    throw readOnly();
  }

  @Override
  public void renameTable(Identifier oldIdent, Identifier newIdent) {
    throw readOnly();
  }

  private static UnsupportedOperationException readOnly() {
    return new UnsupportedOperationException(
        "The deltax catalog only reads Delta tables; create, change and write them with"
            + " delta-spark.");
  }
}
