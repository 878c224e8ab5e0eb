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

import static io.deltax.it.DeltaOracle.assertSameRows;
import static io.deltax.it.DeltaOracle.delta;
import static io.deltax.it.DeltaOracle.quote;
import static io.deltax.it.DeltaOracle.spark;
import static io.deltax.it.DeltaOracle.sql;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.spark.sql.DataFrameReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * File-system settings given with {@code .option(...)} reach every file a read opens: the log, the
 * data files and the deletion vectors, as with Spark's own file sources.
 */
class ReadOptionsTest {
  @TempDir static Path dir;

  /** A reader that knows the {@code optiononly:} file system from its options alone. */
  private static DataFrameReader withFileSystemOptions() {
    return spark()
        .read()
        .format("deltax")
        .option("fs." + OptionOnlyFileSystem.SCHEME + ".impl", OptionOnlyFileSystem.class.getName())
        // Not cached, so no read without the options can borrow an instance made with them.
        .option("fs." + OptionOnlyFileSystem.SCHEME + ".impl.disable.cache", "true");
  }

  @Test
  void fileSystemSettingsGivenAsReadOptionsReachTheLogDataAndDeletionVectors() throws Exception {
    String path = dir.resolve("dv").toString();
    sql(
        "CREATE TABLE "
            + quote(path)
            + " (id INT, grp STRING) USING delta PARTITIONED BY (grp) "
            + "TBLPROPERTIES ('delta.enableDeletionVectors' = 'true')");
    sql("INSERT INTO " + quote(path) + " SELECT id, CAST(id % 3 AS STRING) FROM range(0, 60)");
    sql("DELETE FROM " + quote(path) + " WHERE id % 4 = 0");
    try (var files = Files.walk(Path.of(path))) {
      assertTrue(
          files.anyMatch(p -> p.getFileName().toString().startsWith("deletion_vector_")),
          "delta-spark wrote deletion vectors");
    }
    String viaOptions = OptionOnlyFileSystem.SCHEME + ":" + path;

    assertSameRows(delta(path), withFileSystemOptions().load(viaOptions));
    assertSameRows(
        delta(path).where("grp = '1'").selectExpr("id", "_metadata.file_name"),
        withFileSystemOptions()
            .load(viaOptions)
            .where("grp = '1'")
            .selectExpr("id", "_metadata.file_name"));
    assertSameRows(
        spark().read().format("delta").option("versionAsOf", 1).load(path),
        withFileSystemOptions().option("versionAsOf", 1).load(viaOptions));
    // The session alone does not know the file system: the options are what opened the table.
    assertThrows(Exception.class, () -> spark().read().format("deltax").load(viaOptions).collect());
  }
}
