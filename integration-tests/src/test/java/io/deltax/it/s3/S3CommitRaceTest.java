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

import static io.deltax.it.DeltaOracle.delta;
import static io.deltax.it.DeltaOracle.quote;
import static io.deltax.it.DeltaOracle.spark;
import static io.deltax.it.DeltaOracle.sql;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.deltax.it.SharedSpark;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two {@code CALL backfill_row_tracking} runs started at the same moment (a barrier) on one {@code
 * s3a://} table, {@code deltax.s3.raceTrials} times (5; 50 with {@code -Psoak}). With put-if-absent
 * each commit has one writer: the commits the two calls report as theirs are exactly the backfill
 * commits in the log, so none was overwritten. After each trial the log has no gap, and delta-spark
 * reads distinct, non-null row IDs, the same as deltax's. Each call either succeeds or fails with a
 * clear conflict error.
 */
class S3CommitRaceTest {
  @RegisterExtension static final S3ServerExtension S3 = S3ServerExtension.withSpark();
  private static long files;
  private static String template;

  @TempDir static Path dir;

  @BeforeAll
  static void start() throws IOException {
    template = dir.resolve("template").toString();
    sql("CREATE TABLE " + quote(template) + " (id INT, v STRING) USING delta");
    for (int i = 0; i < 4; i++) {
      sql(
          "INSERT INTO "
              + quote(template)
              + " VALUES ("
              + (2 * i)
              + ", 'a'), ("
              + (2 * i + 1)
              + ", 'b')");
    }
    files = delta(template).inputFiles().length;
  }

  /** A call's result row, or the message of its error. */
  private record Outcome(Row result, String error) {
    long commits() {
      return result == null ? 0 : result.getInt(3);
    }

    long files() {
      return result == null ? 0 : result.getLong(2);
    }
  }

  @Test
  void twoBackfillsStartedTogetherNeverOverwriteEachOthersCommits() throws Exception {
    int trials = Integer.getInteger("deltax.s3.raceTrials", 5);
    long lost = 0;
    int bothCommitted = 0;
    List<String> problems = new ArrayList<>();
    ExecutorService pool = Executors.newFixedThreadPool(2);
    try {
      for (int trial = 0; trial < trials; trial++) {
        String url = S3.server().url("race/" + trial);
        S3.server().upload(Path.of(template), url);
        Map<String, String> s3a = S3.server().s3aSettings();
        List<Outcome> outcomes = SharedSpark.withConf(s3a, () -> race(pool, url));
        long claimed = outcomes.stream().mapToLong(Outcome::commits).sum();
        long inLog = SharedSpark.withConf(s3a, () -> S3Tables.backfillCommits(url));
        lost += claimed - inLog;
        bothCommitted += outcomes.stream().allMatch(o -> o.commits() > 0) ? 1 : 0;
        System.out.printf(
            "S3 race trial %d: %s; %d backfill commits claimed, %d in the log%n",
            trial, outcomes, claimed, inLog);
        // Every trial is checked to the end, so a soak counts every failure.
        for (Outcome o : outcomes) {
          if (o.error() != null
              && !o.error().contains("[DELTAX_TOO_MANY_CONFLICTS]")
              && !o.error().contains("[DELTAX_BACKFILL_INCOMPLETE]")) {
            problems.add("trial " + trial + ": unclear error " + o.error());
          }
        }
        if (claimed != inLog) {
          problems.add(
              "trial " + trial + ": " + claimed + " commits claimed, " + inLog + " in the log");
        }
        long backfilled = outcomes.stream().mapToLong(Outcome::files).sum();
        if (backfilled != files) {
          problems.add(
              "trial " + trial + ": " + backfilled + " files claimed as backfilled, of " + files);
        }
        try {
          S3Tables.assertNoGap(S3.server(), url);
          SharedSpark.withConf(s3a, () -> S3Tables.assertRowIdsAsDeltaSpark(url));
        } catch (AssertionError e) {
          problems.add("trial " + trial + ": " + e.getMessage());
        }
      }
    } finally {
      pool.shutdownNow();
    }
    System.out.printf(
        "S3 race: %d trials, %d where both calls committed, %d commits lost%n",
        trials, bothCommitted, lost);
    assertEquals(List.of(), problems);
    assertEquals(0, lost);
  }

  private static List<Outcome> race(ExecutorService pool, String url) {
    CyclicBarrier start = new CyclicBarrier(2);
    List<Future<Outcome>> calls = new ArrayList<>();
    for (int i = 0; i < 2; i++) {
      calls.add(
          pool.submit(
              () -> {
                start.await();
                try {
                  return new Outcome(
                      spark()
                          .sql(
                              "CALL backfill_row_tracking(table => '" + url + "', batch_size => 1)")
                          .first(),
                      null);
                } catch (RuntimeException e) {
                  return new Outcome(null, String.valueOf(e.getMessage()));
                }
              }));
    }
    List<Outcome> outcomes = new ArrayList<>();
    for (Future<Outcome> call : calls) {
      try {
        outcomes.add(call.get(5, TimeUnit.MINUTES));
      } catch (Exception e) {
        throw new AssertionError("a backfill did not finish", e);
      }
    }
    return outcomes;
  }
}
