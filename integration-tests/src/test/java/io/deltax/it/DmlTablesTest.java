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

import static io.deltax.it.DeltaOracle.assertSameTable;
import static io.deltax.it.DeltaOracle.quote;
import static io.deltax.it.DeltaOracle.spark;
import static io.deltax.it.DeltaOracle.sql;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Tables after DELETE, UPDATE, MERGE, overwrite and OPTIMIZE (copy-on-write: no deletion vectors).
 */
class DmlTablesTest {
  @TempDir static Path dir;

  @BeforeAll
  static void start() {
    spark();
  }

  private static String table(String name, boolean partitioned) {
    String path = dir.resolve(name).toString();
    sql(
        "CREATE TABLE "
            + quote(path)
            + " (id INT, grp STRING, v INT) USING delta "
            + (partitioned ? "PARTITIONED BY (grp)" : ""));
    for (int i = 0; i < 3; i++) {
      sql(
          "INSERT INTO "
              + quote(path)
              + " SELECT id, CAST(id % 3 AS STRING), id * 10 FROM range("
              + (i * 10)
              + ", "
              + (i * 10 + 10)
              + ")");
    }
    return path;
  }

  @Test
  void deleteAndUpdate() {
    for (boolean partitioned : new boolean[] {false, true}) {
      String path = table("delete-update-" + partitioned, partitioned);
      sql("DELETE FROM " + quote(path) + " WHERE id % 4 = 0");
      sql("UPDATE " + quote(path) + " SET v = -1 WHERE id > 20");
      assertSameTable(path);
    }
  }

  @Test
  void merge() {
    String path = table("merge", true);
    spark()
        .range(25, 35)
        .selectExpr("CAST(id AS INT) AS id", "'new' AS grp", "CAST(id AS INT) AS v")
        .createOrReplaceTempView("merge_source");
    sql(
        "MERGE INTO "
            + quote(path)
            + " t USING merge_source s ON t.id = s.id "
            + "WHEN MATCHED THEN UPDATE SET v = s.v + 1000 WHEN NOT MATCHED THEN INSERT *");
    assertSameTable(path);
  }

  @Test
  void overwriteReplacesEveryFile() {
    String path = table("overwrite", false);
    sql("INSERT OVERWRITE " + quote(path) + " SELECT 7, 'seven', 70");
    assertSameTable(path);
    assertEquals(1, DeltaOracle.deltax(path).count());
  }

  @Test
  void optimizeCompactsFiles() {
    String path = table("optimize", false);
    sql("DELETE FROM " + quote(path) + " WHERE id = 5");
    sql("OPTIMIZE " + quote(path));
    assertSameTable(path);
  }
}
