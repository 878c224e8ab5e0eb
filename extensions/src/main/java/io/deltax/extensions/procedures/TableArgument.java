package io.deltax.extensions.procedures;

import io.deltax.errors.DeltaXErrors;
import java.net.URI;
import java.util.Locale;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.TableIdentifier;
import org.apache.spark.sql.catalyst.catalog.CatalogTable;

/**
 * The {@code table} argument of deltax's procedures: a path ({@code '/data/t'},
 * {@code 's3a://bucket/t'}) or the name of a catalog table whose provider is Delta. Resolving a
 * name needs Spark's session catalog; this is the one place that touches it.
 */
public final class TableArgument {
  private TableArgument() {}

  /** The table's root path. */
  public static String resolve(SparkSession spark, String table) {
    if (table == null || table.isBlank()) {
      throw DeltaXErrors.missingTableArgument();
    }
    if (table.contains("/") || table.contains(":")) {
      return table;
    }
    org.apache.spark.sql.classic.SparkSession classic = (org.apache.spark.sql.classic.SparkSession) spark;
    TableIdentifier ident;
    CatalogTable catalogTable;
    try {
      ident = classic.sessionState().sqlParser().parseTableIdentifier(table);
      catalogTable = classic.sessionState().catalog().getTableMetadata(ident);
    } catch (Exception e) {
      throw DeltaXErrors.catalogTableNotFound(table, e);
    }
    String provider = catalogTable.provider().isDefined()
        ? catalogTable.provider().get().toLowerCase(Locale.ROOT) : "";
    if (!provider.equals("delta")) {
      throw DeltaXErrors.notADeltaCatalogTable(table, provider);
    }
    // As a Hadoop path string: the URI's own text is percent-encoded ("my%20table"), which
    // Hadoop's Path would encode again.
    URI location = catalogTable.location();
    return new org.apache.hadoop.fs.Path(location).toString();
  }
}
