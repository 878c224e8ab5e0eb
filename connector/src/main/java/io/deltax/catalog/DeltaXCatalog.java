package io.deltax.catalog;

import io.deltax.conf.DeltaXConf;
import io.deltax.changes.ChangeFeedTable;
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
 * A read-only catalog of Delta tables named by path, so SQL can say
 * {@code SELECT * FROM deltax.`/data/events` VERSION AS OF 3}. Register it with
 * {@code spark.sql.catalog.deltax=io.deltax.catalog.DeltaXCatalog}. Spark has no direct
 * {@code format.`path`} queries for DataSource V2 providers; a catalog is its way to name them.
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
    return load(ident, Map.of());
  }

  @Override
  public Table loadTable(Identifier ident, String version) throws NoSuchTableException {
    return load(ident, Map.of(DeltaXConf.VERSION_AS_OF, version));
  }

  @Override
  public Table loadTable(Identifier ident, long timestampMicros) throws NoSuchTableException {
    return load(ident, Map.of(DeltaXConf.TIMESTAMP_AS_OF,
        java.time.Instant.EPOCH.plus(timestampMicros, java.time.temporal.ChronoUnit.MICROS).toString()));
  }

  private Table load(Identifier ident, Map<String, String> timeTravel) throws NoSuchTableException {
    return new DeltaXDataSource().getTable(null, new Transform[0], pathOptions(ident, timeTravel));
  }

  /**
   * The changes of the table {@code ident} names, as {@code readChangeFeed} reads them (mode
   * {@code all}). For Spark 4.2's {@code loadChangelog}, which lives in the module
   * {@code deltax-spark42}: this class itself names no Spark 4.2 type, so it loads, and lists its
   * methods, on Spark 4.1.
   *
   * @param range {@code startingVersion} / {@code startingTimestamp} and the ending ones
   */
  protected ChangeFeedTable loadChanges(Identifier ident, Map<String, String> range)
      throws NoSuchTableException {
    Map<String, String> options = pathOptions(ident, range);
    options.put(DeltaXConf.READ_CHANGE_FEED, "true");
    return DeltaXDataSource.loadChanges(DeltaXConf.of(SparkSession.active(), options));
  }

  private static Map<String, String> pathOptions(Identifier ident, Map<String, String> extra)
      throws NoSuchTableException {
    if (ident.namespace().length != 0 || !(ident.name().contains("/") || ident.name().contains(":"))) {
      throw new NoSuchTableException(ident);
    }
    Map<String, String> options = new HashMap<>(extra);
    options.put(DeltaXConf.PATH, ident.name());
    return options;
  }

  @Override
  public Identifier[] listTables(String[] namespace) {
    return new Identifier[0];
  }

  @Override
  public Table createTable(Identifier ident, StructType schema, Transform[] partitions,
      Map<String, String> properties) {
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
