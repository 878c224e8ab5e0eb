package io.deltax.it;

import static io.deltax.it.DeltaOracle.canonicalRows;
import static io.deltax.it.DeltaOracle.quote;
import static io.deltax.it.DeltaOracle.spark;
import static io.deltax.it.DeltaOracle.sql;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.deltax.read.SparkParquet;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.DataFrameReader;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.functions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The change feed deltax derives from row tracking, judged by delta-spark's change data feed
 * ({@code readChangeFeed}) on the same table: {@code all} must be delta-spark's multiset of (data
 * columns, {@code _change_type}, {@code _commit_version}); {@code net} must be delta-spark's feed
 * collapsed per key ({@code id}, unique in every table here), computed below from its answer.
 */
class ChangeFeedTest {
  private static final String CDF = "'delta.enableChangeDataFeed' = 'true'";
  private static final String ROW_TRACKING = "'delta.enableRowTracking' = 'true'";

  @TempDir
  static Path dir;

  @BeforeAll
  static void start() {
    spark();
  }

  private static Dataset<Row> changes(String format, String path, long start, long end, String mode) {
    return spark().read().format(format).option("readChangeFeed", "true")
        .option("startingVersion", start).option("endingVersion", end)
        .option("changeMode", mode).load(path);
  }

  private static long latest(String path) {
    return spark().sql("DESCRIBE HISTORY " + quote(path)).agg(functions.max("version")).first().getLong(0);
  }

  /** A table with the given properties, written by {@code statements} (one commit each). */
  private static String table(String name, String properties, String partitionedBy, List<String> statements) {
    String path = dir.resolve(name).toString();
    sql("CREATE TABLE " + quote(path) + " (id INT, grp STRING, v INT) USING delta "
        + partitionedBy + " TBLPROPERTIES (" + properties + ")");
    for (String s : statements) {
      sql(s.replace("$T", quote(path)));
    }
    return path;
  }

  /** INSERT, UPDATE, DELETE, MERGE (update, delete, insert clauses), OPTIMIZE, then an UPDATE. */
  private static List<String> dmlSequence() {
    return List.of(
        "INSERT INTO $T SELECT id, CAST(id % 3 AS STRING), id * 10 FROM range(0, 10)",
        "INSERT INTO $T SELECT id, CAST(id % 3 AS STRING), id * 10 FROM range(10, 20)",
        "UPDATE $T SET v = -v WHERE id % 3 = 0",
        "DELETE FROM $T WHERE id % 4 = 1",
        "MERGE INTO $T t USING (SELECT CAST(id AS INT) AS id FROM range(0, 30) WHERE id % 5 = 0 OR id > 24) s "
            + "ON t.id = s.id WHEN MATCHED AND t.id < 8 THEN UPDATE SET v = t.v + 1000 "
            + "WHEN MATCHED THEN DELETE "
            + "WHEN NOT MATCHED THEN INSERT (id, grp, v) VALUES (s.id, 'new', s.id)",
        "OPTIMIZE $T",
        "UPDATE $T SET v = v + 1 WHERE id IN (2, 3, 26)");
  }

  /**
   * The whole history (in {@code all}, every commit's changes carry its version, so this checks
   * each commit) and a range starting in the middle, in both modes.
   */
  private static void assertSameChanges(String oracle, String path) {
    long last = latest(path);
    for (long[] r : new long[][] {{0, last}, {Math.min(3, last), last}}) {
      List<Row> expected = changes("delta", oracle, r[0], r[1], "all").drop("_commit_timestamp").collectAsList();
      String range = "versions " + r[0] + " to " + r[1];
      assertEquals(canonical(expected), rows(changes("deltax", path, r[0], r[1], "all")), "all changes, " + range);
      assertEquals(canonical(netOf(expected)), rows(changes("deltax", path, r[0], r[1], "net")),
          "net changes, " + range);
    }
  }

  /**
   * The whole history again with every commit read by as many tasks as there are cores, each
   * reading a slice of its files ({@code spark.deltax.changeFeed.sliceBytes} of 1 byte): the same
   * changes as delta-spark's.
   */
  private static void assertSameChangesInSlices(String oracle, String path) {
    long last = latest(path);
    List<Row> expected = changes("delta", oracle, 0, last, "all").drop("_commit_timestamp").collectAsList();
    int wholeCommits = changes("deltax", path, 0, last, "all").rdd().getNumPartitions();
    spark().conf().set("spark.deltax.changeFeed.sliceBytes", "1");
    try {
      Dataset<Row> sliced = changes("deltax", path, 0, last, "all");
      assertTrue(sliced.rdd().getNumPartitions() > wholeCommits,
          sliced.rdd().getNumPartitions() + " tasks, " + wholeCommits + " commits");
      assertEquals(canonical(expected), rows(sliced), "all changes, commits in slices");
      // The net changes of one row-tracked commit are read as its changes, in slices too.
      int versionAt = expected.isEmpty() ? 0 : expected.get(0).fieldIndex("_commit_version");
      for (long v = 1; v <= last; v++) {
        long version = v;
        List<Row> ofVersion = expected.stream().filter(r -> r.getLong(versionAt) == version).toList();
        assertEquals(canonical(netOf(ofVersion)), rows(changes("deltax", path, v, v, "net")),
            "net changes of version " + v + " alone, in slices");
      }
    } finally {
      spark().conf().unset("spark.deltax.changeFeed.sliceBytes");
    }
  }

  /** The rows without {@code _commit_timestamp}, each as text, sorted: a multiset. */
  private static List<String> rows(Dataset<Row> changes) {
    return canonical(changes.drop("_commit_timestamp").collectAsList());
  }

  private static List<String> canonical(List<Row> rows) {
    List<String> result = new ArrayList<>();
    for (Row r : rows) {
      result.add(r.toString());
    }
    result.sort(null);
    return result;
  }

  /**
   * delta-spark's feed collapsed per id: inserted and deleted is nothing; inserted (and updated)
   * is one insert with the last values; updated is the first pre-image and the last post-image;
   * deleted (after updates or not) is the first values as a delete at the deleting version.
   */
  static List<Row> netOf(List<Row> deltaChanges) {
    List<Row> rows = new ArrayList<>(deltaChanges);
    if (rows.isEmpty()) {
      return rows;
    }
    int typeAt = rows.get(0).fieldIndex("_change_type");
    int versionAt = typeAt + 1;
    List<String> order = List.of("update_preimage", "delete", "insert", "update_postimage");
    rows.sort(Comparator.<Row>comparingLong(r -> r.getLong(versionAt))
        .thenComparing(r -> order.indexOf(r.getString(typeAt))));
    Map<Object, List<Row>> byKey = new LinkedHashMap<>();
    for (Row r : rows) {
      byKey.computeIfAbsent(r.get(r.fieldIndex("id")), k -> new ArrayList<>()).add(r);
    }
    List<Row> net = new ArrayList<>();
    for (List<Row> events : byKey.values()) {
      Row first = events.get(0);
      Row last = events.get(events.size() - 1);
      boolean before = !first.getString(typeAt).equals("insert");
      boolean after = !last.getString(typeAt).equals("delete");
      if (!before && after) {
        net.add(with(last, typeAt, "insert", last.getLong(versionAt)));
      } else if (before && !after) {
        net.add(with(first, typeAt, "delete", last.getLong(versionAt)));
      } else if (before) {
        net.add(first);
        net.add(last);
      }
    }
    return net;
  }

  private static Row with(Row row, int typeAt, String type, long version) {
    Object[] values = new Object[row.size()];
    for (int i = 0; i < values.length; i++) {
      values[i] = row.get(i);
    }
    values[typeAt] = type;
    values[typeAt + 1] = version;
    return org.apache.spark.sql.RowFactory.create(values);
  }

  private static String copyOnWrite;

  /**
   * {@link #dmlSequence} copy-on-write on a table with CDF and row tracking, checkpointed every 3
   * commits; made once, shared by the tests that only read it.
   */
  private static String copyOnWriteTable() {
    if (copyOnWrite == null) {
      copyOnWrite = table("cow", CDF + ", " + ROW_TRACKING + ", 'delta.checkpointInterval' = '3'", "",
          dmlSequence());
    }
    return copyOnWrite;
  }

  /** Copy-on-write DML, with checkpoints in the middle (every 3 commits). */
  @Test
  void copyOnWriteChangesMatchDeltaSpark() {
    String path = copyOnWriteTable();
    assertTrue(DeltaOracle.logFiles(path).stream().anyMatch(f -> f.toString().endsWith(".checkpoint.parquet")));
    assertSameChanges(path, path);
    assertSameChangesInSlices(path, path);
  }

  private static final String VECTORS = "'delta.enableDeletionVectors' = 'true'";
  private static String vectorTable;

  /** {@link #dmlSequence} with deletion vectors, partitioned by {@code grp}; made once. */
  private static String deletionVectorTable() {
    if (vectorTable == null) {
      vectorTable = table("dv", CDF + ", " + ROW_TRACKING + ", " + VECTORS, "PARTITIONED BY (grp)", dmlSequence());
    }
    return vectorTable;
  }

  @Test
  void deletionVectorChangesMatchDeltaSpark() {
    String path = deletionVectorTable();
    // The DML re-added files with grown deletion vectors: deltax reads only the newly hidden rows.
    assertTrue(DeltaOracle.logFiles(path).stream().filter(f -> f.toString().endsWith(".json"))
        .anyMatch(f -> read(f).contains("\"deletionVector\":{")), "a deletion vector in the log");
    assertSameChanges(path, path);
    assertSameChangesInSlices(path, path);
  }

  /**
   * Nested columns, read by batches (Spark's vectorized reader returns them too) and, with that
   * reader switched off, row by row (the change feed's fallback for schemas Spark cannot batch),
   * deletion vectors included: the same answers both ways.
   */
  @Test
  void nestedColumnsByBatchesAndByRowsMatchDeltaSpark() {
    String path = dir.resolve("nested").toString();
    sql("CREATE TABLE " + quote(path) + " (id INT, grp STRING, v INT, tags ARRAY<STRING>, "
        + "point STRUCT<x: INT, y: INT>) USING delta TBLPROPERTIES (" + CDF + ", " + ROW_TRACKING
        + ", 'delta.enableDeletionVectors' = 'true')");
    for (String s : List.of(
        "INSERT INTO $T SELECT id, CAST(id % 3 AS STRING), id * 10, array(CAST(id AS STRING), 'a'), "
            + "named_struct('x', CAST(id AS INT), 'y', 1) FROM range(0, 20)",
        "UPDATE $T SET v = -v, tags = array('u'), point = named_struct('x', point.x, 'y', 2) "
            + "WHERE id % 3 = 0",
        "DELETE FROM $T WHERE id % 4 = 1",
        "UPDATE $T SET v = v + 1 WHERE id IN (2, 3)")) {
      sql(s.replace("$T", quote(path)));
    }
    org.apache.spark.sql.types.StructType schema = spark().read().format("deltax").load(path).schema();
    assertTrue(SparkParquet.supportsBatch(spark(), schema), "read by batches");
    assertSameChanges(path, path);
    String vectorized = "spark.sql.parquet.enableVectorizedReader";
    spark().conf().set(vectorized, "false");
    try {
      assertFalse(SparkParquet.supportsBatch(spark(), schema), "read row by row");
      assertSameChanges(path, path);
    } finally {
      spark().conf().unset(vectorized);
    }
  }

  /**
   * The same statements on tables without CDF, copy-on-write and with deletion vectors: deltax
   * answers as delta-spark on the CDF table.
   */
  @Test
  void withoutChangeDataFeedTheSameChanges() {
    assertSameChanges(copyOnWriteTable(), table("twin-plain", ROW_TRACKING, "", dmlSequence()));
    assertSameChanges(deletionVectorTable(),
        table("twin-plain-dv", ROW_TRACKING + ", " + VECTORS, "PARTITIONED BY (grp)", dmlSequence()));
  }

  /**
   * Row tracking enabled on a table with rows by deltax's backfill, in one commit (the default
   * batch) and in batches of one file (several commits), between writes: before it the changes are
   * file-level (here inserts, exact), after it matched by row ID; the backfill itself shows no row
   * (field report, fact 5).
   */
  @ParameterizedTest(name = "files per backfill commit: {0}")
  @ValueSource(strings = {"", ", 1"})
  void aBackfillInTheRangeYieldsNoRows(String batch) {
    String path = table("backfilled" + batch.length(), CDF, "", List.of(
        "INSERT INTO $T SELECT id, CAST(id % 3 AS STRING), id * 10 FROM range(0, 5)",
        "INSERT INTO $T SELECT id, CAST(id % 3 AS STRING), id * 10 FROM range(5, 10)"));
    long before = latest(path);
    long files = dataFiles(path);
    spark().sql("CALL backfill_row_tracking('" + path + "'" + batch + ")").collect();
    long enabled = latest(path);
    assertEquals(before + 2 + (batch.isEmpty() ? 1 : files), enabled,
        "an upgrade, one backfill commit per batch of " + files + " files, the enablement");
    sql("UPDATE " + quote(path) + " SET v = -1 WHERE id IN (1, 7)");
    sql("DELETE FROM " + quote(path) + " WHERE id = 4");
    sql("INSERT INTO " + quote(path) + " VALUES (42, 'x', 420)");
    assertEquals(0, changes("deltax", path, before + 1, enabled, "all").count());
    assertEquals(0, changes("delta", path, before + 1, enabled, "all").count());
    assertSameChanges(path, path);
    // Ranges that end inside the backfill (after the upgrade; after the last batch), before row
    // tracking is enabled: file-level inserts.
    for (long end : new long[] {before + 1, enabled - 1}) {
      List<Row> expected = changes("delta", path, 1, end, "all").drop("_commit_timestamp").collectAsList();
      assertEquals(canonical(expected), rows(changes("deltax", path, 1, end, "all")), "versions 1 to " + end);
      assertEquals(canonical(netOf(expected)), rows(changes("deltax", path, 1, end, "net")), "net, 1 to " + end);
    }
  }

  /**
   * The same across delta-spark's own enablement (ALTER TABLE: upgrade, backfill, properties), its
   * backfill in one commit and, at most one file per commit, in one commit per file.
   */
  @ParameterizedTest(name = "files per backfill commit at most: {0}")
  @ValueSource(ints = {22000, 1})
  void deltaSparksEnablementInTheRange(int filesPerCommit) {
    String path = table("altered" + filesPerCommit, CDF, "", List.of(
        "INSERT INTO $T SELECT id, CAST(id % 3 AS STRING), id * 10 FROM range(0, 6)",
        "INSERT INTO $T SELECT id, CAST(id % 3 AS STRING), id * 10 FROM range(6, 9)"));
    spark().conf().set("spark.databricks.delta.backfill.maxNumFiles", filesPerCommit);
    try {
      sql("ALTER TABLE " + quote(path) + " SET TBLPROPERTIES (" + ROW_TRACKING + ")");
    } finally {
      spark().conf().unset("spark.databricks.delta.backfill.maxNumFiles");
    }
    long enabled = latest(path);
    long files = dataFiles(path);
    assertEquals(2 + 2 + (filesPerCommit == 1 ? files : 1), enabled,
        "versions 3 to " + enabled + ": the protocol upgrade, the backfill of " + files + " files, the properties");
    sql("UPDATE " + quote(path) + " SET v = 0 WHERE id < 2");
    sql("DELETE FROM " + quote(path) + " WHERE id = 5");
    assertEquals(0, changes("deltax", path, 3, enabled, "all").count());
    assertEquals(0, changes("delta", path, 3, enabled, "all").count());
    assertSameChanges(path, path);
  }

  /**
   * RESTORE re-adds files an UPDATE, a DELETE, a MERGE and an OPTIMIZE removed, and removes the
   * files they added; then an UPDATE after it. Their rows keep their row IDs and old row commit
   * versions: matched by row ID, a reverted row would look copied. With deletion vectors, RESTORE
   * also re-adds files with the smaller vectors they had.
   */
  @Test
  void aRestoreInTheRange() {
    List<String> statements = new ArrayList<>(dmlSequence());
    statements.add("RESTORE TABLE $T TO VERSION AS OF 3");
    statements.add("UPDATE $T SET v = v + 7 WHERE id < 5");
    // deltax reads a table without CDF the same way (withoutChangeDataFeedTheSameChanges): no twin here.
    String oracle = table("restored-cdf", CDF + ", " + ROW_TRACKING, "", statements);
    assertSameChanges(oracle, oracle);
    String withVectors = table("restored-dv", CDF + ", " + ROW_TRACKING + ", " + VECTORS,
        "PARTITIONED BY (grp)", statements);
    assertSameChanges(withVectors, withVectors);
  }

  /**
   * Columns added by ALTER TABLE and by a MERGE with schema evolution (a commit that sets the
   * schema and rewrites rows at once: older rows read the new columns as null), a range starting
   * at the MERGE included.
   */
  @Test
  void anAddedColumn() {
    String path = table("added-column", CDF + ", " + ROW_TRACKING, "", List.of(
        "INSERT INTO $T SELECT id, CAST(id % 3 AS STRING), id * 10 FROM range(0, 6)",
        "ALTER TABLE $T ADD COLUMNS (w STRING)",
        "UPDATE $T SET w = 'updated' WHERE id < 2",
        "INSERT INTO $T VALUES (9, 'x', 90, 'nine')"));
    spark().conf().set("spark.databricks.delta.schema.autoMerge.enabled", "true");
    try {
      sql("MERGE INTO " + quote(path) + " t USING (SELECT CAST(id AS INT) AS id, 'g' AS grp, 5 AS v, "
          + "'w' AS w, id AS z FROM range(4, 12)) s ON t.id = s.id "
          + "WHEN MATCHED THEN UPDATE SET * WHEN NOT MATCHED THEN INSERT *");
    } finally {
      spark().conf().unset("spark.databricks.delta.schema.autoMerge.enabled");
    }
    sql("UPDATE " + quote(path) + " SET z = -1 WHERE id < 2");
    assertSameChanges(path, path);
    List<Row> expected = changes("delta", path, 5, 6, "all").drop("_commit_timestamp").collectAsList();
    assertTrue(expected.stream().anyMatch(r -> r.<Long>getAs("_commit_version") == 5
        && "update_preimage".equals(r.getAs("_change_type"))), "the MERGE's updates");
    assertEquals(canonical(expected), rows(changes("deltax", path, 5, 6, "all")), "from the MERGE on");
  }

  /**
   * The SQL table-valued function gives the DataFrame's answer; {@code _metadata.row_id} of an
   * update's post-image is delta-spark's for the row; a starting timestamp before the first commit
   * starts at the first commit.
   */
  @Test
  void sqlTimestampsAndRowIds() {
    String path = table("sql", CDF + ", " + ROW_TRACKING, "", dmlSequence().subList(0, 3));
    assertEquals(rows(changes("delta", path, 1, 3, "all")),
        rows(spark().sql("SELECT * FROM deltax_changes('" + path + "', 1, 3)")));
    assertEquals(rows(changes("deltax", path, 2, 3, "net")),
        rows(spark().sql("SELECT * FROM deltax_changes('" + path + "', 2, NULL, 'net')")));
    assertEquals(rows(changes("delta", path, 0, 3, "all")),
        rows(spark().read().format("deltax").option("readChangeFeed", "true")
            .option("startingTimestamp", "2000-01-01 00:00:00").load(path)));
    List<String> expected = canonicalRows(DeltaOracle.delta(path).where("id % 3 = 0")
        .select("id", "_metadata.row_id", "_metadata.row_commit_version"));
    Dataset<Row> postimages = changes("deltax", path, 3, 3, "all")
        .where("_change_type = 'update_postimage'")
        .select(new Column("id"), new Column("_metadata.row_id"), new Column("_metadata.row_commit_version"));
    assertEquals(expected, canonicalRows(postimages));
    assertError(() -> spark().sql("SELECT * FROM deltax_changes('" + path + "')").collect(),
        "DELTAX_INVALID_ARGUMENT", "deltax_changes");
  }

  @Test
  void aRangeWithoutDataChangeReadsNoFile() {
    String path = table("no-change", CDF + ", " + ROW_TRACKING, "",
        List.of("INSERT INTO $T SELECT id, 'a', 1 FROM range(0, 4)", "OPTIMIZE $T",
            "ALTER TABLE $T SET TBLPROPERTIES ('delta.checkpointInterval' = '5')"));
    Dataset<Row> feed = changes("deltax", path, 2, 3, "all");
    String plan = feed.queryExecution().executedPlan().toString();
    assertTrue(plan.contains("0 commits with data changes"), plan);
    assertEquals(0, feed.collectAsList().size());
  }

  @Test
  void badRanges() {
    String path = table("bad-ranges", CDF + ", " + ROW_TRACKING, "", List.of(
        "INSERT INTO $T VALUES (1, 'a', 1)",
        "ALTER TABLE $T SET TBLPROPERTIES ('delta.enableRowTracking' = 'false')",
        "INSERT INTO $T VALUES (2, 'a', 2)"));
    assertError(() -> changes("deltax", path, 2, 1, "all").collect(),
        "DELTAX_INVALID_CHANGE_RANGE", "from version 2 to version 1");
    assertError(() -> changes("deltax", path, 1, 9, "all").collect(),
        "DELTAX_CHANGE_RANGE_NOT_AVAILABLE", path, "versions 0 to 3");
    assertError(() -> changes("deltax", path, 0, 3, "all").collect(),
        "DELTAX_UNSUPPORTED_CHANGE_RANGE", "across version 2", "disabled row tracking");
    assertError(() -> changes("deltax", path, 0, 1, "sideways").collect(),
        "DELTAX_INVALID_OPTION", "changeMode");
    assertError(() -> spark().read().format("deltax").option("readChangeFeed", "true").load(path).collect(),
        "DELTAX_INVALID_OPTION", "startingVersion");
    String dropped = table("dropped-column", CDF + ", " + ROW_TRACKING
        + ", 'delta.columnMapping.mode' = 'name'", "", List.of(
        "INSERT INTO $T VALUES (1, 'a', 1)", "ALTER TABLE $T DROP COLUMN v", "INSERT INTO $T VALUES (2, 'b')"));
    assertError(() -> changes("deltax", dropped, 1, 3, "all").collect(),
        "DELTAX_UNSUPPORTED_CHANGE_RANGE", "drops or renames column v");
    assertFalse(changes("deltax", dropped, 3, 3, "all").collectAsList().isEmpty());
  }

  /**
   * A range that starts at a schema change, or after it, is read with the last schema as
   * delta-spark's feed is (its rows were all written at or after the start); a range across the
   * change is refused by both. A renamed column (read by its physical name) and a widened type.
   */
  @Test
  void aRangeStartingAtASchemaChange() {
    Map<String, String> tables = new LinkedHashMap<>();
    tables.put(table("renamed", CDF + ", " + ROW_TRACKING + ", 'delta.columnMapping.mode' = 'name'", "", List.of(
        "INSERT INTO $T SELECT id, CAST(id % 3 AS STRING), id * 10 FROM range(0, 10)",
        "ALTER TABLE $T RENAME COLUMN v TO value",
        "UPDATE $T SET value = -value WHERE id % 3 = 0",
        "DELETE FROM $T WHERE id = 8")), "drops or renames column v");
    tables.put(table("widened", CDF + ", " + ROW_TRACKING + ", 'delta.enableTypeWidening' = 'true'", "", List.of(
        "INSERT INTO $T SELECT id, CAST(id % 3 AS STRING), id * 10 FROM range(0, 10)",
        "ALTER TABLE $T ALTER COLUMN v TYPE BIGINT",
        "UPDATE $T SET v = v + 10000000000 WHERE id % 3 = 0",
        "DELETE FROM $T WHERE id = 8")), "changes column v from int to bigint");
    tables.forEach((path, why) -> {
      long last = latest(path);
      assertError(() -> changes("delta", path, 1, last, "all").collect(), "DELTA_CHANGE_DATA_FEED_INCOMPATIBLE");
      assertError(() -> changes("deltax", path, 1, last, "all").collect(), "DELTAX_UNSUPPORTED_CHANGE_RANGE",
          "across version 2", why, "up to version 1 and from version 2 on");
      List<Row> expected = changes("delta", path, 2, last, "all").drop("_commit_timestamp").collectAsList();
      assertFalse(expected.isEmpty());
      String range = path + ", versions 2 to " + last;
      assertEquals(canonical(expected), rows(changes("deltax", path, 2, last, "all")), range);
      assertEquals(canonical(netOf(expected)), rows(changes("deltax", path, 2, last, "net")), range + ", net");
    });
    // A commit that replaces the schema and the rows at once: the rows it removes were written
    // under the schema before it, which the new one cannot represent; the range must start after it.
    String replaced = table("replaced", CDF + ", " + ROW_TRACKING, "", List.of(
        "INSERT INTO $T SELECT id, CAST(id % 3 AS STRING), id * 10 FROM range(0, 10)"));
    spark().range(5).selectExpr("CAST(id AS INT) AS id", "'r' AS grp", "CAST(id AS STRING) AS v").write()
        .format("delta").mode("overwrite").option("overwriteSchema", "true").save(replaced);
    sql("UPDATE " + quote(replaced) + " SET v = 'u' WHERE id = 1");
    assertError(() -> changes("deltax", replaced, 2, 3, "all").collect(), "DELTAX_UNSUPPORTED_CHANGE_RANGE",
        "across version 2", "changes column v from int to string", "up to version 1 and from version 3 on");
    // delta-spark reads them with the new schema, and fails in the Parquet reader on column v's type.
    assertError(() -> changes("delta", replaced, 2, 3, "all").collect(), "PARQUET_COLUMN_DATA_TYPE_MISMATCH");
    assertEquals(rows(changes("delta", replaced, 3, 3, "all")), rows(changes("deltax", replaced, 3, 3, "all")));
  }

  /**
   * Overwrites of the whole table and of a partition, rows moved between partitions (by UPDATEs
   * with deletion vectors), a DELETE of a partition and of everything.
   */
  @Test
  void overwritesAndPartitionMoves() {
    String path = table("overwritten", CDF + ", " + ROW_TRACKING + ", " + VECTORS, "PARTITIONED BY (grp)", List.of(
        "INSERT INTO $T SELECT id, CAST(id % 3 AS STRING), id * 10 FROM range(0, 10)",
        "UPDATE $T SET grp = 'moved' WHERE id % 4 = 1",
        "INSERT OVERWRITE $T SELECT id, CAST(id % 2 AS STRING), id FROM range(50, 62)",
        "INSERT OVERWRITE $T PARTITION (grp = '1') SELECT 100, 7",
        "UPDATE $T SET grp = '1', v = v + 1 WHERE id % 5 = 2",
        "DELETE FROM $T WHERE grp = '0'",
        "DELETE FROM $T",
        "INSERT INTO $T VALUES (1, 'a', 1)"));
    assertSameChanges(path, path);
  }

  /**
   * A shallow clone's files are its source's, named by absolute paths in its log; its own
   * changes after the clone are matched by row ID as any other.
   */
  @Test
  void aShallowClone() {
    String source = table("clone-source", CDF + ", " + ROW_TRACKING, "", List.of(
        "INSERT INTO $T SELECT id, CAST(id % 3 AS STRING), id * 10 FROM range(0, 10)",
        "UPDATE $T SET v = 1 WHERE id < 3"));
    String clone = dir.resolve("clone").toString();
    sql("CREATE TABLE " + quote(clone) + " SHALLOW CLONE " + quote(source));
    sql("UPDATE " + quote(clone) + " SET v = 2 WHERE id > 6");
    sql("DELETE FROM " + quote(clone) + " WHERE id = 4");
    assertTrue(read(Path.of(clone, "_delta_log", "00000000000000000000.json")).contains("\"path\":\"file:"),
        "absolute paths in the log");
    assertSameChanges(clone, clone);
  }

  /**
   * Timestamps between commits: a start resolves to the first commit at or after it, an end to the
   * last at or before it, as delta-spark's, and two with no commit between them read nothing; a
   * start after the last commit is refused by both.
   */
  @Test
  void timestampsBetweenCommits() {
    // In-commit timestamps: the commit times both readers use are exact milliseconds in the log.
    String path = table("timestamps", CDF + ", " + ROW_TRACKING + ", 'delta.enableInCommitTimestamps' = 'true'", "",
        List.of("INSERT INTO $T VALUES (0, 'a', 0)", "INSERT INTO $T VALUES (1, 'a', 1)",
            "INSERT INTO $T VALUES (2, 'a', 2)"));
    Map<Long, Long> at = new HashMap<>();
    spark().sql("DESCRIBE HISTORY " + quote(path)).collectAsList().forEach(r -> at.put(
        r.getLong(r.fieldIndex("version")), r.getTimestamp(r.fieldIndex("timestamp")).getTime()));
    assertTrue(at.get(2L) - at.get(1L) > 1, "commits 1 and 2 a millisecond apart or more");
    String between = utc(at.get(1L) + 1);
    String[][] ranges = {{utc(at.get(1L)), utc(at.get(2L))}, {between, null}, {null, between}, {between, between}};
    for (String[] range : ranges) {
      assertEquals(rows(timestamps("delta", path, range)), rows(timestamps("deltax", path, range)),
          "from " + range[0] + " to " + range[1]);
    }
    assertEquals(1, timestamps("deltax", path, ranges[0]).where("_commit_version = 2").count(), "commit 2 in");
    assertEquals(0, timestamps("deltax", path, new String[] {between, between}).count(), "no commit in the window");
    String late = utc(at.get(3L) + 60_000);
    assertError(() -> timestamps("delta", path, new String[] {late, null}).collect(), "DELTA_TIMESTAMP_GREATER_THAN_COMMIT");
    assertError(() -> timestamps("deltax", path, new String[] {late, null}).collect(),
        "DELTAX_TIMESTAMP_NOT_AVAILABLE", "after the latest commit", "at or before it");
  }

  /** A time as the session (in UTC, {@link SharedSpark}) reads it, whatever the JVM's zone. */
  private static String utc(long millis) {
    return DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSS").withZone(ZoneOffset.UTC)
        .format(Instant.ofEpochMilli(millis));
  }

  private static long dataFiles(String path) {
    return DeltaOracle.delta(path).select("_metadata.file_path").distinct().count();
  }

  /** The change feed between timestamps; a null start is version 0, a null end the latest. */
  private static Dataset<Row> timestamps(String format, String path, String[] range) {
    DataFrameReader reader = spark().read().format(format).option("readChangeFeed", "true");
    reader = range[0] == null ? reader.option("startingVersion", 0) : reader.option("startingTimestamp", range[0]);
    return (range[1] == null ? reader : reader.option("endingTimestamp", range[1])).load(path);
  }

  private static String read(java.nio.file.Path file) {
    try {
      return java.nio.file.Files.readString(file);
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  private static void assertError(Runnable read, String... parts) {
    Exception e = assertThrows(Exception.class, read::run);
    for (String part : parts) {
      assertTrue(e.getMessage().contains(part), "expected '" + part + "' in: " + e.getMessage());
    }
  }

}
