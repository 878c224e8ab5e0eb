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
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.deltax.it.SharedSpark;
import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code CALL backfill_row_tracking} on {@code s3a://} tables: commits are conditional PUTs, a
 * checkpoint is uploaded whole, and delta-spark then reads distinct row IDs, the same as deltax's.
 * Where put-if-absent cannot be had (conditional writes off; a bucket that ignores them) the
 * backfill refuses before writing a commit, unless single-writer mode is accepted.
 */
class S3BackfillTest {
  @RegisterExtension static final S3ServerExtension S3 = S3ServerExtension.withSpark();
  private static String template;

  @TempDir static Path dir;

  @BeforeAll
  static void start() throws IOException {
    template = dir.resolve("template").toString();
    // A few files, and a checkpoint due every third version: the backfill writes one over S3.
    sql(
        "CREATE TABLE "
            + quote(template)
            + " (id INT, v STRING) USING delta "
            + "TBLPROPERTIES ('delta.checkpointInterval' = '3')");
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
  }

  /** The session's S3A settings, and {@code more}. */
  private static Map<String, String> confs(Map<String, String> more) {
    Map<String, String> confs = new HashMap<>(S3.server().s3aSettings());
    confs.putAll(more);
    return confs;
  }

  private static Row backfill(String url, Map<String, String> more) {
    return SharedSpark.withConf(
        confs(more),
        () ->
            spark()
                .sql("CALL backfill_row_tracking(table => '" + url + "', batch_size => 2)")
                .first());
  }

  private static String uploaded(String bucket, String name) throws IOException {
    String url = "s3a://" + bucket + "/" + name;
    S3.server().upload(Path.of(template), url);
    return url;
  }

  @Test
  void aBackfillOverS3GivesTheRowIdsDeltaSparkReads() throws Exception {
    String url = uploaded(S3.server().bucket(), "backfill");
    Row result = backfill(url, Map.of());
    assertTrue(result.getBoolean(7), "row tracking enabled: " + result);
    long files = delta(template).inputFiles().length;
    assertEquals(files, result.getLong(2), "files backfilled: " + result);
    List<String> log = S3Tables.logNames(S3.server(), url);
    assertTrue(log.stream().anyMatch(n -> n.endsWith(".checkpoint.parquet")), log.toString());
    assertTrue(log.contains("_last_checkpoint"), log.toString());
    assertTrue(
        log.stream().noneMatch(n -> n.startsWith(".")), "no temporary or probe object: " + log);
    S3Tables.assertNoGap(S3.server(), url);
    SharedSpark.withConf(
        S3.server().s3aSettings(),
        () -> {
          S3Tables.assertRowIdsAsDeltaSpark(url);
          assertEquals((files + 1) / 2, S3Tables.backfillCommits(url), "commits of 2 files");
        });
  }

  @Test
  void withConditionalWritesOffTheBackfillRefusesAndWritesNothingUnlessSingleWriter()
      throws Exception {
    String url = uploaded(S3.server().bucket(), "conditional-off");
    List<String> before = S3Tables.logNames(S3.server(), url);
    // Not from Hadoop's cache: a cached client made with conditional writes on would be reused.
    Map<String, String> off =
        Map.of("fs.s3a.create.conditional.enabled", "false", "fs.s3a.impl.disable.cache", "true");
    Exception e = assertThrows(Exception.class, () -> backfill(url, off));
    assertTrue(e.getMessage().contains("[DELTAX_UNSAFE_COMMIT_STORE]"), e.getMessage());
    assertTrue(e.getMessage().contains(url), e.getMessage());
    assertTrue(e.getMessage().contains("fs.s3a.create.conditional.enabled"), e.getMessage());
    assertEquals(before, S3Tables.logNames(S3.server(), url), "nothing written");

    Map<String, String> singleWriter = new HashMap<>(off);
    singleWriter.put("spark.deltax.commit.singleWriter", "true");
    assertTrue(backfill(url, singleWriter).getBoolean(7));
    S3Tables.assertNoGap(S3.server(), url);
    SharedSpark.withConf(S3.server().s3aSettings(), () -> S3Tables.assertRowIdsAsDeltaSpark(url));
  }

  @Test
  void onAServerThatIgnoresConditionalWritesTheProbeRefusesTheBackfill() throws Exception {
    String url = uploaded(S3.server().ignoringBucket(), "ignored");
    List<String> before = S3Tables.logNamesIn(S3.server(), S3.server().ignoringBucket(), url);
    Exception e = assertThrows(Exception.class, () -> backfill(url, Map.of()));
    assertTrue(e.getMessage().contains("[DELTAX_UNSAFE_COMMIT_STORE]"), e.getMessage());
    assertTrue(e.getMessage().contains("ignores If-None-Match"), e.getMessage());
    assertEquals(
        before,
        S3Tables.logNamesIn(S3.server(), S3.server().ignoringBucket(), url),
        "nothing written, the probe object deleted");
  }
}
