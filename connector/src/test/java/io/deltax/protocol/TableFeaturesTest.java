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

import static io.deltax.errors.DeltaXErrorCondition.DELTAX_UNSUPPORTED_READER_FEATURE;
import static io.deltax.errors.DeltaXErrorCondition.DELTAX_UNSUPPORTED_READER_VERSION;
import static io.deltax.errors.DeltaXErrorCondition.DELTAX_UNSUPPORTED_WRITER_FEATURE;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.deltax.actions.Protocol;
import io.deltax.errors.DeltaXAnalysisException;
import io.deltax.protocol.TableFeature.Type;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** {@link TableFeatures} against what PROTOCOL.md says, section by section. */
class TableFeaturesTest {
  private static Protocol legacy(int reader, int writer) {
    return new Protocol(reader, writer, Set.of(), Set.of());
  }

  private static Protocol listed(
      int reader, List<String> readerFeatures, List<String> writerFeatures) {
    return new Protocol(
        reader, 7, new LinkedHashSet<>(readerFeatures), new LinkedHashSet<>(writerFeatures));
  }

  /**
   * "Writer Version Requirements": each writer version adds its features to those of the versions
   * below it. "Reader Version Requirements": reader version 2 adds column mapping, which writers
   * respect from writer version 5; a legacy protocol implies a feature only where both versions
   * reach it.
   */
  @Test
  void legacyProtocolsImplyTheFeaturesOfTheirVersions() {
    Map<Integer, List<String>> addedByWriterVersion =
        Map.of(
            1, List.of(),
            2, List.of("appendOnly", "invariants"),
            3, List.of("checkConstraints"),
            4, List.of("changeDataFeed", "generatedColumns"),
            5, List.of("columnMapping"),
            6, List.of("identityColumns"));
    for (int reader = 1; reader <= 2; reader++) {
      Set<String> expected = new LinkedHashSet<>();
      for (int writer = 1; writer <= 6; writer++) {
        expected.addAll(addedByWriterVersion.get(writer));
        Set<String> withReaderVersion = new LinkedHashSet<>(expected);
        if (reader < 2) {
          withReaderVersion.remove("columnMapping");
        }
        Protocol p = legacy(reader, writer);
        assertEquals(
            withReaderVersion, TableFeatures.supported(p), "(" + reader + ", " + writer + ")");
        assertEquals(
            reader == 2 && writer >= 5 ? Set.of("columnMapping") : Set.of(),
            TableFeatures.readerFeatures(p),
            "(" + reader + ", " + writer + ")");
      }
    }
  }

  @Test
  void protocolsWithFeatureListsSupportWhatTheyList() {
    Protocol writerOnly =
        listed(1, List.of(), List.of("appendOnly", "rowTracking", "domainMetadata"));
    assertEquals(
        Set.of("appendOnly", "rowTracking", "domainMetadata"), TableFeatures.supported(writerOnly));
    assertFalse(
        TableFeatures.isSupported(writerOnly, "invariants"), "writer version 7 implies nothing");
    assertTrue(TableFeatures.readerFeatures(writerOnly).isEmpty());

    // "Protocol Evolution": reader version 2 with writer features is the same table as reader
    // version 3 listing column mapping as a reader feature.
    Protocol readerVersion2 = listed(2, List.of(), List.of("columnMapping", "identityColumns"));
    Protocol readerVersion3 =
        listed(3, List.of("columnMapping"), List.of("columnMapping", "identityColumns"));
    assertEquals(TableFeatures.supported(readerVersion3), TableFeatures.supported(readerVersion2));
    assertEquals(Set.of("columnMapping"), TableFeatures.readerFeatures(readerVersion2));
    assertEquals(Set.of("columnMapping"), TableFeatures.readerFeatures(readerVersion3));
  }

  /** "Valid Feature Names in Table Features": the name and "Readers or Writers?" columns. */
  @Test
  void typesAreThoseOfTheProtocolsFeatureTable() {
    List<String> writersOnly =
        List.of(
            "appendOnly",
            "invariants",
            "checkConstraints",
            "generatedColumns",
            "allowColumnDefaults",
            "changeDataFeed",
            "identityColumns",
            "rowTracking",
            "domainMetadata",
            "icebergCompatV1",
            "icebergCompatV2",
            "clustering",
            "inCommitTimestamp");
    List<String> readersAndWriters =
        List.of(
            "columnMapping",
            "deletionVectors",
            "timestampNtz",
            "v2Checkpoint",
            "catalogManaged",
            "vacuumProtocolCheck");
    Protocol none = legacy(1, 1);
    for (String name : writersOnly) {
      assertEquals(Type.WRITER, TableFeatures.type(name, none), name);
    }
    for (String name : readersAndWriters) {
      assertEquals(Type.READER_WRITER, TableFeatures.type(name, none), name);
    }
    Protocol unknown = listed(3, List.of("futureReader"), List.of("futureReader", "futureWriter"));
    assertEquals(Type.READER_WRITER, TableFeatures.type("futureReader", unknown));
    assertEquals(Type.WRITER, TableFeatures.type("futureWriter", unknown));
  }

  @Test
  void everyReadableFeatureIsAKnownReaderWriterFeature() {
    for (String name : TableFeatures.readable()) {
      assertEquals(Type.READER_WRITER, TableFeatures.known(name).orElseThrow().type(), name);
    }
    assertTrue(
        TableFeatures.readable()
            .containsAll(
                List.of(
                    "columnMapping",
                    "deletionVectors",
                    "v2Checkpoint",
                    "timestampNtz",
                    "typeWidening",
                    "variantType",
                    "vacuumProtocolCheck")));
    assertFalse(TableFeatures.readable().contains("catalogManaged"));
  }

  @Test
  void readerCheck() {
    assertDoesNotThrow(() -> TableFeatures.checkReadable("/t", 1, legacy(2, 5)));
    assertDoesNotThrow(
        () ->
            TableFeatures.checkReadable(
                "/t",
                1,
                listed(
                    3, List.of("deletionVectors"), List.of("deletionVectors", "icebergCompatV2"))));

    DeltaXAnalysisException version =
        assertThrows(
            DeltaXAnalysisException.class,
            () -> TableFeatures.checkReadable("/t", 4, legacy(4, 7)));
    assertEquals(DELTAX_UNSUPPORTED_READER_VERSION, version.condition());

    DeltaXAnalysisException feature =
        assertThrows(
            DeltaXAnalysisException.class,
            () ->
                TableFeatures.checkReadable(
                    "/t",
                    2,
                    listed(
                        3,
                        List.of("catalogManaged", "v2Checkpoint", "futureFeature"),
                        List.of("catalogManaged", "v2Checkpoint", "futureFeature"))));
    assertEquals(DELTAX_UNSUPPORTED_READER_FEATURE, feature.condition());
    assertTrue(
        feature.getMessage().contains("[catalogManaged, futureFeature]"), feature.getMessage());
    assertTrue(feature.getMessage().contains("/t (version 2)"), feature.getMessage());

    assertTrue(
        TableFeatures.isReadable("futureWriter", listed(1, List.of(), List.of("futureWriter"))),
        "readers ignore writer features");
    assertFalse(
        TableFeatures.isReadable(
            "catalogManaged", listed(3, List.of("catalogManaged"), List.of("catalogManaged"))));
  }

  @Test
  void writerCheckRefusesFeaturesWhoseRulesDeltaxDoesNotKeep() {
    for (int writer = 1; writer <= 6; writer++) {
      int version = writer;
      assertDoesNotThrow(() -> TableFeatures.checkWritable("/t", legacy(2, version)));
    }
    assertDoesNotThrow(
        () ->
            TableFeatures.checkWritable(
                "/t",
                listed(
                    3,
                    List.of("deletionVectors", "v2Checkpoint"),
                    List.of("deletionVectors", "v2Checkpoint", "rowTracking", "domainMetadata"))));
    for (String refused : List.of("icebergCompatV2", "futureWriter")) {
      DeltaXAnalysisException e =
          assertThrows(
              DeltaXAnalysisException.class,
              () ->
                  TableFeatures.checkWritable(
                      "/t", listed(1, List.of(), List.of("appendOnly", refused))));
      assertEquals(DELTAX_UNSUPPORTED_WRITER_FEATURE, e.condition());
      assertTrue(e.getMessage().contains("[" + refused + "]"), e.getMessage());
      assertTrue(e.getMessage().contains("/t"), e.getMessage());
    }
  }

  @Test
  void addingWriterFeaturesSpellsOutTheLegacyOnesAndLeavesTheReaderSide() {
    Protocol upgraded =
        TableFeatures.withWriterFeatures(legacy(1, 2), "domainMetadata", "rowTracking");
    assertEquals(7, upgraded.minWriterVersion());
    assertEquals(1, upgraded.minReaderVersion());
    assertEquals(
        List.of("appendOnly", "invariants", "domainMetadata", "rowTracking"),
        new ArrayList<>(upgraded.writerFeatures()));

    Protocol mapped = TableFeatures.withWriterFeatures(legacy(2, 5), "rowTracking");
    assertEquals(2, mapped.minReaderVersion());
    assertTrue(mapped.writerFeatures().contains("columnMapping"));
    assertEquals(Set.of("columnMapping"), TableFeatures.readerFeatures(mapped));

    Protocol features = listed(3, List.of("deletionVectors"), List.of("deletionVectors"));
    Protocol again = TableFeatures.withWriterFeatures(features, "rowTracking");
    assertEquals(Set.of("deletionVectors"), again.readerFeatures());
    assertEquals(
        List.of("deletionVectors", "rowTracking"), new ArrayList<>(again.writerFeatures()));
  }
}
