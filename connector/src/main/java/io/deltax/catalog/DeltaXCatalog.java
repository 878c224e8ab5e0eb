package io.deltax.catalog;

import io.deltax.conf.DeltaXConf;
import io.deltax.read.DeltaXDataSource;
import java.util.HashMap;
import java.util.Map;
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
    if (ident.namespace().length != 0 || !(ident.name().contains("/") || ident.name().contains(":"))) {
      throw new NoSuchTableException(ident);
    }
    Map<String, String> options = new HashMap<>(timeTravel);
    options.put(DeltaXConf.PATH, ident.name());
    return new DeltaXDataSource().getTable(null, new Transform[0], options);
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
