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

import static io.deltax.testing.TestLog.commitAt;
import static io.deltax.testing.TestLog.schema;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.deltax.errors.DeltaXErrorCondition;
import io.deltax.errors.DeltaXRuntimeException;
import io.deltax.testing.TestLog;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalInt;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The history's versions and timestamps, as delta-spark's {@code DESCRIBE HISTORY} gives them: file
 * times made increasing over the versions listed, in-commit timestamps from their enablement on,
 * the newest {@code limit} versions, the commits still in the log.
 */
class CommitHistoryTest {
  private static final String PROTOCOL =
      "{\"protocol\":{\"minReaderVersion\":1,\"minWriterVersion\":7,"
          + "\"writerFeatures\":[\"inCommitTimestamp\"]}}";

  @TempDir Path table;

  private static String metadata(String configuration) {
    return TestLog.metadata("t", schema(), "{" + configuration + "}");
  }

  private static String write(String more) {
    return "{\"commitInfo\":{" + more + "\"operation\":\"WRITE\"}}";
  }

  private List<CommitHistory.Entry> history(OptionalInt limit) {
    TransactionLog log = TransactionLog.open(table.toString(), new Configuration());
    return log.commitHistory(log.latestSnapshot(), limit);
  }

  private static List<Long> versions(List<CommitHistory.Entry> entries) {
    return entries.stream().map(CommitHistory.Entry::version).toList();
  }

  private static List<Long> timestamps(List<CommitHistory.Entry> entries) {
    return entries.stream().map(CommitHistory.Entry::timestamp).toList();
  }

  @Test
  void fileTimesMadeIncreasingOverTheVersionsListed() throws IOException {
    commitAt(table, 0, 10_000, PROTOCOL, metadata(""));
    commitAt(table, 1, 20_000, write(""));
    commitAt(table, 2, 15_000, write(""));
    commitAt(table, 3, 20_000, write(""));
    List<CommitHistory.Entry> all = history(OptionalInt.empty());
    assertEquals(List.of(3L, 2L, 1L, 0L), versions(all));
    assertEquals(List.of(20_002L, 20_001L, 20_000L, 10_000L), timestamps(all));
    assertEquals("WRITE", all.get(0).info().operation());
    // Made increasing over the versions returned only, as delta-spark's history with a limit.
    List<CommitHistory.Entry> two = history(OptionalInt.of(2));
    assertEquals(List.of(3L, 2L), versions(two));
    assertEquals(List.of(20_000L, 15_000L), timestamps(two));
    assertEquals(List.of(3L, 2L, 1L, 0L), versions(history(OptionalInt.of(10))));
  }

  @Test
  void inCommitTimestampsFromTheirEnablementOn() throws IOException {
    commitAt(table, 0, 10_000, PROTOCOL, metadata(""));
    commitAt(table, 1, 9_000, write(""));
    commitAt(
        table,
        2,
        1,
        write("\"inCommitTimestamp\":30000,"),
        metadata(
            "\"delta.enableInCommitTimestamps\":\"true\","
                + "\"delta.inCommitTimestampEnablementVersion\":\"2\""));
    commitAt(table, 3, 1, write("\"inCommitTimestamp\":40000,"));
    assertEquals(
        List.of(40_000L, 30_000L, 10_001L, 10_000L), timestamps(history(OptionalInt.empty())));
  }

  @Test
  void onlyTheCommitsStillInTheLog() throws IOException {
    commitAt(table, 0, 10_000, PROTOCOL, metadata(""));
    commitAt(table, 1, 20_000, write(""));
    commitAt(table, 2, 30_000, "{\"add\":{\"path\":\"a\",\"size\":1,\"modificationTime\":1}}");
    commitAt(table, 3, 40_000, write(""));
    TestLog.write(
        table,
        "00000000000000000002.checkpoint.80a083e8-7026-4e79-81be-64bd76c43a11.json",
        List.of("{\"checkpointMetadata\":{\"version\":2}}", PROTOCOL, metadata("")));
    Files.delete(TestLog.dir(table).resolve("00000000000000000000.json"));
    Files.delete(TestLog.dir(table).resolve("00000000000000000001.json"));
    List<CommitHistory.Entry> all = history(OptionalInt.empty());
    assertEquals(List.of(3L, 2L), versions(all));
    assertNull(all.get(1).info(), "a commit without commitInfo");
    assertEquals(List.of(3L, 2L), versions(history(OptionalInt.of(4))));
  }

  /** With a limit, the older commit files are not read: here they could not be. */
  @Test
  void readsOnlyTheCommitsOfTheVersionsAskedFor() throws IOException {
    commitAt(table, 0, 10_000, PROTOCOL, metadata(""));
    commitAt(table, 1, 20_000, write(""));
    commitAt(table, 2, 30_000, write(""));
    commitAt(table, 3, 40_000, write(""));
    TestLog.write(
        table,
        "00000000000000000002.checkpoint.80a083e8-7026-4e79-81be-64bd76c43a11.json",
        List.of("{\"checkpointMetadata\":{\"version\":2}}", PROTOCOL, metadata("")));
    Files.writeString(TestLog.dir(table).resolve("00000000000000000001.json"), "not JSON\n");
    assertEquals(List.of(3L, 2L), versions(history(OptionalInt.of(2))));
    DeltaXRuntimeException all =
        assertThrows(DeltaXRuntimeException.class, () -> history(OptionalInt.empty()));
    assertEquals(DeltaXErrorCondition.DELTAX_CORRUPT_LOG, all.condition());
  }
}
