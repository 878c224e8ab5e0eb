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
package io.deltax.extensions.procedures;

import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;
import org.apache.spark.sql.connector.catalog.procedures.UnboundProcedure;

/** deltax's procedures by name: the one registry the catalog and the resolution rule share. */
public final class DeltaXProcedures {
  private static final Map<String, Supplier<UnboundProcedure>> PROCEDURES =
      Map.of(
          BackfillRowTrackingProcedure.NAME, BackfillRowTrackingProcedure::new,
          RowTrackingStatusProcedure.NAME, RowTrackingStatusProcedure::new,
          TableFeaturesProcedure.NAME, TableFeaturesProcedure::new,
          PreserveRowDataVersionsProcedure.NAME, PreserveRowDataVersionsProcedure::new,
          TableHistoryProcedure.NAME, TableHistoryProcedure::new,
          TableDetailProcedure.NAME, TableDetailProcedure::new);

  private DeltaXProcedures() {}

  public static Optional<UnboundProcedure> load(String name) {
    return Optional.ofNullable(PROCEDURES.get(name)).map(Supplier::get);
  }

  public static Set<String> names() {
    return PROCEDURES.keySet();
  }
}
