package io.deltax.it.streaming;

import static io.deltax.it.DeltaOracle.assertSameRows;
import static io.deltax.it.DeltaOracle.canonicalRows;
import static io.deltax.it.DeltaOracle.delta;
import static io.deltax.it.DeltaOracle.quote;
import static io.deltax.it.DeltaOracle.spark;
import static io.deltax.it.DeltaOracle.sql;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.deltax.errors.DeltaXException;
import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.commons.io.FileUtils;
import org.apache.spark.api.java.function.VoidFunction2;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.streaming.StreamingQuery;
import org.apache.spark.sql.streaming.Trigger;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Rate limits, restarts and the errors of deltax's stream, each against what delta-spark's
 * stream does on the same table.
 */
class StreamLimitsAndFailuresTest {
  @TempDir
  static Path dir;

  @BeforeAll
  static void start() {
    spark();
  }

  /**
   * Files per micro-batch of one AvailableNow run: every file of the table holds
   * {@link #ROWS_PER_FILE} rows (checked below), so a batch's rows tell its files. delta-spark's
   * stream has no {@code _metadata}, and {@code input_file_name()} is empty in DSv2 scans.
   */
  private static List<Long> filesPerBatch(String format, String table, String name, int maxFiles)
      throws Exception {
    List<Long> files = Collections.synchronizedList(new ArrayList<>());
    Dataset<Row> stream = spark().readStream().format(format)
        .option("maxFilesPerTrigger", maxFiles).load(table);
    VoidFunction2<Dataset<Row>, Long> count = (batch, id) -> {
      long rows = batch.count();
      assertEquals(0, rows % ROWS_PER_FILE, "whole files");
      files.add(rows / ROWS_PER_FILE);
      batch.write().mode(SaveMode.Append).parquet(dir.resolve(name).resolve("rows").toString());
    };
    StreamingQuery query = stream.writeStream().foreachBatch(count)
        .option("checkpointLocation", dir.resolve(name).resolve("checkpoint").toString())
        .trigger(Trigger.AvailableNow()).start();
    assertTrue(query.awaitTermination(600_000), "AvailableNow ends after all files");
    return files;
  }

  private static final long ROWS_PER_FILE = 10;

  @Test
  void maxFilesPerTriggerTenOnHundredFiles() throws Exception {
    String table = dir.resolve("hundred").toString();
    spark().range(0, 1000).repartition(100).write().format("delta").save(table);
    assertEquals(List.of(ROWS_PER_FILE), delta(table).groupBy(functions.input_file_name()).count()
        .select("count").distinct().as(org.apache.spark.sql.Encoders.LONG()).collectAsList(),
        "rows per file");
    List<Long> deltax = filesPerBatch("deltax", table, "hundred-deltax", 10);
    List<Long> deltaSpark = filesPerBatch("delta", table, "hundred-delta", 10);
    assertEquals(deltaSpark, deltax, "files per batch, as delta-spark");
    assertEquals(10, deltax.size(), "batches: " + deltax);
    assertTrue(deltax.stream().allMatch(n -> n <= 10), "at most 10 files per batch: " + deltax);
    assertSameRows(delta(table), spark().read().parquet(dir.resolve("hundred-deltax").resolve("rows").toString()));
  }

  /** The sink fails after writing batch 2; the restarted query rewrites it and goes on: each row once. */
  @Test
  void restartFromCheckpointIsExactlyOnce() throws Exception {
    String table = dir.resolve("restart").toString();
    sql("CREATE TABLE " + quote(table) + " (id INT, v STRING) USING delta");
    for (int i = 1; i <= 5; i++) {
      sql("INSERT INTO " + quote(table) + " VALUES (" + i + ", 'v" + i + "'), (" + (i + 100) + ", 'w')");
    }
    Path out = dir.resolve("restart-out");
    AtomicBoolean failed = new AtomicBoolean();
    VoidFunction2<Dataset<Row>, Long> sink = (batch, id) -> {
      batch.write().mode(SaveMode.Overwrite).parquet(out.resolve("batch=" + id).toString());
      if (id == 2 && failed.compareAndSet(false, true)) {
        throw new IllegalStateException("the sink dies after writing batch 2");
      }
    };
    for (int run = 0; run < 2; run++) {
      StreamingQuery query = spark().readStream().format("deltax").option("maxFilesPerTrigger", 1)
          .load(table).writeStream().foreachBatch(sink)
          .option("checkpointLocation", out.resolve("_checkpoint").toString())
          .trigger(Trigger.AvailableNow()).start();
      if (run == 0) {
        assertThrows(Exception.class, query::awaitTermination);
      } else {
        query.awaitTermination();
      }
    }
    assertTrue(failed.get());
    assertSameRows(delta(table), spark().read().parquet(out.toString()).drop("batch"));
  }

  @Test
  void updateFailsTheStreamUnlessSkipped() {
    String table = dir.resolve("update").toString();
    sql("CREATE TABLE " + quote(table) + " (id INT, v STRING) USING delta");
    sql("INSERT INTO " + quote(table) + " VALUES (1, 'a'), (2, 'b')");
    Streams.run("deltax", table, dir.resolve("update-deltax"), Map.of());
    Streams.run("delta", table, dir.resolve("update-delta"), Map.of());
    sql("UPDATE " + quote(table) + " SET v = 'c' WHERE id = 1");
    // delta-spark's stream fails on the UPDATE; so does deltax's, naming the version and the way out.
    assertThrows(RuntimeException.class, () -> Streams.run("delta", table, dir.resolve("update-delta"), Map.of()));
    RuntimeException e = assertThrows(RuntimeException.class,
        () -> Streams.run("deltax", table, dir.resolve("update-deltax"), Map.of()));
    DeltaXException cause = deltaxCause(e);
    assertEquals("DELTAX_STREAM_DATA_REMOVED", cause.getCondition());
    assertTrue(cause.getMessage().contains("version 2") && cause.getMessage().contains("skipChangeCommits"),
        cause.getMessage());
    assertEquals(2, Streams.count(dir.resolve("update-deltax")), "nothing written after the failure");
  }

  @Test
  void tableReplacedAtTheSamePathFailsClearly() throws Exception {
    String table = dir.resolve("replaced").toString();
    sql("CREATE TABLE " + quote(table) + " (id INT) USING delta");
    sql("INSERT INTO " + quote(table) + " VALUES (1)");
    Streams.run("deltax", table, dir.resolve("replaced-out"), Map.of());
    FileUtils.deleteDirectory(new File(table));
    sql("CREATE TABLE " + quote(table) + " (id INT) USING delta");
    sql("INSERT INTO " + quote(table) + " VALUES (2)");
    sql("INSERT INTO " + quote(table) + " VALUES (3)");
    RuntimeException e = assertThrows(RuntimeException.class,
        () -> Streams.run("deltax", table, dir.resolve("replaced-out"), Map.of()));
    assertEquals("DELTAX_STREAM_TABLE_CHANGED", deltaxCause(e).getCondition());
    assertEquals(1, Streams.count(dir.resolve("replaced-out")));
  }

  /** A column renamed under column mapping while the query was stopped: its restart fails, as delta-spark's. */
  @Test
  void schemaChangeFailsNamingBothSchemas() {
    String table = dir.resolve("schema").toString();
    sql("CREATE TABLE " + quote(table) + " (id INT, v STRING) USING delta TBLPROPERTIES "
        + "('delta.columnMapping.mode' = 'name', 'delta.minReaderVersion' = '2', 'delta.minWriterVersion' = '5')");
    sql("INSERT INTO " + quote(table) + " VALUES (1, 'a')");
    Streams.run("deltax", table, dir.resolve("schema-deltax"), Map.of());
    Streams.run("delta", table, dir.resolve("schema-delta"), Map.of());
    sql("ALTER TABLE " + quote(table) + " RENAME COLUMN v TO w");
    sql("INSERT INTO " + quote(table) + " VALUES (2, 'b')");
    assertThrows(RuntimeException.class, () -> Streams.run("delta", table, dir.resolve("schema-delta"), Map.of()));
    RuntimeException e = assertThrows(RuntimeException.class,
        () -> Streams.run("deltax", table, dir.resolve("schema-deltax"), Map.of()));
    DeltaXException cause = deltaxCause(e);
    assertEquals("DELTAX_STREAM_SCHEMA_CHANGED", cause.getCondition());
    assertTrue(cause.getMessage().contains("v STRING") && cause.getMessage().contains("w STRING"),
        cause.getMessage());
    assertEquals(1, Streams.count(dir.resolve("schema-deltax")));
  }

  /** Log clean-up removed the commits the stream needs next: the error names them. */
  @Test
  void versionsCleanedPastTheOffsetFailNamingThem() throws Exception {
    String table = dir.resolve("cleaned").toString();
    sql("CREATE TABLE " + quote(table) + " (id INT) USING delta");
    sql("INSERT INTO " + quote(table) + " VALUES (1)");
    Streams.run("deltax", table, dir.resolve("cleaned-out"), Map.of());
    for (int i = 2; i <= 4; i++) {
      sql("INSERT INTO " + quote(table) + " VALUES (" + i + ")");
    }
    io.deltax.it.DeltaOracle.checkpoint(table);
    for (int v = 0; v <= 3; v++) {
      java.nio.file.Files.delete(Path.of(table, "_delta_log", String.format("%020d.json", v)));
    }
    RuntimeException e = assertThrows(RuntimeException.class,
        () -> Streams.run("deltax", table, dir.resolve("cleaned-out"), Map.of()));
    DeltaXException cause = deltaxCause(e);
    assertEquals("DELTAX_STREAM_VERSIONS_MISSING", cause.getCondition());
    assertTrue(cause.getMessage().contains("versions 2 to 3"), cause.getMessage());
    assertEquals(1, Streams.count(dir.resolve("cleaned-out")));
  }

  @Test
  void rowIdsAreSelectableInStreamsAsDeltaSparkReadsThem() {
    String table = dir.resolve("rowids").toString();
    sql("CREATE TABLE " + quote(table) + " (id INT, v STRING) USING delta "
        + "TBLPROPERTIES ('delta.enableRowTracking' = 'true')");
    sql("INSERT INTO " + quote(table) + " VALUES (1, 'a'), (2, 'b')");
    sql("INSERT INTO " + quote(table) + " VALUES (3, 'c')");
    String[] columns = {"id", "_metadata.row_id", "_metadata.row_commit_version"};
    // delta-spark's stream (a DSv1 source) cannot select _metadata: its batch read is the oracle.
    Streams.runInto(spark().readStream().format("deltax").load(table)
        .select("id", columns[1], columns[2]), dir.resolve("rowids-deltax"));
    sql("INSERT INTO " + quote(table) + " VALUES (4, 'd')");
    Streams.runInto(spark().readStream().format("deltax").load(table)
        .select("id", columns[1], columns[2]), dir.resolve("rowids-deltax"));
    // Rows only: the sink's Parquet files do not keep the _metadata fields' column metadata.
    assertEquals(canonicalRows(delta(table).select("id", columns[1], columns[2])),
        canonicalRows(Streams.sink(dir.resolve("rowids-deltax"))));
    assertEquals(4, Streams.count(dir.resolve("rowids-deltax")));
  }

  static DeltaXException deltaxCause(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof DeltaXException d) {
        return d;
      }
    }
    throw new AssertionError("no DeltaXException in " + e, e);
  }
}
