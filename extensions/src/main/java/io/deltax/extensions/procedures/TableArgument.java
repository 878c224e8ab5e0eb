package io.deltax.extensions.procedures;

import io.deltax.errors.DeltaXException;
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
final class TableArgument {
  private TableArgument() {}

  /** The table's root path. */
  static String resolve(SparkSession spark, String table) {
    if (table == null || table.isBlank()) {
      throw new DeltaXException("DELTAX_INVALID_ARGUMENT",
          "table must name a Delta table: a path such as '/data/events' or a table name.");
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
      throw new DeltaXException("DELTAX_TABLE_NOT_FOUND", "No table " + table + " in the session "
          + "catalog (" + e.getMessage().lines().findFirst().orElse("") + "). Give a table name "
          + "the session catalog knows, or the table's path.", e);
    }
    String provider = catalogTable.provider().isDefined()
        ? catalogTable.provider().get().toLowerCase(Locale.ROOT) : "";
    if (!provider.equals("delta")) {
      throw new DeltaXException("DELTAX_NOT_A_DELTA_TABLE",
          "Table " + table + " has provider '" + provider + "', not delta.");
    }
    URI location = catalogTable.location();
    return location.toString();
  }
}
