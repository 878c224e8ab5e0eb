package io.deltax.extensions.procedures;

import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;
import org.apache.spark.sql.connector.catalog.procedures.UnboundProcedure;

/** deltax's procedures by name: the one registry the catalog and the resolution rule share. */
public final class DeltaXProcedures {
  private static final Map<String, Supplier<UnboundProcedure>> PROCEDURES = Map.of(
      BackfillRowTrackingProcedure.NAME, BackfillRowTrackingProcedure::new,
      RowTrackingStatusProcedure.NAME, RowTrackingStatusProcedure::new,
      TableFeaturesProcedure.NAME, TableFeaturesProcedure::new,
      PreserveRowDataVersionsProcedure.NAME, PreserveRowDataVersionsProcedure::new);

  private DeltaXProcedures() {}

  public static Optional<UnboundProcedure> load(String name) {
    return Optional.ofNullable(PROCEDURES.get(name)).map(Supplier::get);
  }

  public static Set<String> names() {
    return PROCEDURES.keySet();
  }
}
