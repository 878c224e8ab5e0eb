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
package io.deltax.it;

import static io.deltax.it.DeltaOracle.delta;
import static io.deltax.it.DeltaOracle.quote;
import static io.deltax.it.DeltaOracle.spark;
import static io.deltax.it.DeltaOracle.sql;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.delta.DeltaLog;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The default batch of 22,000 files per commit on a 22,001-file table: 22,000 + 1. Slow (minutes),
 * so it runs only with {@code mvn -Pslow verify}. The files are copies of one data file that
 * delta-spark wrote, added to the log in one commit.
 */
@Tag("slow")
class BackfillDefaultBatchSizeSlowTest {
  @TempDir static Path dir;

  @Test
  void twentyTwoThousandAndOneFiles() throws Exception {
    spark();
    String path = dir.resolve("wide").toString();
    sql("CREATE TABLE " + quote(path) + " (id INT) USING delta");
    sql("INSERT INTO " + quote(path) + " VALUES (0)");
    Path original;
    try (var files = Files.list(Path.of(path))) {
      original = files.filter(p -> p.toString().endsWith(".parquet")).findFirst().orElseThrow();
    }
    long size = Files.size(original);
    try (BufferedWriter commit =
        Files.newBufferedWriter(Path.of(path, "_delta_log", "00000000000000000002.json"))) {
      commit.write(
          "{\"commitInfo\":{\"operation\":\"WRITE\",\"timestamp\":"
              + System.currentTimeMillis()
              + "}}\n");
      for (int i = 1; i <= 22_000; i++) {
        String name = "copy-" + i + ".parquet";
        Files.copy(original, Path.of(path, name));
        commit.write(
            "{\"add\":{\"path\":\""
                + name
                + "\",\"partitionValues\":{},\"size\":"
                + size
                + ",\"modificationTime\":"
                + System.currentTimeMillis()
                + ",\"dataChange\":true,"
                + "\"stats\":\"{\\\"numRecords\\\":1}\"}}\n");
      }
    }
    DeltaLog.clearCache();
    Row result = spark().sql("CALL backfill_row_tracking(table => '" + path + "')").first();
    assertEquals(22_001L, result.getLong(2));
    assertEquals(2, result.getInt(3));
    long firstBackfill = result.getLong(4);
    assertEquals(22_000, addCount(path, firstBackfill));
    assertEquals(1, addCount(path, firstBackfill + 1));
    DeltaLog.clearCache();
    assertEquals(22_001L, delta(path).select("_metadata.row_id").distinct().count());
    assertTrue(result.getBoolean(7));
  }

  private static long addCount(String path, long version) throws Exception {
    try (var lines =
        Files.lines(Path.of(path, "_delta_log", String.format("%020d.json", version)))) {
      return lines.filter(l -> l.startsWith("{\"add\"")).count();
    }
  }
}
