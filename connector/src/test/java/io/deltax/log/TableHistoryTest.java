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
package io.deltax.log;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.deltax.actions.Metadata;
import io.deltax.actions.Protocol;
import io.deltax.testing.TestLog;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Since when something holds, as far as the log shows: from version 0, or from the oldest version
 * the log can rebuild (its checkpoint) after a clean-up, never guessed from a repeated action.
 */
class TableHistoryTest {
  private static final String LEGACY = protocol("\"minReaderVersion\":1,\"minWriterVersion\":2");
  private static final String ROW_TRACKING =
      protocol(
          "\"minReaderVersion\":1,\"minWriterVersion\":7,"
              + "\"writerFeatures\":[\"appendOnly\",\"invariants\",\"domainMetadata\",\"rowTracking\"]");
  private static final String DELETION_VECTORS =
      protocol(
          "\"minReaderVersion\":3,\"minWriterVersion\":7,"
              + "\"readerFeatures\":[\"deletionVectors\"],\"writerFeatures\":[\"appendOnly\",\"invariants\","
              + "\"domainMetadata\",\"rowTracking\",\"deletionVectors\"]");
  private static final String OFF = metadata("false");
  private static final String ON = metadata("true");
  private static final Predicate<Metadata> ENABLED =
      m -> "true".equals(m.property("delta.enableRowTracking"));
  private static final Predicate<Protocol> HAS_ROW_TRACKING =
      p -> p.writerFeatures().contains("rowTracking");
  private static final Predicate<Protocol> HAS_DELETION_VECTORS =
      p -> p.writerFeatures().contains("deletionVectors");

  @TempDir Path dir;

  @Test
  void completeHistoryStartsBeforeVersionZero() throws IOException {
    commit(0, LEGACY, OFF);
    commit(1, ROW_TRACKING);
    commit(2, ON);
    commit(3, ON); // SET TBLPROPERTIES repeating the property
    TableHistory history = history();
    assertTrue(history.complete());
    assertEquals(Optional.of(2L), history.metadataTurnedOn(ENABLED));
    assertEquals(Optional.of(1L), history.protocolTurnedOn(HAS_ROW_TRACKING));
    assertEquals(Optional.of(0L), history.protocolTurnedOn(p -> p.minWriterVersion() >= 2));
  }

  @Test
  void afterCleanUpTheCheckpointIsTheBaseline() throws IOException {
    commit(0, LEGACY, OFF);
    commit(1, ROW_TRACKING);
    commit(2, ON);
    commit(3);
    checkpoint(3, ROW_TRACKING, ON);
    commit(4, ON); // repeats the property: not the enablement
    commit(5, DELETION_VECTORS);
    deleteCommitsBefore(3);
    TableHistory history = history();
    assertFalse(history.complete());
    assertEquals(3L, history.baseline().orElseThrow().version());
    assertEquals(Optional.empty(), history.metadataTurnedOn(ENABLED), "enabled before the history");
    assertEquals(Optional.empty(), history.protocolTurnedOn(HAS_ROW_TRACKING));
    assertEquals(
        Optional.of(5L),
        history.protocolTurnedOn(HAS_DELETION_VECTORS),
        "absent from the checkpoint's protocol, added by commit 5");
  }

  @Test
  void aChangeAfterTheBaselineIsSeen() throws IOException {
    commit(0, ROW_TRACKING, OFF);
    commit(1);
    checkpoint(1, ROW_TRACKING, OFF);
    commit(2, ON);
    deleteCommitsBefore(1);
    assertEquals(Optional.of(2L), history().metadataTurnedOn(ENABLED));
  }

  @Test
  void commitsOlderThanTheBaselineTellWhereTheyReplacedTheAction() throws IOException {
    commit(0, LEGACY, OFF);
    commit(1, ROW_TRACKING, OFF);
    commit(2, ON);
    commit(3);
    checkpoint(3, ROW_TRACKING, ON);
    commit(4, ON);
    deleteCommitsBefore(1);
    TableHistory history = history();
    assertEquals(
        Optional.of(2L), history.metadataTurnedOn(ENABLED), "version 1's metadata was off");
    assertEquals(
        Optional.empty(),
        history.protocolTurnedOn(HAS_ROW_TRACKING),
        "version 1's protocol may have repeated version 0's");
  }

  @Test
  void aGapForgetsWhatCameBeforeIt() throws IOException {
    commit(0, ROW_TRACKING, OFF);
    commit(1, OFF);
    commit(2, ON);
    commit(3, OFF);
    commit(4, ON);
    checkpoint(4, ROW_TRACKING, ON);
    commit(5);
    deleteCommitsBefore(1);
    Files.delete(dir.resolve("_delta_log").resolve(LogFileName.commitName(3)));
    Files.delete(dir.resolve("_delta_log").resolve(LogFileName.commitName(4)));
    assertEquals(
        Optional.empty(),
        history().metadataTurnedOn(ENABLED),
        "turned on at 2, but versions 3 and 4 are gone");
  }

  private TableHistory history() {
    return TableHistory.of(TransactionLog.open(dir.toString(), new Configuration()));
  }

  private static String protocol(String fields) {
    return "{\"protocol\":{" + fields + "}}";
  }

  private static String metadata(String rowTracking) {
    return TestLog.metadata(
        "t", TestLog.schema(), "{\"delta.enableRowTracking\":\"" + rowTracking + "\"}");
  }

  /** Commit {@code version}: a {@code commitInfo}, then {@code actions}. */
  private void commit(long version, String... actions) throws IOException {
    List<String> lines = new ArrayList<>();
    lines.add("{\"commitInfo\":{\"operation\":\"TEST\"}}");
    lines.addAll(List.of(actions));
    TestLog.write(dir, LogFileName.commitName(version), lines);
  }

  /**
   * A V2 checkpoint in JSON (PROTOCOL.md, "V2 Spec"): the table's protocol and metadata, no files.
   */
  private void checkpoint(long version, String protocol, String metadata) throws IOException {
    TestLog.write(
        dir,
        String.format("%020d.checkpoint.80a083e8-7026-4e79-81be-64bd76c43a11.json", version),
        List.of("{\"checkpointMetadata\":{\"version\":" + version + "}}", protocol, metadata));
  }

  private void deleteCommitsBefore(long version) throws IOException {
    for (long v = 0; v < version; v++) {
      Files.delete(dir.resolve("_delta_log").resolve(LogFileName.commitName(v)));
    }
  }
}
