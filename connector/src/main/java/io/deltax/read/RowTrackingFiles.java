package io.deltax.read;

import io.deltax.errors.DeltaXErrors;
import io.deltax.log.Snapshot;
import io.deltax.actions.AddFile;
import io.deltax.read.metadata.MetadataReadPlan;

/** Row tracking's promise about files, checked before a scan that reads row IDs opens one. */
final class RowTrackingFiles {
  private RowTrackingFiles() {}

  /**
   * With row tracking enabled, every active file has {@code baseRowId} and
   * {@code defaultRowCommitVersion} (PROTOCOL.md, "Row Tracking": enablement requires a backfill).
   */
  static void check(Snapshot snapshot, AddFile file, MetadataReadPlan plan) {
    if ((plan.needsBaseRowId() && file.baseRowId() == null)
        || (plan.needsDefaultRowCommitVersion() && file.defaultRowCommitVersion() == null)) {
      throw DeltaXErrors.missingRowTrackingFields(snapshot.tableRoot().toString(),
          snapshot.version(), file.path());
    }
  }
}
