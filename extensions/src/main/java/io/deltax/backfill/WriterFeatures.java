package io.deltax.backfill;

import io.deltax.errors.DeltaXErrors;
import io.deltax.actions.Protocol;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * The writer side of the protocol for a row tracking backfill (PROTOCOL.md, "Table Features"):
 * which writer features the backfill's commits respect, and the protocol that adds
 * {@code rowTracking} and {@code domainMetadata}.
 */
public final class WriterFeatures {
  public static final String ROW_TRACKING = "rowTracking";
  public static final String DOMAIN_METADATA = "domainMetadata";

  /**
   * Writer features whose rules a metadata-only commit (files re-added with {@code dataChange =
   * false}, no data written, nothing removed) keeps. Iceberg compatibility is not among them: it
   * asks writers to keep Iceberg metadata in step.
   */
  static final Set<String> BACKFILL_SAFE = Set.of(
      "appendOnly", "invariants", "checkConstraints", "changeDataFeed", "generatedColumns",
      "columnMapping", "identityColumns", "deletionVectors", ROW_TRACKING, DOMAIN_METADATA,
      "v2Checkpoint", "timestampNtz", "typeWidening", "typeWidening-preview", "variantType",
      "variantType-preview", "vacuumProtocolCheck", "checkpointProtection", "inCommitTimestamp",
      "clustering", "allowColumnDefaults", "collations-preview");

  private WriterFeatures() {}

  /** The writer features a legacy writer version stands for (PROTOCOL.md, "Table Features"). */
  static Set<String> legacyFeatures(int writerVersion) {
    Set<String> features = new LinkedHashSet<>();
    if (writerVersion >= 2) {
      features.add("appendOnly");
      features.add("invariants");
    }
    if (writerVersion >= 3) {
      features.add("checkConstraints");
    }
    if (writerVersion >= 4) {
      features.add("changeDataFeed");
      features.add("generatedColumns");
    }
    if (writerVersion >= 5) {
      features.add("columnMapping");
    }
    if (writerVersion >= 6) {
      features.add("identityColumns");
    }
    return features;
  }

  /** The table's writer features, legacy versions spelled out. */
  public static Set<String> effective(Protocol protocol) {
    return protocol.supportsWriterFeatures() ? protocol.writerFeatures()
        : legacyFeatures(protocol.minWriterVersion());
  }

  public static boolean supportsRowTracking(Protocol protocol) {
    return protocol.supportsWriterFeatures() && protocol.writerFeatures().contains(ROW_TRACKING);
  }

  /** Refuses a table with a writer feature whose rules the backfill does not know. */
  static void checkWritable(String table, Protocol protocol) {
    List<String> unknown = new ArrayList<>();
    for (String feature : effective(protocol)) {
      if (!BACKFILL_SAFE.contains(feature)) {
        unknown.add(feature);
      }
    }
    if (!unknown.isEmpty()) {
      throw DeltaXErrors.unsupportedWriterFeatures(table, unknown, new TreeSet<>(BACKFILL_SAFE));
    }
  }

  /**
   * The protocol with {@code rowTracking} and {@code domainMetadata} added: writer version 7 with
   * the legacy features spelled out, the reader side untouched (as delta-spark's UPGRADE PROTOCOL).
   */
  static Protocol withRowTracking(Protocol protocol) {
    Set<String> writer = new LinkedHashSet<>(effective(protocol));
    writer.add(DOMAIN_METADATA);
    writer.add(ROW_TRACKING);
    return new Protocol(protocol.minReaderVersion(), 7, protocol.readerFeatures(), writer);
  }
}
