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
package io.deltax.streaming;

import static io.deltax.errors.DeltaXErrorCondition.DELTAX_STREAM_VERSIONS_MISSING;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.deltax.actions.Action;
import io.deltax.errors.DeltaXRuntimeException;
import io.deltax.log.TransactionLog;
import io.deltax.testing.TestLog;
import io.deltax.testing.WarningsOf;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * How a stream reads commits on a log written by hand: each commit file once while cached, and
 * where commits are gone, the failOnDataLoss rule (fail naming them, or skip to the next one).
 */
class CommitLogGapsTest {
  @TempDir Path dir;

  private TransactionLog log(int... versions) throws Exception {
    for (int v : versions) {
      if (v == 0) {
        TestLog.commit(dir, 0, TestLog.PROTOCOL, TestLog.metadata("t"), TestLog.add("a"));
      } else {
        TestLog.commit(dir, v, TestLog.add("f" + v));
      }
    }
    return TransactionLog.open(dir.toString(), new Configuration());
  }

  @Test
  void aCachedCommitIsNotReadAgain() throws Exception {
    TransactionLog log = log(0, 1);
    FileStatus file = log.listing().commit(1).orElseThrow();
    CommitActionsCache cache = new CommitActionsCache();
    List<Action> first = cache.actions(log, file, 1);
    assertEquals(1, first.size());
    Files.delete(dir.resolve("_delta_log").resolve(file.getPath().getName()));
    // Gone from the store, still answered: the second poll read no file.
    assertSame(first, cache.actions(log, file, 1));
  }

  @Test
  void missingCommitsFailNamingThemOrAreSkipped() throws Exception {
    TransactionLog log = log(0, 3, 4);
    DeltaXRuntimeException e =
        assertThrows(
            DeltaXRuntimeException.class,
            () -> new MissingCommits("/t", true).readableFrom(log, 1, 4));
    assertEquals(DELTAX_STREAM_VERSIONS_MISSING, e.condition());
    assertTrue(
        e.getMessage().contains("versions 1 to 2") && e.getMessage().contains("version 3"),
        e.getMessage());
    assertEquals(4, new MissingCommits("/t", true).readableFrom(log, 4, 4));
    // Skipped with one warning, however often the stream's polls ask about the same gap.
    List<String> warnings = new ArrayList<>();
    MissingCommits skipping = new MissingCommits("/t", false);
    try (WarningsOf logged = new WarningsOf(MissingCommits.class, warnings)) {
      assertEquals(3, skipping.readableFrom(log, 1, 4));
      assertEquals(3, skipping.readableFrom(log, 1, 4));
    }
    assertEquals(1, warnings.size(), warnings.toString());
    assertTrue(warnings.get(0).contains("versions 1 to 2"), warnings.get(0));
  }
}
