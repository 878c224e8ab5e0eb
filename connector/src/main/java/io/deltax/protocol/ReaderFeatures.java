package io.deltax.protocol;

import io.deltax.errors.DeltaXErrors;
import io.deltax.log.actions.Metadata;
import io.deltax.log.actions.Protocol;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * Which tables deltax may read (PROTOCOL.md, "Table Features" and "Protocol Evolution"). A reader
 * must refuse a table that needs a reader feature it does not implement; writer-only features never
 * concern a reader. The check runs on the snapshot, before any data file is opened.
 */
public final class ReaderFeatures {
  /** The reader features deltax implements. */
  public static final Set<String> SUPPORTED = Set.of(
      "deletionVectors", "v2Checkpoint", "timestampNtz", "vacuumProtocolCheck");

  /**
   * Features deltax reads only in their inactive form: column mapping with mode {@code none}
   * (a table may list the feature before any column was renamed).
   */
  private static final String COLUMN_MAPPING = "columnMapping";

  private ReaderFeatures() {}

  public static void check(String table, long version, Protocol protocol, Metadata metadata) {
    int readerVersion = protocol.minReaderVersion();
    if (readerVersion > 3) {
      throw DeltaXErrors.unsupportedReaderVersion(table, version, readerVersion);
    }
    List<String> unsupported = new ArrayList<>();
    boolean columnMappingActive = !"none".equals(
        metadata.configuration().getOrDefault("delta.columnMapping.mode", "none"));
    if (protocol.supportsReaderFeatures()) {
      for (String feature : protocol.readerFeatures()) {
        boolean readable = SUPPORTED.contains(feature)
            || (feature.equals(COLUMN_MAPPING) && !columnMappingActive);
        if (!readable) {
          unsupported.add(feature);
        }
      }
    } else if (readerVersion == 2 && columnMappingActive) {
      // Reader version 2 is the legacy way to require column mapping.
      unsupported.add(COLUMN_MAPPING);
    }
    if (!unsupported.isEmpty()) {
      throw DeltaXErrors.unsupportedReaderFeatures(table, version, unsupported, new TreeSet<>(SUPPORTED));
    }
  }
}
