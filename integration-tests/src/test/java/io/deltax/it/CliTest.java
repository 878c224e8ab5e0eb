package io.deltax.it;

import static io.deltax.it.DeltaOracle.quote;
import static io.deltax.it.DeltaOracle.spark;
import static io.deltax.it.DeltaOracle.sql;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.spark.sql.delta.DeltaLog;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** bin/deltax run as a process, as a user runs it: output and exit codes. */
class CliTest {
  @TempDir
  static Path dir;
  static Path launcher;

  @BeforeAll
  static void start() {
    spark();
    launcher = Path.of(System.getProperty("user.dir")).getParent().resolve("bin/deltax");
    assertTrue(Files.isExecutable(launcher), launcher.toString());
  }

  record Result(int exit, String out, String err) {}

  private static Result deltax(String... args) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>(List.of(launcher.toString()));
    command.addAll(List.of(args));
    Path out = Files.createTempFile(dir, "out", ".txt");
    Path err = Files.createTempFile(dir, "err", ".txt");
    Process p = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
    assertTrue(p.waitFor(3, TimeUnit.MINUTES), "deltax finished");
    return new Result(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
        Files.readString(err, StandardCharsets.UTF_8));
  }

  @Test
  void usageErrorsExitWithTwo() throws Exception {
    Result none = deltax();
    assertEquals(2, none.exit());
    assertTrue(none.out().contains("usage: deltax"), none.out());
    Result unknown = deltax("frobnicate");
    assertEquals(2, unknown.exit());
    assertTrue(unknown.err().contains("unknown command 'frobnicate'"), unknown.err());
    Result badNumber = deltax("backfill", "/tmp/x", "--batch-size", "many");
    assertEquals(2, badNumber.exit());
    assertTrue(badNumber.err().contains("--batch-size takes a whole number"), badNumber.err());
    assertEquals(0, deltax("status", "--help").exit());
  }

  @Test
  void badTableIsOneLineUnlessVerbose() throws Exception {
    String missing = dir.resolve("missing").toString();
    Result r = deltax("status", missing);
    assertEquals(1, r.exit());
    assertTrue(r.err().contains("[DELTAX_TABLE_NOT_FOUND]") && r.err().contains(missing), r.err());
    assertEquals(1, r.err().strip().lines().count(), r.err());
    Result verbose = deltax("status", missing, "--verbose");
    assertEquals(1, verbose.exit());
    assertTrue(verbose.err().contains("\tat io.deltax."), verbose.err());
  }

  @Test
  void backfillThenStatusFeaturesAndShow() throws Exception {
    String path = dir.resolve("table").toString();
    sql("CREATE TABLE " + quote(path) + " (id INT, v STRING) USING delta");
    for (int i = 1; i <= 3; i++) {
      sql("INSERT INTO " + quote(path) + " VALUES (" + i + ", 'v" + i + "')");
    }
    Result dry = deltax("backfill", path, "--batch-size", "2", "--dry-run");
    assertEquals(0, dry.exit(), dry.err());
    assertTrue(dry.out().contains("Would write"), dry.out());

    Result backfill = deltax("backfill", path, "--batch-size", "2");
    assertEquals(0, backfill.exit(), backfill.err());
    assertTrue(backfill.out().contains("[###############---------------] batch 1 of 2: 2 files, version 5"),
        backfill.out());
    assertTrue(backfill.out().contains("batch 2 of 2: 1 files, version 6"), backfill.out());
    assertTrue(backfill.out().contains("enabled: true"), backfill.out());
    DeltaLog.clearCache();
    assertEquals(3, spark().read().format("delta").load(path).select("_metadata.row_id").distinct().count());

    Result status = deltax("status", path);
    assertEquals(0, status.exit(), status.err());
    assertTrue(status.out().lines().anyMatch(l -> l.matches("row_tracking_enabled\\s+true")), status.out());
    assertTrue(status.out().lines().anyMatch(l -> l.matches("backfill_versions\\s+\\[5, 6\\]")), status.out());
    assertTrue(status.out().lines().anyMatch(l -> l.matches("row_data_versions\\s+stored")), status.out());

    Result preserve = deltax("preserve", path);
    assertEquals(0, preserve.exit(), preserve.err());
    assertTrue(preserve.out().contains("already stores"), preserve.out());

    Result features = deltax("features", path);
    assertEquals(0, features.exit(), features.err());
    assertTrue(features.out().contains("rowTracking"), features.out());

    Result show = deltax("show", path, "--row-ids", "--limit", "10");
    assertEquals(0, show.exit(), show.err());
    assertTrue(show.out().contains("row_id") && show.out().contains("row_commit_version")
        && show.out().contains("row_data_version"), show.out());
    Result old = deltax("show", path, "--version", "1");
    assertEquals(0, old.exit(), old.err());
    assertTrue(old.out().contains("v1") && !old.out().contains("v3"), old.out());
    assertFalse(show.err().contains("Exception"), show.err());
  }
}
