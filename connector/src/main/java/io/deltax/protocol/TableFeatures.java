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
package io.deltax.protocol;

import io.deltax.actions.Protocol;
import io.deltax.errors.DeltaXErrors;
import io.deltax.protocol.TableFeature.Type;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * deltax's one answer to "which features does this table have, and can deltax read or write it?"
 * (PROTOCOL.md, "Table Features", "Protocol Evolution"): every feature deltax knows, with its type
 * and the legacy protocol versions that imply it, and the checks a reader and a writer run.
 *
 * <p>A legacy protocol (reader version 1 or 2 and writer version 1 to 6) lists no features; it
 * supports every feature its two versions reach. A protocol with a feature list (reader version 3,
 * or writer version 7) supports exactly the features it lists, as delta-spark's {@code DESCRIBE
 * DETAIL} ({@code tableFeatures}) shows them.
 */
public final class TableFeatures {
  public static final String APPEND_ONLY = "appendOnly";
  public static final String INVARIANTS = "invariants";
  public static final String CHECK_CONSTRAINTS = "checkConstraints";
  public static final String CHANGE_DATA_FEED = "changeDataFeed";
  public static final String GENERATED_COLUMNS = "generatedColumns";
  public static final String COLUMN_MAPPING = "columnMapping";
  public static final String IDENTITY_COLUMNS = "identityColumns";
  public static final String DELETION_VECTORS = "deletionVectors";
  public static final String ROW_TRACKING = "rowTracking";
  public static final String DOMAIN_METADATA = "domainMetadata";
  public static final String V2_CHECKPOINT = "v2Checkpoint";
  public static final String IN_COMMIT_TIMESTAMP = "inCommitTimestamp";

  /** The first versions with feature lists (PROTOCOL.md, "Protocol Evolution"). */
  public static final int TABLE_FEATURES_READER_VERSION = 3;

  public static final int TABLE_FEATURES_WRITER_VERSION = 7;

  /** What deltax does with a feature: read tables with it, and keep its rules when it commits. */
  private enum DeltaX {
    READS_AND_WRITES(true, true),
    READS(true, false),
    NEITHER(false, false);

    final boolean reads;
    final boolean writes;

    DeltaX(boolean reads, boolean writes) {
      this.reads = reads;
      this.writes = writes;
    }
  }

  /**
   * Every feature deltax knows, legacy ones first in the order of their writer versions. "Writes"
   * means that deltax's commits keep the feature's rules: they re-add files with {@code dataChange
   * = false}, change the protocol, the metadata and domains, and write no data. Iceberg
   * compatibility is not among them: it asks writers to keep Iceberg metadata in step.
   */
  private static final Map<String, TableFeature> KNOWN =
      catalog(
          writer(APPEND_ONLY, 2, DeltaX.READS_AND_WRITES),
          writer(INVARIANTS, 2, DeltaX.READS_AND_WRITES),
          writer(CHECK_CONSTRAINTS, 3, DeltaX.READS_AND_WRITES),
          writer(CHANGE_DATA_FEED, 4, DeltaX.READS_AND_WRITES),
          writer(GENERATED_COLUMNS, 4, DeltaX.READS_AND_WRITES),
          new TableFeature(COLUMN_MAPPING, Type.READER_WRITER, 2, 5, true, true),
          writer(IDENTITY_COLUMNS, 6, DeltaX.READS_AND_WRITES),
          readerWriter(DELETION_VECTORS, DeltaX.READS_AND_WRITES),
          writer(ROW_TRACKING, 7, DeltaX.READS_AND_WRITES),
          writer(DOMAIN_METADATA, 7, DeltaX.READS_AND_WRITES),
          readerWriter(V2_CHECKPOINT, DeltaX.READS_AND_WRITES),
          readerWriter("timestampNtz", DeltaX.READS_AND_WRITES),
          readerWriter("typeWidening", DeltaX.READS_AND_WRITES),
          readerWriter("typeWidening-preview", DeltaX.READS_AND_WRITES),
          readerWriter("variantType", DeltaX.READS_AND_WRITES),
          readerWriter("variantType-preview", DeltaX.READS_AND_WRITES),
          readerWriter("vacuumProtocolCheck", DeltaX.READS_AND_WRITES),
          writer(IN_COMMIT_TIMESTAMP, 7, DeltaX.READS_AND_WRITES),
          writer("checkpointProtection", 7, DeltaX.READS_AND_WRITES),
          writer("clustering", 7, DeltaX.READS_AND_WRITES),
          writer("allowColumnDefaults", 7, DeltaX.READS_AND_WRITES),
          writer("collations-preview", 7, DeltaX.READS_AND_WRITES),
          writer("icebergCompatV1", 7, DeltaX.READS),
          writer("icebergCompatV2", 7, DeltaX.READS),
          writer("icebergCompatV3", 7, DeltaX.READS),
          writer("icebergWriterCompatV1", 7, DeltaX.READS),
          writer("icebergWriterCompatV3", 7, DeltaX.READS),
          writer("materializePartitionColumns", 7, DeltaX.READS),
          // Read only where no commit coordinator is configured (TransactionLog refuses the
          // others).
          writer("coordinatedCommits-preview", 7, DeltaX.READS),
          readerWriter("catalogManaged", DeltaX.NEITHER),
          // Shredded variants (PROTOCOL.md, "Variant Shredding") are a Parquet encoding that
          // Spark's
          // reader rebuilds (spark.sql.variant.allowReadingShredded, on by default since Spark
          // 4.0), so
          // deltax reads them. Its commits copy files as they are, but it does not yet check the
          // feature's writer rules, so it does not commit to such tables.
          readerWriter("variantShredding", DeltaX.READS),
          readerWriter("variantShredding-preview", DeltaX.READS),
          readerWriter("geospatial", DeltaX.NEITHER),
          // Delta 4.4's development and preview features: refused by name until their rules are in
          // PROTOCOL.md and deltax follows them.
          readerWriter("geospatial-dev", DeltaX.NEITHER),
          readerWriter("adaptiveMetadata-preview", DeltaX.NEITHER));

  private TableFeatures() {}

  private static TableFeature writer(String name, int minWriterVersion, DeltaX deltax) {
    // Readers ignore writer features (PROTOCOL.md, "Table Features"): deltax reads them all.
    return new TableFeature(name, Type.WRITER, 1, minWriterVersion, true, deltax.writes);
  }

  private static TableFeature readerWriter(String name, DeltaX deltax) {
    return new TableFeature(
        name,
        Type.READER_WRITER,
        TABLE_FEATURES_READER_VERSION,
        TABLE_FEATURES_WRITER_VERSION,
        deltax.reads,
        deltax.writes);
  }

  private static Map<String, TableFeature> catalog(TableFeature... features) {
    Map<String, TableFeature> byName = new LinkedHashMap<>();
    for (TableFeature f : features) {
      byName.put(f.name(), f);
    }
    return byName;
  }

  /** Every feature deltax knows. */
  public static Collection<TableFeature> known() {
    return KNOWN.values();
  }

  public static Optional<TableFeature> known(String name) {
    return Optional.ofNullable(KNOWN.get(name));
  }

  /** The reader-writer features deltax reads: what an error about an unreadable table lists. */
  public static Set<String> readable() {
    return names(f -> f.type() == Type.READER_WRITER && f.deltaxReads());
  }

  /** The features whose rules deltax's commits keep. */
  public static Set<String> writable() {
    return names(TableFeature::deltaxWrites);
  }

  private static Set<String> names(java.util.function.Predicate<TableFeature> which) {
    Set<String> names = new TreeSet<>();
    KNOWN.values().stream().filter(which).forEach(f -> names.add(f.name()));
    return names;
  }

  /**
   * The features the protocol supports: the listed ones, reader features first, or for a legacy
   * protocol the ones its versions imply, in the order of {@link #known()}.
   */
  public static Set<String> supported(Protocol p) {
    Set<String> features = new LinkedHashSet<>();
    if (p.supportsReaderFeatures() || p.supportsWriterFeatures()) {
      features.addAll(p.readerFeatures());
      features.addAll(p.writerFeatures());
      return features;
    }
    for (TableFeature f : KNOWN.values()) {
      if (f.impliedBy(p.minReaderVersion(), p.minWriterVersion())) {
        features.add(f.name());
      }
    }
    return features;
  }

  public static boolean isSupported(Protocol p, String feature) {
    return supported(p).contains(feature);
  }

  /** The supported features that readers must know, reader-writer ones. */
  public static Set<String> readerFeatures(Protocol p) {
    Set<String> features = new LinkedHashSet<>();
    for (String f : supported(p)) {
      if (type(f, p) == Type.READER_WRITER) {
        features.add(f);
      }
    }
    return features;
  }

  /**
   * A known feature's type; an unknown one is a reader-writer feature if the protocol lists it so.
   */
  public static Type type(String feature, Protocol p) {
    return known(feature)
        .map(TableFeature::type)
        .orElse(p.readerFeatures().contains(feature) ? Type.READER_WRITER : Type.WRITER);
  }

  /** Whether deltax reads a table with this feature. Readers ignore writer features. */
  public static boolean isReadable(String feature, Protocol p) {
    return type(feature, p) == Type.WRITER
        || known(feature).map(TableFeature::deltaxReads).orElse(false);
  }

  /**
   * Refuses a table that needs a reader feature deltax does not implement (PROTOCOL.md, "Table
   * Features"): run on every snapshot before any data file is opened. Reader versions 1 and 2
   * (column mapping) name no features and need none deltax lacks.
   */
  public static void checkReadable(String table, long version, Protocol p) {
    if (p.minReaderVersion() > TABLE_FEATURES_READER_VERSION) {
      throw DeltaXErrors.unsupportedReaderVersion(table, version, p.minReaderVersion());
    }
    List<String> unsupported = new ArrayList<>();
    for (String feature : p.supportsReaderFeatures() ? p.readerFeatures() : Set.<String>of()) {
      if (!known(feature).map(TableFeature::deltaxReads).orElse(false)) {
        unsupported.add(feature);
      }
    }
    if (!unsupported.isEmpty()) {
      throw DeltaXErrors.unsupportedReaderFeatures(table, version, unsupported, readable());
    }
  }

  /**
   * Refuses, before anything is written, a table with a feature whose rules deltax's commits do not
   * keep. Writers must respect every supported feature, reader features included.
   */
  public static void checkWritable(String table, Protocol p) {
    List<String> unknown = new ArrayList<>();
    for (String feature : supported(p)) {
      if (!known(feature).map(TableFeature::deltaxWrites).orElse(false)) {
        unknown.add(feature);
      }
    }
    if (!unknown.isEmpty()) {
      throw DeltaXErrors.unsupportedWriterFeatures(table, unknown, writable());
    }
  }

  /**
   * The protocol with the given writer features added: writer version 7 with the features a legacy
   * writer version implied spelled out, the reader side untouched (as delta-spark's {@code UPGRADE
   * PROTOCOL} does; PROTOCOL.md, "Protocol Evolution", shows reader version 2 with writer
   * features).
   */
  public static Protocol withWriterFeatures(Protocol p, String... features) {
    Set<String> writer =
        new LinkedHashSet<>(p.supportsWriterFeatures() ? p.writerFeatures() : supported(p));
    writer.addAll(List.of(features));
    return new Protocol(
        p.minReaderVersion(), TABLE_FEATURES_WRITER_VERSION, p.readerFeatures(), writer);
  }
}
