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
package io.deltax.it.s3;

import static io.deltax.it.DeltaOracle.assertSameRows;
import static io.deltax.it.DeltaOracle.delta;
import static io.deltax.it.DeltaOracle.deltax;
import static io.deltax.it.DeltaOracle.quote;
import static io.deltax.it.DeltaOracle.spark;
import static io.deltax.it.DeltaOracle.sql;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.deltax.it.SharedSpark;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.delta.DeltaLog;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * A backfill over {@code s3a://} killed ({@code SIGKILL}) while it writes its commits ({@link
 * S3BackfillProcess}: one file per commit). On S3 a commit is one upload, so the kill leaves whole
 * commits or none: deltax and delta-spark then read the same table, and a second backfill finishes
 * it (and writes the checkpoint that is due) with the row IDs delta-spark reads. The checkpoint
 * comes once, at the end: to kill the backfill during its upload, the server holds that upload open
 * ({@link S3Server#holdCheckpointUploads}) and the kill lands while it waits. The server then
 * stores the checkpoint whole (its few KiB were already sent) or not at all; either way {@code
 * _last_checkpoint} is not written, and both readers must agree.
 */
class S3KillTest {
  private static final int KILL_AFTER_VERSION = 9;
  @RegisterExtension static final S3ServerExtension S3 = S3ServerExtension.withSpark();

  @TempDir static Path dir;

  @Test
  void aBackfillKilledWhileCommittingLeavesATableBothReadAndASecondRunFinishes() throws Exception {
    String local = dir.resolve("killed").toString();
    sql(
        "CREATE TABLE "
            + quote(local)
            + " (id INT, v STRING) USING delta "
            + "TBLPROPERTIES ('delta.checkpointInterval' = '2')");
    sql(
        "INSERT INTO "
            + quote(local)
            + " SELECT /*+ REPARTITION(40) */ id, CAST(id AS STRING) FROM range(0, 40)");
    String url = S3.server().url("killed");
    S3.server().upload(Path.of(local), url);
    int files = delta(local).inputFiles().length;
    assertTrue(files > KILL_AFTER_VERSION, files + " files: the backfill outlives the kill");

    Process backfill = startBackfill(url, "backfill.log");
    long killedAt;
    try {
      killedAt = waitForVersion(url, KILL_AFTER_VERSION, backfill);
    } finally {
      backfill.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
    }
    List<Long> after = S3Tables.commitVersions(S3.server(), url);
    System.out.printf(
        "S3 kill: killed once version %d was seen; log then had %s%n", killedAt, after);
    assertTrue(
        after.get(after.size() - 1) < 1 + 2 + files,
        "killed before the backfill finished: " + after);

    SharedSpark.withConf(
        S3.server().s3aSettings(),
        () -> {
          S3Tables.assertNoGapUnchecked(S3.server(), url);
          assertSameRows(delta(url), deltax(url));
          Row result = spark().sql("CALL backfill_row_tracking(table => '" + url + "')").first();
          assertTrue(result.getBoolean(7), result.toString());
          S3Tables.assertRowIdsAsDeltaSpark(url);
          assertEquals(40, delta(url).count());
        });
  }

  @Test
  void aBackfillKilledWhileUploadingItsCheckpointLeavesATableBothRead() throws Exception {
    String local = dir.resolve("killed-at-checkpoint").toString();
    // Versions 0 and 1 are delta-spark's, then one commit per file: the run passes version 10 and
    // writes a checkpoint as its last step.
    sql(
        "CREATE TABLE "
            + quote(local)
            + " (id INT, v STRING) USING delta "
            + "TBLPROPERTIES ('delta.checkpointInterval' = '10')");
    sql(
        "INSERT INTO "
            + quote(local)
            + " SELECT /*+ REPARTITION(12) */ id, CAST(id AS STRING) FROM range(0, 24)");
    String url = S3.server().url("killed-at-checkpoint");
    S3.server().upload(Path.of(local), url);
    int files = delta(local).inputFiles().length;

    S3.server().holdCheckpointUploads(true);
    Process backfill = startBackfill(url, "backfill-checkpoint.log");
    try {
      long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(5);
      while (!S3.server().checkpointUploadHeld()) {
        assertTrue(backfill.isAlive(), "the backfill ended before its checkpoint upload");
        assertTrue(System.nanoTime() < deadline, "the backfill did not upload a checkpoint");
        Thread.sleep(5);
      }
    } finally {
      backfill.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
      S3.server().holdCheckpointUploads(false);
    }
    // The held upload goes on with its writer gone: stored whole or not at all.
    long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
    while (!S3.server().heldCheckpointUploadEnded()) {
      assertTrue(System.nanoTime() < deadline, "the held checkpoint upload did not end");
      Thread.sleep(5);
    }
    List<String> log = S3Tables.logNames(S3.server(), url);
    System.out.println("S3 kill at the checkpoint upload: log then had " + log);
    assertEquals(
        1 + files,
        S3Tables.commitVersions(S3.server(), url).get(files + 1),
        "every commit came first");
    assertFalse(
        log.contains("_last_checkpoint"), "_last_checkpoint is written only after the checkpoint");

    SharedSpark.withConf(
        S3.server().s3aSettings(),
        () -> {
          S3Tables.assertNoGapUnchecked(S3.server(), url);
          DeltaLog.clearCache();
          assertSameRows(delta(url), deltax(url));
          Row result = spark().sql("CALL backfill_row_tracking(table => '" + url + "')").first();
          assertTrue(result.getBoolean(7), result.toString());
          S3Tables.assertRowIdsAsDeltaSpark(url);
          assertEquals(24, delta(url).count());
        });
  }

  /** {@link S3BackfillProcess} on {@code url}, its output in {@code logName}. */
  private static Process startBackfill(String url, String logName) throws IOException {
    List<String> command =
        new ArrayList<>(
            List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx256m",
                "-XX:TieredStopAtLevel=1",
                "-cp",
                System.getProperty("java.class.path"),
                S3BackfillProcess.class.getName(),
                url));
    S3.server().s3aSettings().forEach((k, v) -> command.add(k + "=" + v));
    return new ProcessBuilder(command)
        .redirectErrorStream(true)
        .redirectOutput(dir.resolve(logName).toFile())
        .start();
  }

  /** Polls the log until commit {@code version} is there; the newest version seen. */
  private static long waitForVersion(String url, long version, Process backfill) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(5);
    while (System.nanoTime() < deadline) {
      List<Long> versions = S3Tables.commitVersions(S3.server(), url);
      long newest = versions.isEmpty() ? -1 : versions.get(versions.size() - 1);
      if (newest >= version) {
        return newest;
      }
      if (!backfill.isAlive()) {
        throw new AssertionError(
            "the backfill ended before it was killed, exit " + backfill.exitValue());
      }
      Thread.onSpinWait();
    }
    throw new AssertionError("the backfill did not reach version " + version);
  }
}
