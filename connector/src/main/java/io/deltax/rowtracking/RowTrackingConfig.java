package io.deltax.rowtracking;

import io.deltax.log.Snapshot;
import io.deltax.protocol.TableFeatures;
import io.deltax.protocol.TableProperties;
import java.util.Optional;

/**
 * Row tracking as one snapshot has it (PROTOCOL.md, "Row Tracking"): whether the writer feature is
 * supported, whether {@code delta.enableRowTracking} turns it on, and the physical names of the
 * materialized row ID and row commit version columns.
 *
 * @param materializedRowIdColumn empty when the table never named one
 */
public record RowTrackingConfig(
    boolean supported,
    boolean enabled,
    Optional<String> materializedRowIdColumn,
    Optional<String> materializedRowCommitVersionColumn) {

  /** The domain that holds {@code rowIdHighWaterMark} (PROTOCOL.md, "Row IDs"). */
  public static final String DOMAIN = "delta.rowTracking";

  public static RowTrackingConfig of(Snapshot snapshot) {
    boolean supported = TableFeatures.isSupported(snapshot.protocol(), TableFeatures.ROW_TRACKING);
    TableProperties properties = snapshot.properties();
    return new RowTrackingConfig(
        supported,
        supported && properties.rowTrackingEnabled(),
        properties.materializedRowIdColumn(),
        properties.materializedRowCommitVersionColumn());
  }
}
