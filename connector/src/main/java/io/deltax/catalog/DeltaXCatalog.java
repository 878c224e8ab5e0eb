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
import io.deltax.conf.ReadOptions;
import io.deltax.conf.SessionSettings;
import io.deltax.conf.TimeTravel;
import java.util.HashMap;
import java.util.Map;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.analysis.NoSuchTableException;
import org.apache.spark.sql.connector.catalog.Identifier;
import org.apache.spark.sql.connector.catalog.Table;
import org.apache.spark.sql.connector.catalog.TableCatalog;
import org.apache.spark.sql.connector.catalog.TableChange;
import org.apache.spark.sql.connector.expressions.Transform;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/**
 * A read-only catalog of Delta tables named by path, so SQL can say {@code SELECT * FROM
 * deltax.`/data/events` VERSION AS OF 3}. Register it with {@code
 * spark.sql.catalog.deltax=io.deltax.catalog.DeltaXCatalog}. Spark has no direct {@code
 * format.`path`} queries for DataSource V2 providers; a catalog is its way to name them.
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
    return DeltaXDataSource.load(ReadConf.of(session(), path(ident), TimeTravel.LATEST));
  }

  /** {@code VERSION AS OF}: Spark hands the version as written; it is checked as versionAsOf. */
  @Override
  public Table loadTable(Identifier ident, String version) throws NoSuchTableException {
    return DeltaXDataSource.load(ReadConf.atVersion(session(), path(ident), version));
  }

  /** {@code TIMESTAMP AS OF}, in microseconds since the epoch. */
  @Override
  public Table loadTable(Identifier ident, long timestampMicros) throws NoSuchTableException {
    return DeltaXDataSource.load(
        ReadConf.of(session(), path(ident), TimeTravel.toMicros(timestampMicros)));
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
    Map<String, String> withPath = new HashMap<>(options);
    withPath.put(ReadOptions.PATH.key(), path(ident));
    return DeltaXDataSource.loadChanges(ReadConf.ofChanges(session(), withPath, range));
  }

  /** The table's path: the identifier's name, where it has no namespace and looks like a path. */
  private static String path(Identifier ident) throws NoSuchTableException {
    if (ident.namespace().length != 0
        || !(ident.name().contains("/") || ident.name().contains(":"))) {
      throw new NoSuchTableException(ident);
    }
    return ident.name();
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
        "The deltax catalog only reads Delta tables by path; write them with delta-spark.");
  }
}
