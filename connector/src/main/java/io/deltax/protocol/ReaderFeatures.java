package io.deltax.protocol;

import io.deltax.errors.DeltaXErrors;
import io.deltax.actions.Protocol;
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
      "columnMapping", "deletionVectors", "timestampNtz", "typeWidening", "typeWidening-preview",
      "v2Checkpoint", "vacuumProtocolCheck", "variantType", "variantType-preview");

  private ReaderFeatures() {}

  public static void check(String table, long version, Protocol protocol) {
    int readerVersion = protocol.minReaderVersion();
    if (readerVersion > 3) {
      throw DeltaXErrors.unsupportedReaderVersion(table, version, readerVersion);
    }
    // Reader versions 1 and 2 (column mapping) name no features and need none deltax lacks.
    List<String> unsupported = new ArrayList<>();
    if (protocol.supportsReaderFeatures()) {
      for (String feature : protocol.readerFeatures()) {
        if (!SUPPORTED.contains(feature)) {
          unsupported.add(feature);
        }
      }
    }
    if (!unsupported.isEmpty()) {
      throw DeltaXErrors.unsupportedReaderFeatures(table, version, unsupported, new TreeSet<>(SUPPORTED));
    }
  }
}
