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

import static io.deltax.it.DeltaOracle.quote;
import static io.deltax.it.DeltaOracle.spark;
import static io.deltax.it.DeltaOracle.sql;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.delta.coordinatedcommits.CommitCoordinatorProvider;
import org.apache.spark.sql.delta.coordinatedcommits.InMemoryCommitCoordinatorBuilder;
import org.apache.spark.sql.streaming.Trigger;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Paths and logs deltax cannot read: each error names the problem. */
class BadInputTest {
  @TempDir static Path dir;

  @BeforeAll
  static void start() {
    spark();
  }

  private static String errorReading(String path) {
    Exception e =
        assertThrows(Exception.class, () -> spark().read().format("deltax").load(path).collect());
    return e.getMessage();
  }

  private static void assertMessage(String message, String... parts) {
    for (String part : parts) {
      assertTrue(message.contains(part), "expected '" + part + "' in: " + message);
    }
  }

  @Test
  void missingPath() {
    String path = dir.resolve("nothing-here").toString();
    assertMessage(errorReading(path), "DELTAX_TABLE_NOT_FOUND", path, "does not exist");
  }

  @Test
  void noPathAtAll() {
    Exception e =
        assertThrows(Exception.class, () -> spark().read().format("deltax").load().collect());
    assertMessage(e.getMessage(), "DELTAX_MISSING_PATH");
  }

  @Test
  void emptyDirectory() throws IOException {
    Path empty = Files.createDirectories(dir.resolve("empty"));
    assertMessage(errorReading(empty.toString()), "DELTAX_NOT_A_DELTA_TABLE", "no _delta_log");
  }

  /** A partition's directory names the table it lies in, and how to read the partition. */
  @Test
  void aPartitionDirectoryNamesItsTable() {
    String table = dir.resolve("partitioned").toString();
    sql("CREATE TABLE " + quote(table) + " (id INT, p INT) USING delta PARTITIONED BY (p)");
    sql("INSERT INTO " + quote(table) + " VALUES (1, 1)");
    String partition = table + "/p=1";
    assertMessage(
        errorReading(partition),
        "DELTAX_NOT_A_DELTA_TABLE",
        partition,
        "inside the Delta table",
        "partitioned",
        "where(");
  }

  @Test
  void emptyDeltaLogDirectory() throws IOException {
    Path table = Files.createDirectories(dir.resolve("empty-log/_delta_log")).getParent();
    assertMessage(errorReading(table.toString()), "DELTAX_NOT_A_DELTA_TABLE", "holds no commit");
  }

  @Test
  void parquetDirectoryWithoutDeltaLog() {
    String path = dir.resolve("plain-parquet").toString();
    spark().range(5).write().parquet(path);
    assertMessage(errorReading(path), "DELTAX_NOT_A_DELTA_TABLE", path, "no _delta_log");
  }

  @Test
  void truncatedLastCommit() throws IOException {
    String path = dir.resolve("truncated").toString();
    sql("CREATE TABLE " + quote(path) + " (id INT) USING delta");
    sql("INSERT INTO " + quote(path) + " VALUES (1), (2)");
    Path last = Path.of(path, "_delta_log", "00000000000000000001.json");
    byte[] bytes = Files.readAllBytes(last);
    Files.write(last, java.util.Arrays.copyOf(bytes, bytes.length / 2));
    assertMessage(errorReading(path), "DELTAX_CORRUPT_LOG", "00000000000000000001.json");
  }

  @Test
  void gapInTheCommits() throws IOException {
    String path = dir.resolve("gap").toString();
    sql("CREATE TABLE " + quote(path) + " (id INT) USING delta");
    sql("INSERT INTO " + quote(path) + " VALUES (1)");
    sql("INSERT INTO " + quote(path) + " VALUES (2)");
    Files.delete(Path.of(path, "_delta_log", "00000000000000000001.json"));
    assertMessage(errorReading(path), "DELTAX_LOG_INCOMPLETE", "missing commit 1");
  }

  @Test
  void unsupportedReaderFeatureIsRefusedBeforeAnyDataFileIsOpened() throws IOException {
    String path = dir.resolve("future-feature").toString();
    sql("CREATE TABLE " + quote(path) + " (id INT) USING delta");
    sql("INSERT INTO " + quote(path) + " VALUES (1)");
    Files.writeString(
        Path.of(path, "_delta_log", "00000000000000000002.json"),
        "{\"protocol\":{\"minReaderVersion\":3,\"minWriterVersion\":7,"
            + "\"readerFeatures\":[\"futureFeature\",\"v2Checkpoint\"],"
            + "\"writerFeatures\":[\"futureFeature\",\"v2Checkpoint\"]}}\n");
    // With no data file left, the error can only come from the protocol check.
    try (var files = Files.list(Path.of(path))) {
      for (Path f : files.filter(p -> p.toString().endsWith(".parquet")).toList()) {
        Files.delete(f);
      }
    }
    String message = errorReading(path);
    assertMessage(
        message, "DELTAX_UNSUPPORTED_READER_FEATURE", "[futureFeature]", path, "version 2");
    assertTrue(!message.contains("[futureFeature, v2Checkpoint]"), message);
  }

  @Test
  void catalogManagedTablesAreRefused() throws IOException {
    String path = dir.resolve("catalog-managed").toString();
    sql("CREATE TABLE " + quote(path) + " (id INT) USING delta");
    Files.writeString(
        Path.of(path, "_delta_log", "00000000000000000001.json"),
        "{\"protocol\":{\"minReaderVersion\":3,\"minWriterVersion\":7,\"readerFeatures\":[\"catalogManaged\"],\"writerFeatures\":[\"catalogManaged\"]}}\n");
    String message = errorReading(path);
    assertMessage(
        message,
        "DELTAX_UNSUPPORTED_READER_FEATURE",
        "[catalogManaged]",
        "deltax supports",
        "deletionVectors");
  }

  @Test
  void readerVersionAboveThree() throws IOException {
    String path = dir.resolve("reader-4").toString();
    sql("CREATE TABLE " + quote(path) + " (id INT) USING delta");
    Files.writeString(
        Path.of(path, "_delta_log", "00000000000000000001.json"),
        "{\"protocol\":{\"minReaderVersion\":4,\"minWriterVersion\":7}}\n");
    assertMessage(errorReading(path), "DELTAX_UNSUPPORTED_READER_VERSION", "reader version 4");
  }

  /**
   * A table whose commits a coordinator manages (delta-spark's {@code coordinatedCommits-preview},
   * here with its in-memory coordinator, which copies commits into the log every tenth):
   * delta-spark asks the coordinator for the commits only in {@code _delta_log/_commits}; deltax,
   * which reads the log's files alone, refuses rather than read version 0 as the latest, and its
   * backfill writes nothing. Once coordination is turned off, it reads the table, its coordinated
   * past too.
   */
  @Test
  void tablesWithACommitCoordinatorAreRefused() throws IOException {
    CommitCoordinatorProvider.registerBuilder(new InMemoryCommitCoordinatorBuilder(10));
    String path = dir.resolve("coordinated").toString();
    sql(
        "CREATE TABLE "
            + quote(path)
            + " (id INT) USING delta TBLPROPERTIES ("
            + "'delta.coordinatedCommits.commitCoordinator-preview' = 'in-memory', "
            + "'delta.coordinatedCommits.commitCoordinatorConf-preview' = '{}')");
    sql("INSERT INTO " + quote(path) + " VALUES (1)");
    sql("INSERT INTO " + quote(path) + " VALUES (2)");
    assertEquals(
        2, spark().read().format("delta").load(path).count(), "delta-spark reads both inserts");
    assertFalse(
        Files.exists(Path.of(path, "_delta_log", "00000000000000000002.json")),
        "the inserts are only in _delta_log/_commits");
    assertMessage(
        errorReading(path),
        "DELTAX_UNSUPPORTED_TABLE",
        path,
        "commit coordinator 'in-memory'",
        "_delta_log/_commits");
    List<Path> log = filesUnder(Path.of(path, "_delta_log"));
    Exception backfill =
        assertThrows(
            Exception.class,
            () -> spark().sql("CALL backfill_row_tracking(table => '" + path + "')").collect());
    assertMessage(
        backfill.getMessage(), "DELTAX_UNSUPPORTED_TABLE", "commit coordinator 'in-memory'");
    assertEquals(log, filesUnder(Path.of(path, "_delta_log")), "nothing written");
    // Described, not refused: delta-spark's features, as of the newest version in _delta_log.
    Row detail = spark().sql("DESCRIBE DETAIL " + quote(path)).first();
    List<String> features =
        spark()
            .sql("CALL table_features(table => '" + path + "')")
            .select("feature")
            .as(Encoders.STRING())
            .collectAsList();
    assertEquals(
        new TreeSet<>(detail.<String>getList(detail.fieldIndex("tableFeatures"))),
        new TreeSet<>(features));

    // Coordination turned off: every commit copied into the log, the latest version and the
    // versions of the coordinated period read as delta-spark reads them.
    sql("ALTER TABLE " + quote(path) + " DROP FEATURE 'coordinatedCommits-preview'");
    DeltaOracle.assertSameTable(path);
    DeltaOracle.assertSame(r -> r.option("versionAsOf", 2), path);
  }

  /**
   * A table whose latest {@code metaData} has no columns (no {@code schemaString}, or an empty
   * struct, as Delta's golden tables {@code canonicalized-paths-*}): delta-spark refuses to read
   * it, and so does deltax, by batch, change feed and stream. Its procedures still describe it.
   */
  @Test
  void tablesWithoutColumnsAreRefusedAsDeltaSparkRefusesThem() throws IOException {
    String emptySchema = "\"schemaString\":\"{\\\"type\\\":\\\"struct\\\",\\\"fields\\\":[]}\",";
    for (String schema : List.of("", emptySchema)) {
      String path = dir.resolve(schema.isEmpty() ? "no-schema" : "empty-schema").toString();
      sql("CREATE TABLE " + quote(path) + " (id INT) USING delta");
      sql("INSERT INTO " + quote(path) + " VALUES (1)");
      String id = spark().sql("DESCRIBE DETAIL " + quote(path)).first().getAs("id");
      Files.writeString(
          Path.of(path, "_delta_log", "00000000000000000002.json"),
          "{\"metaData\":{\"id\":\""
              + id
              + "\",\"format\":{\"provider\":\"parquet\","
              + "\"options\":{}},"
              + schema
              + "\"partitionColumns\":[],\"configuration\":{},"
              + "\"createdTime\":1}}\n");
      Exception delta =
          assertThrows(Exception.class, () -> spark().read().format("delta").load(path).collect());
      assertMessage(delta.getMessage(), "DELTA_READ_TABLE_WITHOUT_COLUMNS");

      assertMessage(errorReading(path), "DELTAX_TABLE_WITHOUT_COLUMNS", path, "version 2");
      Exception changes =
          assertThrows(
              Exception.class,
              () ->
                  spark()
                      .read()
                      .format("deltax")
                      .option("readChangeFeed", "true")
                      .option("startingVersion", 0)
                      .load(path)
                      .collect());
      assertMessage(changes.getMessage(), "DELTAX_TABLE_WITHOUT_COLUMNS", path, "version 2");
      Exception stream =
          assertThrows(
              Exception.class,
              () ->
                  spark()
                      .readStream()
                      .format("deltax")
                      .load(path)
                      .writeStream()
                      .format("noop")
                      .trigger(Trigger.AvailableNow())
                      .start()
                      .awaitTermination());
      assertMessage(stream.getMessage(), "DELTAX_TABLE_WITHOUT_COLUMNS", path, "version 2");

      Row status = spark().sql("CALL row_tracking_status(table => '" + path + "')").first();
      assertFalse(status.getBoolean(7), "row tracking not enabled");
      List<String> features =
          spark()
              .sql("CALL table_features(table => '" + path + "')")
              .select("feature")
              .as(Encoders.STRING())
              .collectAsList();
      Row detail = spark().sql("DESCRIBE DETAIL " + quote(path)).first();
      assertEquals(
          new TreeSet<>(detail.<String>getList(detail.fieldIndex("tableFeatures"))),
          new TreeSet<>(features));
    }
  }

  private static List<Path> filesUnder(Path dir) throws IOException {
    try (Stream<Path> files = Files.walk(dir)) {
      return files.sorted().toList();
    }
  }
}
