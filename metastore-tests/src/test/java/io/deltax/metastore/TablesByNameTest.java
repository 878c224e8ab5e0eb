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
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.deltax.cli.DeltaXCli;
import io.deltax.errors.DeltaXThrowable;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.spark.sql.AnalysisException;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.TableIdentifier;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import scala.Option;

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
            + " TBLPROPERTIES ('delta.enableRowTracking' = 'true',"
            + " 'delta.enableChangeDataFeed' = 'true')");
    sql(spark, "INSERT INTO sales.tracked VALUES (1, 'a'), (2, 'b')");
    sql(spark, "UPDATE sales.tracked SET v = 'c' WHERE id = 2");
    sql(spark, "CREATE TABLE sales.plain (id INT) USING parquet");
    sql(spark, "INSERT INTO sales.plain VALUES (1), (2)");
    sql(spark, "CREATE VIEW sales.recent AS SELECT * FROM sales.orders WHERE id > 2");
    // sales.orders again, as an external table at a location only its entry's options can read.
    // delta-spark opens the log without them: the session names the file system while the entry
    // is made.
    OptionOnlyFileSystem.SETTINGS.forEach(spark.conf()::set);
    try {
      sql(spark, "CREATE TABLE sales.orders_elsewhere USING delta LOCATION '" + elsewhere() + "'");
    } finally {
      OptionOnlyFileSystem.SETTINGS.keySet().forEach(spark.conf()::unset);
    }
    EntryOptions.set(
        spark,
        TableIdentifier.apply("orders_elsewhere", Option.apply("sales")),
        OptionOnlyFileSystem.SETTINGS);

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
    String v1 = commitTime("sales.orders", 1);
    assertSameRows(
        spark.sql("SELECT * FROM sales.orders TIMESTAMP AS OF '" + v1 + "'"),
        spark.sql("SELECT * FROM deltax.sales.orders TIMESTAMP AS OF '" + v1 + "'"));
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
      String v1 = commitTime("sales.orders", 1);
      assertSameRows(
          spark.sql("SELECT * FROM sales.orders TIMESTAMP AS OF '" + v1 + "'"),
          deltaxOnly.sql("SELECT * FROM sales.orders TIMESTAMP AS OF '" + v1 + "'"));
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

  /**
   * {@code DESCRIBE TABLE EXTENDED} tells the metastore's type for a name, as delta-spark does, and
   * {@code EXTERNAL} for a path.
   */
  @Test
  void describeTellsTheMetastoresType() throws Exception {
    assertEquals("MANAGED", metastoreType("orders"));
    assertEquals("EXTERNAL", metastoreType("orders_elsewhere"));
    assertEquals(type(spark, "sales.orders"), type(spark, "deltax.sales.orders"));
    assertEquals("EXTERNAL", type(spark, "deltax.sales.orders_elsewhere"));
    assertEquals("EXTERNAL", type(spark, "deltax.`" + location("sales.orders") + "`"));
    SparkSession.setActiveSession(deltaxOnly);
    try {
      assertEquals("MANAGED", type(deltaxOnly, "sales.orders"));
      assertEquals("EXTERNAL", type(deltaxOnly, "sales.orders_elsewhere"));
    } finally {
      SparkSession.setActiveSession(spark);
    }
  }

  /** The type Spark's catalog keeps for {@code sales.<table>}. */
  private static String metastoreType(String table) throws Exception {
    return ((org.apache.spark.sql.classic.SparkSession) spark)
        .sessionState()
        .catalog()
        .getTableMetadata(TableIdentifier.apply(table, Option.apply("sales")))
        .tableType()
        .name();
  }

  private static String type(SparkSession session, String table) {
    return session
        .sql("DESCRIBE TABLE EXTENDED " + table)
        .where("col_name = 'Type'")
        .first()
        .getString(1);
  }

  /**
   * The options an entry keeps (a file system only they name) reach the log and the data files: in
   * reads by name in both set-ups, in the procedures and in {@code deltax_changes}. Without them
   * the location cannot be read.
   */
  @Test
  void entryOptionsReachTheLog() {
    Exception unknownScheme =
        assertThrows(
            Exception.class, () -> spark.read().format("deltax").load(elsewhere()).collectAsList());
    assertTrue(
        String.valueOf(unknownScheme.getMessage()).contains(OptionOnlyFileSystem.SCHEME)
            || String.valueOf(unknownScheme.getCause()).contains(OptionOnlyFileSystem.SCHEME),
        unknownScheme.toString());
    Dataset<Row> orders = spark.table("sales.orders");
    assertSameRows(orders, spark.sql("SELECT * FROM deltax.sales.orders_elsewhere"));
    assertSameRows(
        changes(spark, "sales.orders", "1, 2"), changes(spark, "sales.orders_elsewhere", "1, 2"));
    for (String call : List.of("table_history(table => '%s')")) {
      assertEquals(
          spark.sql("CALL deltax." + call.formatted("sales.orders")).collectAsList().toString(),
          spark
              .sql("CALL deltax." + call.formatted("sales.orders_elsewhere"))
              .collectAsList()
              .toString(),
          call);
    }
    for (String call :
        List.of("table_detail(table => '%s')", "row_tracking_status(table => '%s')")) {
      assertEquals(
          spark
              .sql("CALL deltax." + call.formatted("sales.orders"))
              .drop("name", "location", "table")
              .collectAsList()
              .toString(),
          spark
              .sql("CALL deltax." + call.formatted("sales.orders_elsewhere"))
              .drop("name", "location", "table")
              .collectAsList()
              .toString(),
          call);
    }
    SparkSession.setActiveSession(deltaxOnly);
    try {
      assertSameRows(orders, deltaxOnly.table("sales.orders_elsewhere"));
    } finally {
      SparkSession.setActiveSession(spark);
    }
  }

  /**
   * {@code deltax_changes} by name, in both set-ups, answers as delta-spark's {@code table_changes}
   * on the same table (row tracking and the change data feed enabled).
   */
  @Test
  void changesByNameAsDeltaSpark() {
    Dataset<Row> expected =
        spark.sql(
            "SELECT id, v, _change_type, _commit_version FROM table_changes('sales.tracked', 0,"
                + " 2)");
    assertSameRows(expected, changes(spark, "sales.tracked", "0, 2"));
    SparkSession.setActiveSession(deltaxOnly);
    try {
      assertSameRows(expected, changes(deltaxOnly, "sales.tracked", "0, 2"));
    } finally {
      SparkSession.setActiveSession(spark);
    }
  }

  /** The changes' data columns, kind and version, from {@code deltax_changes(table, range)}. */
  private static Dataset<Row> changes(SparkSession session, String table, String range) {
    return session
        .sql("SELECT * FROM deltax_changes('" + table + "', " + range + ")")
        .drop("_commit_timestamp");
  }

  /**
   * Spark 4.2's {@code CHANGES} clause by name, through {@code DeltaXChangelogSessionCatalog} as
   * the session catalog: delta-spark's {@code table_changes} on the same table. Skipped on Spark
   * 4.1, which has no such clause.
   */
  @Test
  void changesClauseByNameOnSpark42() {
    assumeTrue(
        spark.version().compareTo("4.2") >= 0,
        "Spark " + spark.version() + " has no CHANGES syntax; run with -Pspark-4.2");
    SparkSession changelogs = spark.newSession();
    changelogs
        .conf()
        .set("spark.sql.catalog.spark_catalog", "io.deltax.spark42.DeltaXChangelogSessionCatalog");
    SparkSession.setActiveSession(changelogs);
    try {
      assertSameRows(
          spark.sql(
              "SELECT id, v, _change_type, _commit_version"
                  + " FROM table_changes('sales.tracked', 1, 2)"),
          changelogs.sql(
              "SELECT id, v, _change_type, _commit_version"
                  + " FROM sales.tracked CHANGES FROM VERSION 1 TO VERSION 2"));
      // Other tables are Spark's own catalog's, unchanged.
      assertSameRows(spark.table("sales.plain"), changelogs.table("sales.plain"));
    } finally {
      SparkSession.setActiveSession(spark);
    }
  }

  /**
   * The command line takes names where its session has a metastore, and opens the table with its
   * entry's options: {@code deltax history} lists delta-spark's {@code DESCRIBE HISTORY} versions,
   * {@code deltax backfill --dry-run} plans what {@code CALL} plans.
   */
  @Test
  void cliTakesNames() {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    DeltaXCli cli =
        new DeltaXCli(
            new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8),
            () -> spark);
    assertEquals(
        0,
        cli.run(new String[] {"history", "sales.orders_elsewhere", "--json"}),
        err.toString(StandardCharsets.UTF_8));
    List<Long> listed = new ArrayList<>();
    Matcher version =
        Pattern.compile("\\{\"version\":(\\d+),").matcher(out.toString(StandardCharsets.UTF_8));
    while (version.find()) {
      listed.add(Long.parseLong(version.group(1)));
    }
    assertEquals(
        spark
            .sql("DESCRIBE HISTORY sales.orders")
            .select("version")
            .as(Encoders.LONG())
            .collectAsList(),
        listed);
    out.reset();
    assertEquals(
        0,
        cli.run(new String[] {"backfill", "sales.orders_elsewhere", "--dry-run"}),
        err.toString(StandardCharsets.UTF_8));
    String planned =
        spark
            .sql("CALL deltax.backfill_row_tracking(table => 'sales.orders', dry_run => true)")
            .first()
            .getAs("message");
    assertTrue(out.toString(StandardCharsets.UTF_8).contains(planned), out.toString());
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

  /** sales.orders's location, in the scheme only the options of sales.orders_elsewhere name. */
  private static String elsewhere() {
    return OptionOnlyFileSystem.SCHEME + "://" + location("sales.orders");
  }

  /** When {@code version} of {@code table} was committed, as delta-spark's history says. */
  private static String commitTime(String table, long version) {
    return spark
        .sql("DESCRIBE HISTORY " + table)
        .where("version = " + version)
        .selectExpr("CAST(timestamp AS STRING)")
        .first()
        .getString(0);
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
