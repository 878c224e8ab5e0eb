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
package io.deltax.metastore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.deltax.errors.DeltaXThrowable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.apache.spark.sql.AnalysisException;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Delta tables by their metastore names, on Spark's Hive support with its embedded Derby metastore.
 * delta-spark creates the tables with {@code saveAsTable}; deltax reads them by name in the two
 * set-ups a user has: delta-spark as the session catalog and deltax's catalog beside it ({@code
 * deltax.sales.orders}), and deltax's {@code DeltaXSessionCatalog} as the session catalog, in a
 * session without delta-spark's catalog ({@code sales.orders}). delta-spark's answers are the
 * expected ones.
 */
class TablesByNameTest {
  @TempDir static Path dir;
  private static SparkSession spark;

  /** The session whose session catalog is deltax's: it shares the metastore with {@link #spark}. */
  private static SparkSession deltaxOnly;

  @BeforeAll
  static void start() throws Exception {
    Path metastore = Files.createDirectories(dir.resolve("metastore"));
    System.setProperty("derby.system.home", metastore.toString());
    spark =
        SparkSession.builder()
            .master("local[2]")
            .appName("deltax-metastore-tests")
            .config("spark.ui.enabled", "false")
            .config("spark.driver.bindAddress", "127.0.0.1")
            .config("spark.driver.host", "127.0.0.1")
            .config("spark.sql.shuffle.partitions", "2")
            .config("spark.sql.session.timeZone", "UTC")
            .config(
                "spark.sql.extensions",
                "io.delta.sql.DeltaSparkSessionExtension,"
                    + "io.deltax.extensions.DeltaXSparkSessionExtension")
            .config(
                "spark.sql.catalog.spark_catalog",
                "org.apache.spark.sql.delta.catalog.DeltaCatalog")
            .config("spark.sql.catalog.deltax", "io.deltax.extensions.DeltaXProcedureCatalog")
            .config("spark.sql.warehouse.dir", dir.resolve("warehouse").toString())
            .config(
                "spark.hadoop.javax.jdo.option.ConnectionURL",
                "jdbc:derby:;databaseName=" + metastore.resolve("db") + ";create=true")
            .enableHiveSupport()
            .getOrCreate();
    sql(spark, "CREATE DATABASE sales");
    sql(
        spark,
        "CREATE TABLE sales.orders (id BIGINT, region STRING, amount DOUBLE) USING delta"
            + " PARTITIONED BY (region)");
    sql(spark, "INSERT INTO sales.orders VALUES (1, 'eu', 10.0), (2, 'us', 20.0), (3, 'eu', 5.0)");
    sql(spark, "INSERT INTO sales.orders VALUES (4, 'asia', 7.5)");
    spark
        .range(0, 20)
        .selectExpr("id", "concat('item-', id) AS name")
        .write()
        .format("delta")
        .option("delta.columnMapping.mode", "name")
        .saveAsTable("sales.items");
    sql(spark, "ALTER TABLE sales.items RENAME COLUMN name TO title");
    sql(
        spark,
        "CREATE TABLE sales.tracked (id BIGINT, v STRING) USING delta"
            + " TBLPROPERTIES ('delta.enableRowTracking' = 'true')");
    sql(spark, "INSERT INTO sales.tracked VALUES (1, 'a'), (2, 'b')");
    sql(spark, "UPDATE sales.tracked SET v = 'c' WHERE id = 2");
    sql(spark, "CREATE TABLE sales.plain (id INT) USING parquet");
    sql(spark, "INSERT INTO sales.plain VALUES (1), (2)");
    sql(spark, "CREATE VIEW sales.recent AS SELECT * FROM sales.orders WHERE id > 2");

    deltaxOnly = spark.newSession();
    deltaxOnly
        .conf()
        .set("spark.sql.catalog.spark_catalog", "io.deltax.catalog.DeltaXSessionCatalog");
  }

  @AfterAll
  static void stop() {
    SparkSession.setActiveSession(spark);
  }

  @Test
  void deltaxCatalogReadsMetastoreNamesAsDeltaSpark() {
    for (String table : List.of("sales.orders", "sales.items", "sales.tracked")) {
      Dataset<Row> byName = spark.sql("SELECT * FROM deltax." + table);
      assertDeltaX(byName);
      assertSameRows(spark.table(table), byName);
      assertSameRows(spark.table(table), spark.read().table("deltax." + table));
    }
    assertSameRows(
        spark.sql("SELECT * FROM sales.orders VERSION AS OF 1"),
        spark.sql("SELECT * FROM deltax.sales.orders VERSION AS OF 1"));
    assertSameRows(
        spark.sql("SELECT id, _metadata.row_id, _metadata.row_commit_version FROM sales.tracked"),
        spark.sql(
            "SELECT id, _metadata.row_id, _metadata.row_commit_version FROM deltax.sales.tracked"));
    // A table of the current database, and a path, as before.
    spark.catalog().setCurrentDatabase("sales");
    try {
      assertSameRows(spark.table("orders"), spark.sql("SELECT * FROM deltax.orders"));
    } finally {
      spark.catalog().setCurrentDatabase("default");
    }
    String location = location("sales.orders");
    assertSameRows(
        spark.table("sales.orders"), spark.sql("SELECT * FROM deltax.`" + location + "`"));
  }

  @Test
  void sessionCatalogReadsDeltaTablesAndDelegatesTheRest() {
    SparkSession.setActiveSession(deltaxOnly);
    try {
      for (String table : List.of("sales.orders", "sales.items", "sales.tracked")) {
        Dataset<Row> byName = deltaxOnly.sql("SELECT * FROM " + table);
        assertDeltaX(byName);
        assertSameRows(spark.table(table), byName);
        assertSameRows(spark.table(table), deltaxOnly.read().table(table));
      }
      assertSameRows(
          spark.sql("SELECT * FROM sales.orders VERSION AS OF 1"),
          deltaxOnly.sql("SELECT * FROM sales.orders VERSION AS OF 1"));
      assertSameRows(
          spark.sql("SELECT id, _metadata.row_id FROM sales.tracked"),
          deltaxOnly.sql("SELECT id, _metadata.row_id FROM sales.tracked"));
      // Not Delta: Spark's own catalog answers, unchanged.
      assertSameRows(spark.table("sales.plain"), deltaxOnly.table("sales.plain"));
      assertSameRows(spark.table("sales.recent"), deltaxOnly.table("sales.recent"));
      // The procedures take the same names.
      assertEquals(
          spark
              .sql("CALL deltax.row_tracking_status(table => '" + location("sales.tracked") + "')")
              .collectAsList()
              .toString(),
          deltaxOnly
              .sql("CALL deltax.row_tracking_status(table => 'sales.tracked')")
              .collectAsList()
              .toString());
    } finally {
      SparkSession.setActiveSession(spark);
    }
  }

  /** {@code readStream.table(name)} streams the table through deltax in both set-ups. */
  @Test
  void streamsByName() throws Exception {
    assertSameRows(spark.table("sales.orders"), streamed(spark, "deltax.sales.orders", "a"));
    SparkSession.setActiveSession(deltaxOnly);
    try {
      assertSameRows(spark.table("sales.orders"), streamed(deltaxOnly, "sales.orders", "b"));
    } finally {
      SparkSession.setActiveSession(spark);
    }
  }

  /** Everything a new stream of {@code table} reads at once, from the memory sink. */
  private static Dataset<Row> streamed(SparkSession session, String table, String name)
      throws Exception {
    org.apache.spark.sql.streaming.StreamingQuery query =
        session
            .readStream()
            .table(table)
            .writeStream()
            .format("memory")
            .queryName("streamed_" + name)
            .option("checkpointLocation", dir.resolve("checkpoint-" + name).toString())
            .trigger(org.apache.spark.sql.streaming.Trigger.AvailableNow())
            .start();
    query.awaitTermination();
    assertTrue(
        query.lastProgress().sources()[0].description().toLowerCase().contains("deltax"),
        query.lastProgress().sources()[0].description());
    return session.table("streamed_" + name);
  }

  @Test
  void sessionCatalogRefusesToCreateDeltaTables() {
    SparkSession.setActiveSession(deltaxOnly);
    try {
      Exception e =
          assertThrows(
              Exception.class,
              () -> deltaxOnly.sql("CREATE TABLE sales.fresh (id INT) USING delta").collect());
      DeltaXThrowable cause = deltax(e);
      assertEquals("DELTAX_WRITE_NOT_SUPPORTED", cause.getCondition());
      assertTrue(e.getMessage().contains("delta-spark"), e.getMessage());
      assertFalse(spark.catalog().tableExists("sales.fresh"));
      // Writes into an existing Delta table, by name and by path, name delta-spark too.
      long versions = spark.sql("DESCRIBE HISTORY sales.orders").count();
      String path = location("sales.orders");
      for (Runnable write :
          List.<Runnable>of(
              () -> deltaxOnly.sql("INSERT INTO sales.orders VALUES (9, 'eu', 1.0)").collect(),
              () ->
                  spark.table("sales.orders").write().format("deltax").mode("append").save(path))) {
        Exception refused = assertThrows(Exception.class, write::run);
        assertEquals("DELTAX_WRITE_NOT_SUPPORTED", deltax(refused).getCondition());
      }
      assertEquals(versions, spark.sql("DESCRIBE HISTORY sales.orders").count());
      // Other providers are Spark's business.
      deltaxOnly.sql("CREATE TABLE sales.other (id INT) USING parquet");
      assertTrue(spark.catalog().tableExists("sales.other"));
    } finally {
      SparkSession.setActiveSession(spark);
    }
  }

  @Test
  void badNamesAreAnalysisErrorsNamingTheTable() {
    AnalysisException missing =
        assertThrows(
            AnalysisException.class, () -> spark.sql("SELECT * FROM deltax.sales.missing"));
    assertTrue(missing.getMessage().contains("missing"), missing.getMessage());
    for (String table : List.of("sales.plain", "sales.recent")) {
      AnalysisException e =
          assertThrows(AnalysisException.class, () -> spark.sql("SELECT * FROM deltax." + table));
      assertEquals("DELTAX_NOT_A_DELTA_TABLE", e.getCondition(), e.getMessage());
      assertTrue(e.getMessage().contains(table), e.getMessage());
    }
    SparkSession.setActiveSession(deltaxOnly);
    try {
      AnalysisException e =
          assertThrows(
              AnalysisException.class, () -> deltaxOnly.sql("SELECT * FROM sales.missing"));
      assertTrue(e.getMessage().contains("missing"), e.getMessage());
    } finally {
      SparkSession.setActiveSession(spark);
    }
  }

  private static String location(String table) {
    return spark
        .sql("DESCRIBE DETAIL " + table)
        .select("location")
        .first()
        .getString(0)
        .replaceFirst("^file:", "");
  }

  /** The plan reads through deltax's scan, which names the files it kept. */
  private static void assertDeltaX(Dataset<Row> df) {
    String plan = df.queryExecution().executedPlan().toString();
    assertTrue(plan.matches("(?s).*\\d+ of \\d+ files.*"), plan);
  }

  private static DeltaXThrowable deltax(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof DeltaXThrowable d) {
        return d;
      }
    }
    throw new AssertionError("no deltax error in", e);
  }

  private static void assertSameRows(Dataset<Row> expected, Dataset<Row> actual) {
    assertEquals(expected.schema().simpleString(), actual.schema().simpleString(), "schema");
    assertEquals(canonical(expected), canonical(actual), "rows");
  }

  private static List<String> canonical(Dataset<Row> rows) {
    List<String> result = new ArrayList<>();
    for (Row row : rows.collectAsList()) {
      result.add(row.toString());
    }
    Collections.sort(result);
    return result;
  }

  private static void sql(SparkSession session, String statement) {
    session.sql(statement).collect();
  }
}
