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
package io.deltax.extensions;

import io.deltax.catalog.DeltaXCatalog;
import io.deltax.errors.WriteErrors;
import io.deltax.extensions.procedures.DeltaXProcedures;
import org.apache.spark.sql.connector.catalog.Identifier;
import org.apache.spark.sql.connector.catalog.ProcedureCatalog;
import org.apache.spark.sql.connector.catalog.procedures.UnboundProcedure;

/**
 * The {@code deltax} catalog with procedures: tables by path (from {@link DeltaXCatalog}) and
 * {@code deltax.system.<procedure>}. The extension resolves the procedures even when no catalog is
 * configured; configure {@code spark.sql.catalog.deltax} with this class to name tables too.
 */
public class DeltaXProcedureCatalog extends DeltaXCatalog implements ProcedureCatalog {
  public static final String NAMESPACE = "system";

  @Override
  public UnboundProcedure loadProcedure(Identifier ident) {
    boolean inNamespace =
        ident.namespace().length == 0
            || (ident.namespace().length == 1 && ident.namespace()[0].equalsIgnoreCase(NAMESPACE));
    return DeltaXProcedures.load(ident.name().toLowerCase(java.util.Locale.ROOT))
        .filter(p -> inNamespace)
        .orElseThrow(
            () ->
                WriteErrors.procedureNotFound(ident.toString(), name(), DeltaXProcedures.names()));
  }

  @Override
  public Identifier[] listProcedures(String[] namespace) {
    return DeltaXProcedures.names().stream()
        .map(n -> Identifier.of(new String[] {NAMESPACE}, n))
        .toArray(Identifier[]::new);
  }
}
