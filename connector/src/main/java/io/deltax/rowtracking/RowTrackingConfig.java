package io.deltax.rowtracking;

import io.deltax.log.Snapshot;
import io.deltax.actions.Metadata;
import io.deltax.actions.Protocol;
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

  public static final String FEATURE = "rowTracking";
  public static final String ENABLE_PROPERTY = "delta.enableRowTracking";
  public static final String MATERIALIZED_ROW_ID_PROPERTY =
      "delta.rowTracking.materializedRowIdColumnName";
  public static final String MATERIALIZED_ROW_COMMIT_VERSION_PROPERTY =
      "delta.rowTracking.materializedRowCommitVersionColumnName";
  /** The domain that holds {@code rowIdHighWaterMark} (PROTOCOL.md, "Row IDs"). */
  public static final String DOMAIN = "delta.rowTracking";

  public static RowTrackingConfig of(Snapshot snapshot) {
    return of(snapshot.protocol(), snapshot.metadata());
  }

  public static RowTrackingConfig of(Protocol protocol, Metadata metadata) {
    boolean supported = protocol.writerFeatures().contains(FEATURE);
    return new RowTrackingConfig(
        supported,
        supported && "true".equalsIgnoreCase(metadata.property(ENABLE_PROPERTY)),
        Optional.ofNullable(metadata.property(MATERIALIZED_ROW_ID_PROPERTY)),
        Optional.ofNullable(metadata.property(MATERIALIZED_ROW_COMMIT_VERSION_PROPERTY)));
  }
}
