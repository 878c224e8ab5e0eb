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

import io.deltax.extensions.procedures.DeltaXProcedures;
import java.util.List;
import java.util.Locale;
import org.apache.spark.sql.catalyst.analysis.ResolvedProcedure;
import org.apache.spark.sql.catalyst.analysis.UnresolvedProcedure;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.catalyst.rules.Rule;
import org.apache.spark.sql.connector.catalog.Identifier;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;
import scala.jdk.javaapi.CollectionConverters;
import scala.runtime.AbstractPartialFunction;

/**
 * Binds {@code CALL backfill_row_tracking(...)}, {@code CALL system.backfill_row_tracking(...)} and
 * {@code CALL deltax.system.backfill_row_tracking(...)} to deltax's procedures. Spark resolves an
 * unqualified procedure in the current catalog, which for {@code spark_catalog} has none; this rule
 * runs in the hint resolution batch, before Spark's own procedure resolution. It is the one place
 * that touches Spark's internal CALL plan nodes.
 */
public final class ResolveDeltaXProcedures extends Rule<LogicalPlan> {
  private final DeltaXProcedureCatalog catalog = new DeltaXProcedureCatalog();

  public ResolveDeltaXProcedures() {
    catalog.initialize("deltax", CaseInsensitiveStringMap.empty());
  }

  @Override
  public LogicalPlan apply(LogicalPlan plan) {
    return plan.resolveOperators(
        new AbstractPartialFunction<LogicalPlan, LogicalPlan>() {
          @Override
          public boolean isDefinedAt(LogicalPlan node) {
            return node instanceof UnresolvedProcedure u && procedureName(u) != null;
          }

          @Override
          public LogicalPlan apply(LogicalPlan node) {
            String name = procedureName((UnresolvedProcedure) node);
            Identifier ident = Identifier.of(new String[] {DeltaXProcedureCatalog.NAMESPACE}, name);
            return new ResolvedProcedure(catalog, ident, catalog.loadProcedure(ident));
          }
        });
  }

  /** The deltax procedure a CALL names, or null when it names something else. */
  static String procedureName(UnresolvedProcedure procedure) {
    List<String> parts =
        CollectionConverters.asJava(procedure.nameParts()).stream()
            .map(p -> p.toLowerCase(Locale.ROOT))
            .toList();
    String name = parts.get(parts.size() - 1);
    if (!DeltaXProcedures.names().contains(name)) {
      return null;
    }
    boolean matches =
        switch (parts.size()) {
          case 1 -> true;
          case 2 -> parts.get(0).equals(DeltaXProcedureCatalog.NAMESPACE);
          case 3 ->
              parts.get(0).equals("deltax")
                  && parts.get(1).equals(DeltaXProcedureCatalog.NAMESPACE);
          default -> false;
        };
    return matches ? name : null;
  }
}
