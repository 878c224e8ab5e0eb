package io.deltax.it.s3;

import static io.deltax.it.DeltaOracle.assertSameRows;
import static io.deltax.it.DeltaOracle.delta;
import static io.deltax.it.DeltaOracle.deltax;
import static io.deltax.it.DeltaOracle.quote;
import static io.deltax.it.DeltaOracle.spark;
import static io.deltax.it.DeltaOracle.sql;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.deltax.it.SharedSpark;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A backfill over {@code s3a://} killed ({@code SIGKILL}) while it writes its commits
 * ({@link S3BackfillProcess}: one file per commit). On S3 a commit is one upload, so the kill
 * leaves whole commits or none: deltax and delta-spark then read the same table, and a second
 * backfill finishes it (and writes the checkpoint that is due) with the row IDs delta-spark reads.
 * A kill during the checkpoint upload is not aimed at: the checkpoint comes once, at the end.
 */
class S3KillTest {
  private static final int KILL_AFTER_VERSION = 9;
  private static S3Server server;

  @TempDir
  static Path dir;

  @BeforeAll
  static void start() throws IOException {
    server = S3Server.start();
    spark();
  }

  @AfterAll
  static void stop() throws Exception {
    server.close();
  }

  @Test
  void aBackfillKilledWhileCommittingLeavesATableBothReadAndASecondRunFinishes() throws Exception {
    String local = dir.resolve("killed").toString();
    sql("CREATE TABLE " + quote(local) + " (id INT, v STRING) USING delta "
        + "TBLPROPERTIES ('delta.checkpointInterval' = '2')");
    sql("INSERT INTO " + quote(local) + " SELECT /*+ REPARTITION(40) */ id, CAST(id AS STRING) FROM range(0, 40)");
    String url = server.url("killed");
    server.upload(Path.of(local), url);
    int files = delta(local).inputFiles().length;
    assertTrue(files > KILL_AFTER_VERSION, files + " files: the backfill outlives the kill");

    List<String> command = new ArrayList<>(List.of(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx256m",
        "-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path"), S3BackfillProcess.class.getName(), url));
    server.s3aSettings().forEach((k, v) -> command.add(k + "=" + v));
    Process backfill = new ProcessBuilder(command).redirectErrorStream(true)
        .redirectOutput(dir.resolve("backfill.log").toFile()).start();
    long killedAt;
    try {
      killedAt = waitForVersion(url, KILL_AFTER_VERSION, backfill);
    } finally {
      backfill.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
    }
    List<Long> after = S3Tables.commitVersions(server, url);
    System.out.printf("S3 kill: killed once version %d was seen; log then had %s%n", killedAt, after);
    assertTrue(after.get(after.size() - 1) < 1 + 2 + files, "killed before the backfill finished: " + after);

    SharedSpark.withConf(server.s3aSettings(), () -> {
      S3Tables.assertNoGapUnchecked(server, url);
      assertSameRows(delta(url), deltax(url));
      Row result = spark().sql("CALL backfill_row_tracking(table => '" + url + "')").first();
      assertTrue(result.getBoolean(7), result.toString());
      S3Tables.assertRowIdsAsDeltaSpark(url);
      assertEquals(40, delta(url).count());
    });
  }

  /** Polls the log until commit {@code version} is there; the newest version seen. */
  private static long waitForVersion(String url, long version, Process backfill) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(5);
    while (System.nanoTime() < deadline) {
      List<Long> versions = S3Tables.commitVersions(server, url);
      long newest = versions.isEmpty() ? -1 : versions.get(versions.size() - 1);
      if (newest >= version) {
        return newest;
      }
      if (!backfill.isAlive()) {
        throw new AssertionError("the backfill ended before it was killed, exit " + backfill.exitValue());
      }
      Thread.onSpinWait();
    }
    throw new AssertionError("the backfill did not reach version " + version);
  }
}
