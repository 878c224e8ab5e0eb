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
import static io.deltax.it.DeltaOracle.quote;
import static io.deltax.it.DeltaOracle.spark;
import static io.deltax.it.DeltaOracle.sql;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.apache.spark.SparkThrowable;
import org.apache.spark.sql.AnalysisException;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.delta.DeltaLog;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code CALL table_detail(...)} gives delta-spark's {@code DESCRIBE DETAIL}, every column (its
 * open-source form has no {@code statistics} column, so neither has deltax's), and {@code DESCRIBE
 * TABLE EXTENDED} on a table deltax's catalog names prints what delta-spark's does for the same
 * path: its columns, partitioning, comment, provider and properties; unlike delta-spark's, it says
 * {@code EXTERNAL} (a table named by its path is no catalog's to manage), and tells the version it
 * read.
 */
class DescribeTableTest {
  @TempDir static Path dir;

  /** Partitioned, commented, with properties and a deletion vector. */
  private static String partitioned;

  /** Clustered by a top-level and a nested column, with column mapping by name. */
  private static String clustered;

  @BeforeAll
  static void createTables() {
    spark().conf().set("spark.sql.catalog.deltax", "io.deltax.catalog.DeltaXCatalog");
    partitioned = dir.resolve("partitioned").toString();
    sql(
        "CREATE TABLE "
            + quote(partitioned)
            + " (id INT, p STRING) USING delta PARTITIONED BY (p) COMMENT 'some events'"
            + " TBLPROPERTIES ('delta.enableDeletionVectors' = 'true', 'x.y' = 'z')");
    sql("INSERT INTO " + quote(partitioned) + " VALUES (1, 'a'), (2, 'a'), (3, 'b')");
    sql("DELETE FROM " + quote(partitioned) + " WHERE id = 1");
    clustered = dir.resolve("clustered").toString();
    sql(
        "CREATE TABLE "
            + quote(clustered)
            + " (id INT, s STRUCT<`a-b`: INT, c: INT>) USING delta"
            + " TBLPROPERTIES ('delta.columnMapping.mode' = 'name') CLUSTER BY (id, s.`a-b`)");
    sql("INSERT INTO " + quote(clustered) + " VALUES (1, named_struct('a-b', 1, 'c', 2))");
  }

  private static Row detail(String table) {
    return spark().sql("CALL table_detail(table => '" + table + "')").first();
  }

  private static void assertSameDetail(String describeDetail, String table) {
    assertSameRows(
        spark().sql("DESCRIBE DETAIL " + describeDetail),
        spark().sql("CALL table_detail(table => '" + table + "')"));
  }

  @Test
  void tableDetailIsDescribeDetail() {
    for (String path : List.of(partitioned, clustered)) {
      assertSameDetail(quote(path), path);
    }
    Row clusteredDetail = detail(clustered);
    assertEquals(List.of("id", "s.`a-b`"), clusteredDetail.getList(8), "compared, not empty");
    assertTrue(detail(partitioned).getLong(10) > 0, "sizeInBytes");
  }

  /**
   * A legacy protocol, then row tracking enabled by deltax's backfill (features, domains); with
   * in-commit timestamps, whose {@code lastModified} stays the commit file's time in delta-spark.
   */
  @Test
  void legacyProtocolBackfilledAndInCommitTimestamps() {
    String path = dir.resolve("legacy").toString();
    sql("CREATE TABLE " + quote(path) + " (id INT) USING delta");
    sql("INSERT INTO " + quote(path) + " VALUES (1)");
    assertSameDetail(quote(path), path);
    assertEquals(2, detail(path).getInt(13), "legacy writer version");
    spark().sql("CALL backfill_row_tracking(table => '" + path + "')").collect();
    assertSameDetail(quote(path), path);

    String ict = dir.resolve("ict").toString();
    sql(
        "CREATE TABLE "
            + quote(ict)
            + " (id INT) USING delta TBLPROPERTIES ('delta.enableInCommitTimestamps' = 'true')");
    sql("INSERT INTO " + quote(ict) + " VALUES (1)");
    assertTrue(
        Path.of(ict, "_delta_log", String.format("%020d.json", 1))
            .toFile()
            .setLastModified(Instant.parse("2001-01-01T00:00:00Z").toEpochMilli()));
    DeltaLog.clearCache();
    assertSameDetail(quote(ict), ict);
  }

  @Test
  void catalogTableName() {
    sql("DROP TABLE IF EXISTS deltax_detail_named");
    sql("CREATE TABLE deltax_detail_named (id INT) USING delta");
    assertSameDetail("deltax_detail_named", "default.deltax_detail_named");
    assertTrue(detail("default.deltax_detail_named").getString(2).endsWith("deltax_detail_named"));
    sql("DROP TABLE deltax_detail_named");
  }

  /** The rows of {@code DESCRIBE TABLE EXTENDED}, as (col_name, data_type). */
  private static List<List<String>> describe(String table) {
    List<List<String>> rows = new ArrayList<>();
    for (Row r : spark().sql("DESCRIBE TABLE EXTENDED " + table).collectAsList()) {
      rows.add(List.of(r.getString(0), r.isNullAt(1) ? "" : r.getString(1)));
    }
    return rows;
  }

  /** The rows before the first empty one: the columns, then the partitioning. */
  private static List<List<String>> columnsAndPartitioning(List<List<String>> rows) {
    return rows.subList(0, rows.indexOf(List.of("", "")));
  }

  /** The rows of "# Detailed Table Information", by name. */
  private static Map<String, String> details(List<List<String>> rows) {
    Map<String, String> details = new LinkedHashMap<>();
    int start = rows.indexOf(List.of("# Detailed Table Information", ""));
    for (List<String> r : rows.subList(start + 1, rows.size())) {
      details.put(r.get(0), r.get(1));
    }
    return details;
  }

  /** {@code SHOW TBLPROPERTIES}, as key and value. */
  private static Map<String, String> tableProperties(String table) {
    Map<String, String> properties = new TreeMap<>();
    for (Row r : spark().sql("SHOW TBLPROPERTIES " + table).collectAsList()) {
      properties.put(r.getString(0), r.getString(1));
    }
    return properties;
  }

  /**
   * Compared with delta-spark's for the same path: the columns, the partitioning, the provider, the
   * comment and the properties, to which deltax adds the version it read ({@code deltax.version}).
   * Spark 4.1 prints the table's name, deltax's with the version read; Spark 4.2 prints its catalog
   * and identifier instead.
   */
  @Test
  void describeTableExtended() {
    for (String path : List.of(partitioned, clustered)) {
      List<List<String>> delta = describe(quote(path));
      List<List<String>> deltax = describe("deltax.`" + path + "`");
      assertEquals(columnsAndPartitioning(delta), columnsAndPartitioning(deltax), path);
      Map<String, String> expected = details(delta);
      Map<String, String> actual = details(deltax);
      String location = detail(path).getString(4);
      long version = spark().sql("DESCRIBE HISTORY " + quote(path) + " LIMIT 1").first().getLong(0);
      if (actual.containsKey("Name")) {
        assertEquals("deltax.`" + location + "`@v" + version, actual.get("Name"));
      } else {
        assertEquals(path, actual.get("Table"));
        assertEquals("deltax", actual.get("Catalog"));
      }
      assertEquals("EXTERNAL", actual.get("Type"), "a table named by its path");
      assertEquals(location, actual.get("Location"));
      assertEquals(expected.get("Provider"), actual.get("Provider"));
      assertEquals(expected.get("Comment"), actual.get("Comment"));
      Map<String, String> properties = tableProperties(quote(path));
      properties.put("deltax.version", Long.toString(version));
      assertEquals(properties, tableProperties("deltax.`" + path + "`"), path);
      assertEquals(
          properties.entrySet().stream()
              .map(e -> e.getKey() + "=" + e.getValue())
              .collect(Collectors.joining(",", "[", "]")),
          actual.get("Table Properties"),
          path);
    }
    assertTrue(
        describe("deltax.`" + partitioned + "`").contains(List.of("# Partition Information", "")));
    assertTrue(
        tableProperties("deltax.`" + clustered + "`").containsKey("clusteringColumns"),
        "compared, not absent");
    // An older version, in delta-spark's path syntax: its properties are that version's.
    Map<String, String> first = tableProperties("deltax.`" + partitioned + "@v0`");
    assertEquals("0", first.get("deltax.version"));
    assertEquals("z", first.get("x.y"));
  }

  /** Refused with deltax's conditions and SQLSTATEs; nothing written. */
  @Test
  void badInputIsRefused() throws IOException {
    AnalysisException missing =
        assertThrows(AnalysisException.class, () -> detail(dir.resolve("nothing").toString()));
    assertEquals("DELTAX_TABLE_NOT_FOUND", missing.getCondition());
    assertEquals("42P01", missing.getSqlState());
    String parquet = dir.resolve("parquet").toString();
    spark().range(2).write().parquet(parquet);
    AnalysisException notDelta = assertThrows(AnalysisException.class, () -> detail(parquet));
    assertEquals("DELTAX_NOT_A_DELTA_TABLE", notDelta.getCondition());
    assertFalse(Files.exists(Path.of(parquet, "_delta_log")), "nothing written");
    IllegalArgumentException blank = assertThrows(IllegalArgumentException.class, () -> detail(""));
    assertEquals(
        "DELTAX_INVALID_ARGUMENT", assertInstanceOf(SparkThrowable.class, blank).getCondition());
    AnalysisException unknownName =
        assertThrows(AnalysisException.class, () -> detail("default.no_such_table"));
    assertEquals("DELTAX_TABLE_NOT_FOUND", unknownName.getCondition());
  }
}
