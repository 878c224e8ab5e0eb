package io.deltax.it;

import static io.deltax.it.DeltaOracle.assertSame;
import static io.deltax.it.DeltaOracle.assertSameTable;
import static io.deltax.it.DeltaOracle.canonicalRows;
import static io.deltax.it.DeltaOracle.checkpoint;
import static io.deltax.it.DeltaOracle.delta;
import static io.deltax.it.DeltaOracle.deltax;
import static io.deltax.it.DeltaOracle.logFiles;
import static io.deltax.it.DeltaOracle.quote;
import static io.deltax.it.DeltaOracle.spark;
import static io.deltax.it.DeltaOracle.sql;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Map;
import org.apache.commons.io.FileUtils;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every kind of checkpoint delta-spark writes, with commits after it that add and remove files:
 * deltax must rebuild the same state from each.
 */
class CheckpointsTest {
  @TempDir
  static Path dir;

  @BeforeAll
  static void start() {
    spark();
  }

  /** Five commits with appends, a delete and an update, then a checkpoint, then two more commits. */
  private static String tableWithCheckpoint(String name, String properties, Map<String, String> confs) {
    String path = dir.resolve(name).toString();
    SharedSpark.withConf(confs, () -> {
      sql("CREATE TABLE " + quote(path) + " (id INT, part STRING, v STRING) USING delta "
          + "PARTITIONED BY (part) TBLPROPERTIES ('delta.checkpointInterval' = '1000'" + properties + ")");
      for (int i = 0; i < 4; i++) {
        sql("INSERT INTO " + quote(path) + " VALUES (" + (i * 10) + ", 'p" + (i % 2) + "', 'a'), ("
            + (i * 10 + 1) + ", 'p" + (i % 3) + "', 'b')");
      }
      sql("DELETE FROM " + quote(path) + " WHERE id = 10");
      sql("UPDATE " + quote(path) + " SET v = 'updated' WHERE id = 21");
      checkpoint(path);
      sql("INSERT INTO " + quote(path) + " VALUES (100, 'p9', 'after')");
      sql("DELETE FROM " + quote(path) + " WHERE id = 0");
    });
    return path;
  }

  private static final Map<String, String> TWO_FILES_PER_PART =
      Map.of("spark.databricks.delta.checkpoint.partSize", "2");
  private static String classic;
  private static String multiPart;

  /** {@link #tableWithCheckpoint} with a classic checkpoint, made once: tests that change it copy it. */
  private static String classicTable() {
    if (classic == null) {
      classic = tableWithCheckpoint("classic", "", Map.of());
    }
    return classic;
  }

  /** {@link #tableWithCheckpoint} with a multi-part checkpoint, made once. */
  private static String multiPartTable() {
    if (multiPart == null) {
      multiPart = tableWithCheckpoint("multi-part", "", TWO_FILES_PER_PART);
    }
    return multiPart;
  }

  /** A copy of the table at {@code source} (its log's paths are relative), to damage. */
  private static String copy(String source, String name) throws IOException {
    Path copy = dir.resolve(name);
    FileUtils.copyDirectory(new File(source), copy.toFile());
    return copy.toString();
  }

  private static List<String> names(String path) {
    return logFiles(path).stream().map(p -> p.getFileName().toString()).toList();
  }

  @Test
  void jsonOnlyLog() {
    String path = dir.resolve("json-only").toString();
    sql("CREATE TABLE " + quote(path) + " (id INT) USING delta");
    sql("INSERT INTO " + quote(path) + " VALUES (1), (2)");
    sql("DELETE FROM " + quote(path) + " WHERE id = 1");
    assertTrue(names(path).stream().noneMatch(n -> n.contains("checkpoint")));
    assertSameTable(path);
  }

  @Test
  void classicCheckpoint() {
    String path = classicTable();
    assertTrue(names(path).contains("00000000000000000006.checkpoint.parquet"), names(path).toString());
    assertSameTable(path);
  }

  @Test
  void multiPartCheckpoint() {
    String path = multiPartTable();
    assertTrue(names(path).stream().anyMatch(n -> n.matches("0+6\\.checkpoint\\.0+1\\.0+\\d+\\.parquet")),
        names(path).toString());
    assertSameTable(path);
  }

  @Test
  void multiPartCheckpointWithAMissingPartIsIgnored() throws IOException {
    String path = copy(multiPartTable(), "multi-part-broken");
    Path part = logFiles(path).stream()
        .filter(p -> p.getFileName().toString().matches("0+6\\.checkpoint\\.0+2\\.0+\\d+\\.parquet"))
        .findFirst().orElseThrow();
    Files.delete(part);
    // Without its second part the checkpoint is incomplete: deltax replays the commits instead.
    assertSameTable(path);
  }

  @Test
  void anEmptyNewestCheckpointLeftByAKilledWriterIsPassedOver() throws IOException {
    String path = copy(classicTable(), "empty-checkpoint");
    Dataset<Row> expected = delta(path);
    StructType schema = expected.schema();
    List<String> rows = canonicalRows(expected);
    // What a writer killed as the checkpoint appeared left: the file, 0 bytes long.
    Path checkpoint = Path.of(path, "_delta_log", "00000000000000000006.checkpoint.parquet");
    try (FileChannel file = FileChannel.open(checkpoint, StandardOpenOption.WRITE)) {
      file.truncate(0);
    }
    // deltax replays the commits instead, which the log still has.
    assertEquals(schema, deltax(path).schema());
    assertEquals(rows, canonicalRows(deltax(path)));
  }

  @Test
  void v2CheckpointWithJsonTopLevelFileAndSidecars() {
    String path = tableWithCheckpoint("v2-json", ", 'delta.checkpointPolicy' = 'v2'",
        Map.of("spark.databricks.delta.checkpointV2.topLevelFileFormat", "json",
            "spark.databricks.delta.checkpoint.partSize", "3"));
    assertTrue(names(path).stream().anyMatch(n -> n.matches("0+6\\.checkpoint\\.[0-9a-f-]{36}\\.json")),
        names(path).toString());
    assertTrue(sidecars(path) >= 2, "sidecars: " + sidecars(path));
    assertSameTable(path);
  }

  @Test
  void v2CheckpointWithParquetTopLevelFileAndSidecars() {
    String path = tableWithCheckpoint("v2-parquet", ", 'delta.checkpointPolicy' = 'v2'",
        Map.of("spark.databricks.delta.checkpointV2.topLevelFileFormat", "parquet"));
    assertTrue(names(path).stream().anyMatch(n -> n.matches("0+6\\.checkpoint\\.[0-9a-f-]{36}\\.parquet")),
        names(path).toString());
    assertEquals(1, sidecars(path));
    assertSameTable(path);
  }

  @Test
  void staleLastCheckpointIsIgnored() throws IOException {
    String path = copy(classicTable(), "stale-hint");
    Path hint = Path.of(path, "_delta_log", "_last_checkpoint");
    // Points at a checkpoint that does not exist.
    Files.writeString(hint, "{\"version\":3,\"size\":10}");
    assertSameTable(path);
    // Points at an older checkpoint than the newest one.
    sql("INSERT INTO " + quote(path) + " VALUES (200, 'p1', 'x')");
    String before = Files.readString(hint);
    checkpoint(path);
    Files.writeString(hint, before);
    assertSameTable(path);
    // Not JSON at all.
    Files.writeString(hint, "{\"vers");
    assertSameTable(path);
  }

  @Test
  void timeTravelToEveryVersionAcrossTheCheckpoint() {
    String path = classicTable();
    for (int version = 0; version <= 8; version++) {
      String v = Integer.toString(version);
      assertSame(r -> r.option("versionAsOf", v), path);
    }
  }

  private static long sidecars(String path) {
    try (var files = Files.list(Path.of(path, "_delta_log", "_sidecars"))) {
      return files.filter(p -> p.toString().endsWith(".parquet")).count();
    } catch (IOException e) {
      return 0;
    }
  }
}
