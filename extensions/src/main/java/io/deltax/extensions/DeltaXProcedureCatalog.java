package io.deltax.extensions;

import io.deltax.catalog.DeltaXCatalog;
import io.deltax.errors.DeltaXErrors;
import io.deltax.extensions.procedures.DeltaXProcedures;
import org.apache.spark.sql.connector.catalog.Identifier;
import org.apache.spark.sql.connector.catalog.ProcedureCatalog;
import org.apache.spark.sql.connector.catalog.procedures.UnboundProcedure;

/**
 * The {@code deltax} catalog with procedures: tables by path (from {@link DeltaXCatalog}) and
 * {@code deltax.system.<procedure>}. The extension resolves the procedures even when no catalog
 * is configured; configure {@code spark.sql.catalog.deltax} with this class to name tables too.
 */
public class DeltaXProcedureCatalog extends DeltaXCatalog implements ProcedureCatalog {
  public static final String NAMESPACE = "system";

  @Override
  public UnboundProcedure loadProcedure(Identifier ident) {
    boolean inNamespace = ident.namespace().length == 0
        || (ident.namespace().length == 1 && ident.namespace()[0].equalsIgnoreCase(NAMESPACE));
    return DeltaXProcedures.load(ident.name().toLowerCase(java.util.Locale.ROOT))
        .filter(p -> inNamespace)
        .orElseThrow(() -> DeltaXErrors.procedureNotFound(ident.toString(), name(), DeltaXProcedures.names()));
  }

  @Override
  public Identifier[] listProcedures(String[] namespace) {
    return DeltaXProcedures.names().stream()
        .map(n -> Identifier.of(new String[] {NAMESPACE}, n))
        .toArray(Identifier[]::new);
  }
}
