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

import static io.deltax.errors.DeltaXErrorCondition.DELTAX_TIMESTAMP_NOT_AVAILABLE;
import static io.deltax.testing.TestLog.commitAt;
import static io.deltax.testing.TestLog.schema;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.deltax.errors.DeltaXAnalysisException;
import io.deltax.testing.TestLog;
import java.io.IOException;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Where a change feed or stream given a {@code startingTimestamp} starts: the first version
 * committed at or after it, as delta-spark's, by file times made increasing and, from their
 * enablement on, in-commit timestamps.
 */
class StartingTimestampTest {
  private static final String PROTOCOL =
      "{\"protocol\":{\"minReaderVersion\":1,\"minWriterVersion\":7,"
          + "\"writerFeatures\":[\"inCommitTimestamp\"]}}";

  @TempDir Path table;

  private static String metadata(String configuration) {
    return TestLog.metadata("t", schema(), "{" + configuration + "}");
  }

  private long start(long millis) {
    TransactionLog log = TransactionLog.open(table.toString(), new Configuration());
    return log.firstVersionAtOrAfter(millis, millis + " ms", log.latestSnapshot());
  }

  @Test
  void theFirstVersionCommittedAtOrAfterTheTime() throws IOException {
    commitAt(table, 0, 10_000, PROTOCOL, metadata(""));
    commitAt(table, 1, 10_000, "{\"commitInfo\":{\"operation\":\"WRITE\"}}");
    commitAt(table, 2, 20_000, "{\"commitInfo\":{\"operation\":\"WRITE\"}}");
    // Version 3 enables in-commit timestamps: its time and its successor's are theirs, not the
    // files'.
    commitAt(
        table,
        3,
        1,
        "{\"commitInfo\":{\"inCommitTimestamp\":30000,\"operation\":\"SET TBLPROPERTIES\"}}",
        metadata(
            "\"delta.enableInCommitTimestamps\":\"true\",\"delta.inCommitTimestampEnablementVersion\":\"3\""));
    commitAt(table, 4, 1, "{\"commitInfo\":{\"inCommitTimestamp\":40000,\"operation\":\"WRITE\"}}");
    assertEquals(0, start(5_000), "before the first commit: the first");
    assertEquals(0, start(10_000));
    assertEquals(1, start(10_001), "version 1's file time, made one millisecond later");
    assertEquals(2, start(10_002));
    assertEquals(2, start(20_000));
    assertEquals(3, start(20_001));
    assertEquals(4, start(30_001));
    assertEquals(4, start(40_000));
    DeltaXAnalysisException after =
        assertThrows(DeltaXAnalysisException.class, () -> start(40_001));
    assertEquals(DELTAX_TIMESTAMP_NOT_AVAILABLE, after.condition());
    assertTrue(after.getMessage().contains("version 4"), after.getMessage());
  }
}
