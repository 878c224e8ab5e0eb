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

import static io.deltax.errors.DeltaXErrorCondition.DELTAX_INVALID_OPTION;
import static io.deltax.it.DeltaOracle.assertSameRows;
import static io.deltax.it.DeltaOracle.quote;
import static io.deltax.it.DeltaOracle.spark;
import static io.deltax.it.DeltaOracle.sql;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.deltax.errors.DeltaXIllegalArgumentException;
import java.nio.file.Path;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.streaming.Trigger;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The SQL forms the README shows. */
class SqlUsageTest {
  @TempDir static Path dir;
  static String path;

  @BeforeAll
  static void createTable() {
    path = dir.resolve("sql").toString();
    sql("CREATE TABLE " + quote(path) + " (id INT, day STRING) USING delta PARTITIONED BY (day)");
    sql("INSERT INTO " + quote(path) + " VALUES (1, 'a'), (2, 'b'), (3, 'b')");
  }

  @Test
  void temporaryViewUsingDeltax() {
    sql(
        "CREATE OR REPLACE TEMPORARY VIEW deltax_events USING deltax OPTIONS (path '"
            + path
            + "')");
    assertSameRows(
        spark().sql("SELECT day, count(*) AS n FROM " + quote(path) + " GROUP BY day"),
        spark().sql("SELECT day, count(*) AS n FROM deltax_events GROUP BY day"));
  }

  @Test
  void pathsThroughTheDeltaxCatalog() {
    spark().conf().set("spark.sql.catalog.deltax", "io.deltax.catalog.DeltaXCatalog");
    assertSameRows(
        spark().sql("SELECT * FROM " + quote(path)),
        spark().sql("SELECT * FROM deltax.`" + path + "`"));
    assertSameRows(
        spark().sql("SELECT * FROM " + quote(path) + " VERSION AS OF 0"),
        spark().sql("SELECT * FROM deltax.`" + path + "` VERSION AS OF 0"));
    assertSameRows(
        spark().sql("SELECT * FROM " + quote(path) + " WHERE day = 'b'"),
        spark().sql("SELECT * FROM deltax.`" + path + "` WHERE day = 'b'"));
  }

  /**
   * Options given to {@code readStream.table(...)} of a table the catalog names reach the scan (the
   * catalog loads the table before Spark reads them): a stream from {@code startingVersion} reads
   * what delta-spark's reads. {@code readChangeFeed} there is refused, naming the ways that work,
   * instead of giving the snapshot.
   */
  @Test
  void readOptionsThroughTheDeltaxCatalog() throws Exception {
    spark().conf().set("spark.sql.catalog.deltax", "io.deltax.catalog.DeltaXCatalog");
    String table = dir.resolve("catalog-options").toString();
    sql("CREATE TABLE " + quote(table) + " (id INT) USING delta");
    sql("INSERT INTO " + quote(table) + " VALUES (1)");
    sql("INSERT INTO " + quote(table) + " VALUES (2), (3)");
    Dataset<Row> expected =
        streamed(
            "delta_from_2",
            spark().readStream().format("delta").option("startingVersion", "2").load(table));
    assertEquals(2, expected.count(), "version 2's rows");
    assertSameRows(
        expected,
        streamed(
            "deltax_from_2",
            spark().readStream().option("startingVersion", "2").table("deltax.`" + table + "`")));
    DeltaXIllegalArgumentException refused =
        assertThrows(
            DeltaXIllegalArgumentException.class,
            () ->
                spark()
                    .read()
                    .option("readChangeFeed", "true")
                    .option("startingVersion", "1")
                    .table("deltax.`" + table + "`")
                    .collect());
    assertEquals(DELTAX_INVALID_OPTION, refused.condition());
    assertTrue(
        refused.getMessage().contains("deltax_changes('" + table + "'"), refused.getMessage());
  }

  /** What one AvailableNow run of {@code stream} gives, in a memory table named {@code name}. */
  private static Dataset<Row> streamed(String name, Dataset<Row> stream) throws Exception {
    stream
        .writeStream()
        .format("memory")
        .queryName(name)
        .trigger(Trigger.AvailableNow())
        .start()
        .awaitTermination();
    return spark().table(name);
  }
}
