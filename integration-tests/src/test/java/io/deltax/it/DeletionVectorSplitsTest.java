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

import static io.deltax.it.DeltaOracle.canonicalRows;
import static io.deltax.it.DeltaOracle.delta;
import static io.deltax.it.DeltaOracle.quote;
import static io.deltax.it.DeltaOracle.spark;
import static io.deltax.it.DeltaOracle.sql;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A data file with a deletion vector, read as several splits by tasks that run at the same time:
 * its vector file is read once, not once per split (issue 13), and the rows are delta-spark's.
 */
class DeletionVectorSplitsTest {
  @TempDir static Path dir;

  private static long files(String path, String prefix) throws IOException {
    try (var files = Files.walk(Path.of(path))) {
      return files.filter(p -> p.getFileName().toString().startsWith(prefix)).count();
    }
  }

  @Test
  void aFileReadAsSeveralSplitsHasItsDeletionVectorReadOnce() throws IOException {
    String path = dir.resolve("one-file").toString();
    sql(
        "CREATE TABLE "
            + quote(path)
            + " (id BIGINT, v STRING) USING delta "
            + "TBLPROPERTIES ('delta.enableDeletionVectors' = 'true')");
    // One data file of several row groups (64 KiB each), so that its splits have rows to read.
    SharedSpark.withConf(
        Map.of("parquet.block.size", "65536"),
        () ->
            spark()
                .range(0, 100_000, 1, 1)
                .selectExpr("id", "uuid() AS v")
                .write()
                .format("delta")
                .mode("append")
                .save(path));
    sql("DELETE FROM " + quote(path) + " WHERE id % 7 = 3");
    assertEquals(1, files(path, "part-"), "one data file");
    assertEquals(1, files(path, "deletion_vector_"), "delta-spark wrote a deletion vector");
    List<String> expected = canonicalRows(delta(path));

    OpenedFilesFileSystem.clear();
    Map<String, String> smallSplits =
        Map.of(
            "spark.sql.files.maxPartitionBytes", "262144", "spark.sql.files.openCostInBytes", "0");
    SharedSpark.withConf(
        smallSplits,
        () -> {
          Dataset<Row> rows =
              spark()
                  .read()
                  .format("deltax")
                  .options(OpenedFilesFileSystem.OPTIONS)
                  .load(OpenedFilesFileSystem.SCHEME + ":" + path);
          int splits = rows.rdd().getNumPartitions();
          assertTrue(splits >= 3, "the file is read as several splits: " + splits);
          assertEquals(expected, canonicalRows(rows));
        });
    assertEquals(
        1, OpenedFilesFileSystem.opensOf("deletion_vector_"), "opens of the deletion vector file");
  }
}
