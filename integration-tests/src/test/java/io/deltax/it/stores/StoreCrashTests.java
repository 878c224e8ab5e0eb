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

import static io.deltax.it.DeltaOracle.canonicalRows;
import static io.deltax.it.DeltaOracle.delta;
import static io.deltax.it.DeltaOracle.deltax;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.delta.DeltaLog;
import org.junit.jupiter.api.Test;

/**
 * A backfill's JVM killed ({@code kill -9}) on a store while it commits, and while it writes its
 * checkpoint: afterwards deltax and delta-spark read the same table, and a second run finishes the
 * backfill. The kill is timed by watching the log, so where exactly it lands varies; every landing
 * must leave a readable table (PROTOCOL.md, "Delta Log Entries": a commit is atomic). A subclass
 * starts the store.
 */
abstract class StoreCrashTests {
  private static final int FILES = 20;
  private static final long POLL_MS = 5;
  private static final long TIMEOUT_MS = 180_000;

  /** The URI of {@code path} (absolute, {@code /a/b}) on the store. */
  abstract String url(String path);

  /** The Hadoop settings a JVM of its own needs to reach the store. */
  abstract Map<String, String> hadoopSettings();

  /** Where the child JVMs' output goes. */
  abstract Path workDir();

  @Test
  void killedWhileCommitting() throws Exception {
    String url = url("/crash/commit");
    StoreTables.create(url, FILES, "");
    // Versions 0 and 1 are delta-spark's; kill once a third of the backfill commits are in.
    killWhen(url, names -> commits(names) >= 2 + FILES / 3, "commit");
    assertReadableThenFinished(url);
  }

  @Test
  void killedWhileWritingTheCheckpoint() throws Exception {
    String url = url("/crash/checkpoint");
    // The run's last version passes 10: it writes a checkpoint as its last step.
    StoreTables.create(url, FILES, "'delta.checkpointInterval' = '10'");
    killWhen(url, names -> names.stream().anyMatch(n -> n.contains(".checkpoint.")), "checkpoint");
    assertReadableThenFinished(url);
  }

  private static long commits(List<String> names) {
    return names.stream().filter(n -> n.matches("\\d{20}\\.json")).count();
  }

  /**
   * Runs a backfill in a child JVM and kills it as soon as the log's names satisfy {@code when}.
   */
  private void killWhen(String url, Predicate<List<String>> when, String what) throws Exception {
    BackfillProcess child =
        BackfillProcess.start(url, 1, hadoopSettings(), workDir().resolve(what + ".out"));
    long deadline = System.currentTimeMillis() + TIMEOUT_MS;
    try {
      while (!when.test(StoreTables.logNames(url))) {
        assertTrue(child.isAlive(), () -> "the backfill ended before the kill: " + output(child));
        assertTrue(System.currentTimeMillis() < deadline, "the backfill did not reach the " + what);
        Thread.sleep(POLL_MS);
      }
    } finally {
      child.kill();
    }
    System.err.println(
        "Killed the backfill at the " + what + "; log: " + StoreTables.logNames(url));
  }

  private static String output(BackfillProcess child) {
    try {
      return child.output();
    } catch (IOException e) {
      return e.toString();
    }
  }

  private static void assertReadableThenFinished(String url) throws IOException {
    StoreTables.assertNoGap(url);
    DeltaLog.clearCache();
    List<String> rows = canonicalRows(delta(url));
    assertEquals(10L * FILES, rows.size(), "delta-spark reads every row");
    assertEquals(rows, canonicalRows(deltax(url)), "deltax reads what delta-spark reads");
    Row rerun = StoreTables.backfill(url, 1);
    assertTrue(rerun.getBoolean(7), "the second run finished: " + rerun);
    StoreTables.assertBackfillAgrees(url);
  }
}
