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

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.deltax.errors.DeltaXThrowable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.spark.sql.SparkSession;

/**
 * The smallest table with deletion vectors on up to 4 files: 40 rows ({@code id} 0 to 39), then one
 * DELETE that hides rows in each file. delta-spark writes the vectors of one DELETE into one file,
 * so that file holds a vector per data file. The request benchmarks measure the same table as the
 * S3 tests. Also what tests do to its vector file and what deltax must say then.
 */
public final class DeletionVectorTable {
  private DeletionVectorTable() {}

  /**
   * Creates the table at {@code path} with {@code files} data files (1 to 4: each gets a vector).
   */
  public static void create(SparkSession spark, String path, int files) {
    if (files < 1 || files > 4) {
      throw new IllegalArgumentException(
          "1 to 4 files, so that each holds a deleted row: " + files);
    }
    spark
        .sql(
            "CREATE TABLE delta.`"
                + path
                + "` (id INT) USING delta "
                + "TBLPROPERTIES ('delta.enableDeletionVectors' = 'true')")
        .collect();
    spark
        .range(0, 40, 1, files)
        .selectExpr("CAST(id AS INT) AS id")
        .write()
        .format("delta")
        .mode("append")
        .save(path);
    spark.sql("DELETE FROM delta.`" + path + "` WHERE id % 10 = 3").collect();
  }

  /** The first deletion vector file under {@code table}, a local directory. */
  public static Path firstVectorFile(String table) throws IOException {
    try (var files = Files.walk(Path.of(table))) {
      return files
          .filter(p -> p.getFileName().toString().startsWith("deletion_vector_"))
          .findFirst()
          .orElseThrow();
    }
  }

  /** Deletes the first vector file under {@code table} (and its .crc); returns its path. */
  public static Path deleteVectorFile(String table) throws IOException {
    Path file = firstVectorFile(table);
    deleteWithChecksum(file);
    return file;
  }

  /** Deletes a file and the .crc Hadoop's local file system keeps beside it. */
  static void deleteWithChecksum(Path file) throws IOException {
    Files.delete(file);
    Files.deleteIfExists(file.resolveSibling("." + file.getFileName() + ".crc"));
  }

  /**
   * The message of deltax's unreadable deletion vector error inside {@code thrown} (as Spark wraps
   * what a task threw); it must not say {@code null}.
   */
  public static String unreadableVectorError(Throwable thrown) {
    Throwable e = thrown;
    while (!(e instanceof DeltaXThrowable) && e.getCause() != null) {
      e = e.getCause();
    }
    String message = e.getMessage();
    assertTrue(message.contains("[DELTAX_CORRUPT_DELETION_VECTOR]"), message);
    assertFalse(message.contains("null"), message);
    return message;
  }
}
