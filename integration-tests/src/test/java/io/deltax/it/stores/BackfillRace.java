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
package io.deltax.it.stores;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.spark.sql.Row;

/**
 * Two {@code CALL backfill_row_tracking} runs on one table, released together by a barrier, and
 * what must hold after: every commit each run reports as its own is in the log (no commit was
 * overwritten), the log has no gap, each file was backfilled once, and delta-spark finds distinct
 * row IDs on every row, equal to deltax's. A run may also give up with a conflict error.
 */
final class BackfillRace {
  /** What a run's CALL returned: its result row, or the error it reported. */
  record Outcome(Row result, Exception error) {}

  private BackfillRace() {}

  /** Races two backfills of {@code url} ({@code files} files, {@code batchSize} per commit). */
  static List<Outcome> race(String url, int batchSize) throws Exception {
    CyclicBarrier start = new CyclicBarrier(2);
    ExecutorService pool = Executors.newFixedThreadPool(2);
    try {
      List<Future<Outcome>> runs = new ArrayList<>();
      for (int i = 0; i < 2; i++) {
        runs.add(
            pool.submit(
                () -> {
                  start.await();
                  try {
                    return new Outcome(StoreTables.backfill(url, batchSize), null);
                  } catch (Exception e) {
                    return new Outcome(null, e);
                  }
                }));
      }
      List<Outcome> outcomes = new ArrayList<>();
      for (Future<Outcome> run : runs) {
        outcomes.add(run.get());
      }
      return outcomes;
    } finally {
      pool.shutdownNow();
    }
  }

  /** Everything the race must leave true, for a table of {@code files} files. */
  static void assertSound(String url, int files, List<Outcome> outcomes) throws IOException {
    long filesReported = 0;
    long commitsReported = 0;
    for (Outcome o : outcomes) {
      if (o.error() != null) {
        // Giving up is allowed, with deltax's conflict errors only; never a raw store exception.
        String message = String.valueOf(o.error().getMessage());
        assertTrue(
            message.contains("[DELTAX_TOO_MANY_CONFLICTS]")
                || message.contains("[DELTAX_BACKFILL_INCOMPLETE]"),
            () -> stackTrace(o.error()));
        continue;
      }
      assertTrue(o.result().getBoolean(7), "row tracking enabled: " + o.result());
      filesReported += o.result().getLong(2);
      commitsReported += o.result().getInt(3);
    }
    assertTrue(outcomes.stream().anyMatch(o -> o.error() == null), "at least one run succeeded");
    List<String> operations = StoreTables.operations(url); // also: no gap
    long backfillCommits = operations.stream().filter("ROW TRACKING BACKFILL"::equals).count();
    // A commit both runs took for their own would be counted twice here and once in the log.
    if (outcomes.stream().allMatch(o -> o.error() == null)) {
      assertEquals(
          backfillCommits,
          commitsReported,
          "backfill commits reported vs in the log " + operations);
      assertEquals(files, filesReported, "each file backfilled by exactly one run");
    } else {
      assertTrue(
          commitsReported <= backfillCommits,
          "commits reported " + commitsReported + " " + operations);
    }
    assertEquals(
        1, operations.stream().filter("UPGRADE PROTOCOL"::equals).count(), operations.toString());
    assertEquals(
        1, operations.stream().filter("SET TBLPROPERTIES"::equals).count(), operations.toString());
    assertFalse(
        StoreTables.logNames(url).stream().anyMatch(n -> n.endsWith(".tmp")),
        "no temporary file left: " + StoreTables.logNames(url));
    StoreTables.assertBackfillAgrees(url);
  }

  private static String stackTrace(Throwable t) {
    java.io.StringWriter out = new java.io.StringWriter();
    t.printStackTrace(new java.io.PrintWriter(out));
    return out.toString();
  }
}
