package io.deltax.log;

import io.deltax.actions.Metadata;

/** The table properties of in-commit timestamps (PROTOCOL.md, "In-Commit Timestamps"). */
final class InCommitTimestamps {
  private InCommitTimestamps() {}

  static boolean isEnabled(Metadata metadata) {
    return "true".equalsIgnoreCase(metadata.property("delta.enableInCommitTimestamps"));
  }

  /** The first version with in-commit timestamps: 0 when the table had them from its creation. */
  static long enablementVersion(Metadata metadata) {
    String version = metadata.property("delta.inCommitTimestampEnablementVersion");
    return version == null ? 0 : Long.parseLong(version);
  }
}
