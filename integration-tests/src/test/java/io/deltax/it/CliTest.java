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

import static io.deltax.it.DeltaOracle.canonicalRows;
import static io.deltax.it.DeltaOracle.logFiles;
import static io.deltax.it.DeltaOracle.quote;
import static io.deltax.it.DeltaOracle.spark;
import static io.deltax.it.DeltaOracle.sql;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.deltax.cli.DeltaXCli;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.delta.DeltaLog;
import org.apache.spark.sql.delta.TableFeature;
import org.apache.spark.sql.types.StructField;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import scala.Option;
import scala.jdk.javaapi.CollectionConverters;

/**
 * bin/deltax run as a process, as a user runs it: output and exit codes. Each process that starts
 * Spark costs seconds, so output whose form alone is checked runs in this JVM ({@link #inProcess}).
 */
class CliTest {
  @TempDir static Path dir;
  static Path launcher;

  @BeforeAll
  static void start() {
    spark();
    launcher = Path.of(System.getProperty("user.dir")).getParent().resolve("bin/deltax");
    assertTrue(Files.isExecutable(launcher), launcher.toString());
  }

  record Result(int exit, String out, String err) {}

  private static Result deltax(String... args) throws IOException, InterruptedException {
    return deltaxWith(Map.of(), args);
  }

  /** bin/deltax with {@code env} added to its environment ({@code DELTAX_JAVA_OPTS}). */
  private static Result deltaxWith(Map<String, String> env, String... args)
      throws IOException, InterruptedException {
    List<String> command = new ArrayList<>(List.of(launcher.toString()));
    command.addAll(List.of(args));
    Path out = Files.createTempFile(dir, "out", ".txt");
    Path err = Files.createTempFile(dir, "err", ".txt");
    ProcessBuilder builder =
        new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile());
    if (!System.getProperty("deltax.test.spark.version")
        .equals(System.getProperty("deltax.built.spark.version"))) {
      // The launcher's own classpath is the Spark the jars were built against: run them on this
      // suite's Spark instead (-Pspark-4.2), as a user does with their cluster's jars.
      builder
          .environment()
          .put("DELTAX_SPARK_CLASSPATH", System.getProperty("surefire.test.class.path"));
    }
    builder.environment().putAll(env);
    // A short-lived JVM: C1 alone starts it sooner than tiered compilation on CI's 2 cores.
    builder
        .environment()
        .merge("DELTAX_JAVA_OPTS", "-XX:TieredStopAtLevel=1", (given, fast) -> fast + " " + given);
    Process p = builder.start();
    assertTrue(p.waitFor(3, TimeUnit.MINUTES), "deltax finished");
    return new Result(
        p.exitValue(),
        Files.readString(out, StandardCharsets.UTF_8),
        Files.readString(err, StandardCharsets.UTF_8));
  }

  /**
   * A wrong line exits with 2 and nothing on stdout, whatever is wrong (every case is in
   * DeltaXCliUsageTest); help and the version go to stdout with 0.
   */
  @Test
  void usageErrorsExitWithTwoHelpAndVersionWithZero() throws Exception {
    String missing = dir.resolve("never-created").toString();
    Result none = deltax();
    assertEquals(2, none.exit());
    assertEquals("", none.out());
    assertTrue(none.err().startsWith("usage: deltax <command>"), none.err());
    Result unknown = deltax("frobnicate");
    assertEquals(2, unknown.exit());
    assertEquals("", unknown.out());
    assertTrue(unknown.err().startsWith("deltax: unknown command 'frobnicate'\n"), unknown.err());
    Result flag = deltax("status", "--json", missing, "--no-such-flag");
    assertEquals(2, flag.exit(), flag.err());
    assertEquals("", flag.out());
    assertEquals(
        List.of(
            "deltax: status: unknown option '--no-such-flag'",
            "usage: deltax status <table> [--json]",
            "See 'deltax status --help'."),
        flag.err().lines().toList());
    Result zero = deltax("backfill", "--batch-size=0", missing);
    assertEquals(2, zero.exit(), zero.err());
    assertEquals("", zero.out());
    assertTrue(
        zero.err().startsWith("deltax: backfill: --batch-size 0 is below the range of 1 to"),
        zero.err());
    assertFalse(Files.exists(Path.of(missing)), "nothing was created");

    Result help = deltax("status", missing, "--help");
    assertEquals(0, help.exit(), help.err());
    assertEquals("", help.err());
    assertTrue(help.out().startsWith("usage: deltax status <table> [--json]\n"), help.out());
    Result version = deltax("--version");
    assertEquals(0, version.exit(), version.err());
    assertEquals("", version.err());
    List<String> lines = version.out().lines().toList();
    assertEquals(2, lines.size(), version.out());
    assertTrue(
        lines
            .get(0)
            .matches(
                "deltax \\d+\\.\\d+\\.\\d+(-SNAPSHOT)?, built against Spark "
                    + System.getProperty("deltax.built.spark.version")),
        lines.get(0));
    // Under -Pspark-4.2 the launcher runs the jars on Spark 4.2: the version it names.
    assertTrue(
        lines
            .get(1)
            .startsWith(
                "running on Spark " + System.getProperty("deltax.test.spark.version") + ", Java "),
        lines.get(1));
  }

  /** Three single-row inserts: versions 1 to 3. */
  private static String threeInserts(String name) {
    String path = dir.resolve(name).toString();
    sql("CREATE TABLE " + quote(path) + " (id INT, v STRING) USING delta");
    for (int i = 1; i <= 3; i++) {
      sql("INSERT INTO " + quote(path) + " VALUES (" + i + ", 'v" + i + "')");
    }
    return path;
  }

  private static Map<Integer, Long> rowDataVersions(String path) {
    Map<Integer, Long> versions = new TreeMap<>();
    for (Row r :
        DeltaOracle.deltax(path).selectExpr("id", "_metadata.row_data_version").collectAsList()) {
      versions.put(r.getInt(0), r.getLong(1));
    }
    return versions;
  }

  @Test
  void backfillReadsTheSessionConfAsCallDoes() throws Exception {
    String maxRuns = "spark.deltax.rowDataVersions.maxRuns";
    String refused = threeInserts("conf-refused");
    List<Path> before = logFiles(refused);
    Result bad = deltaxWith(Map.of("DELTAX_JAVA_OPTS", "-D" + maxRuns + "=0"), "backfill", refused);
    assertEquals(1, bad.exit(), bad.err());
    assertTrue(
        bad.err().contains("[DELTAX_INVALID_ARGUMENT] " + maxRuns + " 0 is below the range"),
        bad.err());
    assertEquals(before, logFiles(refused), "nothing written");

    // The same backfill through bin/deltax and through CALL, the map bounded to one run by the
    // conf.
    String byCli = threeInserts("conf-cli");
    String byCall = threeInserts("conf-call");
    long lastInsert =
        DeltaLog.forTable(spark(), byCli).update(false, Option.empty(), Option.empty()).version();
    Result cli = deltaxWith(Map.of("DELTAX_JAVA_OPTS", "-D" + maxRuns + "=1"), "backfill", byCli);
    assertEquals(0, cli.exit(), cli.err());
    SharedSpark.withConf(
        Map.of(maxRuns, "1"),
        () -> spark().sql("CALL backfill_row_tracking(table => '" + byCall + "')").collect());
    DeltaLog.clearCache();
    assertEquals(rowDataVersions(byCall), rowDataVersions(byCli));
    // One run: every row looks as new as the newest insert (unbounded, each would keep its own).
    assertEquals(Map.of(1, lastInsert, 2, lastInsert, 3, lastInsert), rowDataVersions(byCli));
  }

  @Test
  void catalogTableNamesAsCallResolvesThem() {
    sql("DROP TABLE IF EXISTS deltax_cli_named");
    sql("CREATE TABLE deltax_cli_named (id INT) USING delta");
    sql("INSERT INTO deltax_cli_named VALUES (1)");
    sql("INSERT INTO deltax_cli_named VALUES (2)");
    // In the session that has the catalog: a local bin/deltax has an empty in-memory catalog.
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    DeltaXCli cli =
        new DeltaXCli(
            new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8),
            DeltaOracle::spark);
    assertEquals(
        0,
        cli.run(new String[] {"backfill", "default.deltax_cli_named", "--batch-size", "1"}),
        err.toString(StandardCharsets.UTF_8));
    assertTrue(
        out.toString(StandardCharsets.UTF_8).contains("batch 2 of 2"),
        out.toString(StandardCharsets.UTF_8));
    DeltaLog.clearCache();
    // delta-spark, reading the catalog table, sees row tracking enabled and the same row IDs.
    List<String> rowIds =
        canonicalRows(spark().table("deltax_cli_named").selectExpr("id", "_metadata.row_id"));
    assertEquals(
        2, spark().table("deltax_cli_named").select("_metadata.row_id").distinct().count());
    String location = spark().sql("DESCRIBE DETAIL deltax_cli_named").first().getAs("location");
    assertEquals(
        rowIds, canonicalRows(DeltaOracle.deltax(location).selectExpr("id", "_metadata.row_id")));
    assertEquals(
        0,
        cli.run(new String[] {"show", "default.deltax_cli_named", "--row-ids"}),
        err.toString(StandardCharsets.UTF_8));
    Result unknown =
        new Result(
            cli.run(new String[] {"status", "default.no_such_table"}),
            "",
            err.toString(StandardCharsets.UTF_8));
    assertEquals(1, unknown.exit());
    assertTrue(
        unknown.err().contains("[DELTAX_TABLE_NOT_FOUND] No table default.no_such_table"),
        unknown.err());
    // This session keeps its tables in memory: the message says no metastore was configured.
    assertTrue(unknown.err().contains("the session has no metastore"), unknown.err());
    sql("DROP TABLE deltax_cli_named");
  }

  @Test
  void badTableIsOneLineUnlessVerbose() throws Exception {
    String missing = dir.resolve("missing").toString();
    Result r = deltax("status", missing);
    assertEquals(1, r.exit());
    assertTrue(r.err().contains("[DELTAX_TABLE_NOT_FOUND]") && r.err().contains(missing), r.err());
    assertEquals(1, r.err().strip().lines().count(), r.err());
    Result verbose = deltax("status", missing, "--verbose");
    assertEquals(1, verbose.exit());
    assertTrue(verbose.err().contains("\tat io.deltax."), verbose.err());
  }

  /** The CLI in this JVM, in its session (delta-spark's and deltax's extensions). */
  private static Result inProcess(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int exit =
        new DeltaXCli(
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8),
                DeltaOracle::spark)
            .run(args);
    return new Result(
        exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  private static final ObjectMapper JSON = new ObjectMapper();

  /** {@code out} as --json promises it: one line holding one JSON object and nothing else. */
  private static JsonNode oneJsonObject(String out) throws IOException {
    assertEquals(1, out.lines().count(), out);
    assertTrue(out.endsWith("\n"), out);
    JsonNode node =
        JSON.readerFor(JsonNode.class)
            .with(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .readValue(out);
    assertTrue(node.isObject(), out);
    return node;
  }

  /**
   * A procedure's row as --json should print it: its columns in order, a timestamp as its instant
   * in ISO-8601, an array as an array.
   */
  private static ObjectNode asJson(Row row) {
    ObjectNode object = JSON.createObjectNode();
    for (StructField field : row.schema().fields()) {
      object.set(field.name(), JSON.valueToTree(plain(row.getAs(field.name()))));
    }
    return object;
  }

  private static Object plain(Object value) {
    if (value instanceof scala.collection.Seq<?> seq) {
      return CollectionConverters.asJava(seq).stream().map(CliTest::plain).toList();
    }
    return value instanceof Timestamp t ? t.toInstant().toString() : value;
  }

  private static Stream<JsonNode> stream(JsonNode array) {
    assertTrue(array.isArray(), array.toString());
    return StreamSupport.stream(array.spliterator(), false);
  }

  private static Set<String> texts(JsonNode array) {
    return stream(array).map(JsonNode::asText).collect(Collectors.toSet());
  }

  @Test
  void backfillThenStatusFeaturesAndShow() throws Exception {
    String path = dir.resolve("table").toString();
    sql("CREATE TABLE " + quote(path) + " (id INT, v STRING) USING delta");
    for (int i = 1; i <= 3; i++) {
      sql("INSERT INTO " + quote(path) + " VALUES (" + i + ", 'v" + i + "')");
    }
    Result dry = deltax("backfill", path, "--batch-size", "2", "--dry-run");
    assertEquals(0, dry.exit(), dry.err());
    assertTrue(dry.out().contains("Would write"), dry.out());

    Result backfill = deltax("backfill", path, "--batch-size", "2");
    assertEquals(0, backfill.exit(), backfill.err());
    assertTrue(
        backfill
            .out()
            .contains("[###############---------------] batch 1 of 2: 2 files, version 5"),
        backfill.out());
    assertTrue(backfill.out().contains("batch 2 of 2: 1 files, version 6"), backfill.out());
    assertTrue(backfill.out().contains("enabled: true"), backfill.out());
    DeltaLog.clearCache();
    assertEquals(
        3, spark().read().format("delta").load(path).select("_metadata.row_id").distinct().count());

    // --json through bin/deltax: one object on one line, every column as CALL answers it here.
    Result json = deltax("status", path, "--json");
    assertEquals(0, json.exit(), json.err());
    JsonNode status = oneJsonObject(json.out());
    Row call = spark().sql("CALL row_tracking_status(table => '" + path + "')").first();
    assertEquals(asJson(call).toString(), status.toString());
    // ... and as delta-spark describes the table.
    Row detail = spark().sql("DESCRIBE DETAIL " + quote(path)).first();
    assertEquals(
        DeltaLog.forTable(spark(), path).update(false, Option.empty(), Option.empty()).version(),
        status.get("version").asLong());
    assertEquals(
        detail.getInt(detail.fieldIndex("minReaderVersion")),
        status.get("min_reader_version").asInt());
    assertEquals(
        detail.getInt(detail.fieldIndex("minWriterVersion")),
        status.get("min_writer_version").asInt());
    Set<String> deltaSparkFeatures =
        Set.copyOf(detail.<String>getList(detail.fieldIndex("tableFeatures")));
    assertEquals(deltaSparkFeatures, texts(status.get("writer_features")));
    assertEquals(
        "true",
        detail
            .<String, String>getJavaMap(detail.fieldIndex("properties"))
            .get("delta.enableRowTracking"));
    assertTrue(status.get("row_tracking_enabled").asBoolean());
    assertEquals(
        spark()
            .sql("DESCRIBE HISTORY " + quote(path))
            .where("operation = 'ROW TRACKING BACKFILL'")
            .orderBy("version")
            .select("version")
            .collectAsList()
            .stream()
            .map(r -> r.getLong(0))
            .toList(),
        stream(status.get("backfill_versions")).map(JsonNode::asLong).toList());
    assertEquals("[5,6]", status.get("backfill_versions").toString());

    // The text form, in this JVM: the same answer, a line per column.
    Result text = inProcess("status", path);
    assertEquals(0, text.exit(), text.err());
    assertTrue(
        text.out().lines().anyMatch(l -> l.matches("row_tracking_enabled\\s+true")), text.out());
    assertTrue(
        text.out().lines().anyMatch(l -> l.matches("backfill_versions\\s+\\[5, 6\\]")), text.out());
    assertTrue(
        text.out().lines().anyMatch(l -> l.matches("row_data_versions\\s+stored")), text.out());

    Result preserve = deltax("preserve", path);
    assertEquals(0, preserve.exit(), preserve.err());
    assertTrue(preserve.out().contains("already stores"), preserve.out());

    Result featuresJson = deltax("features", "--json", path);
    assertEquals(0, featuresJson.exit(), featuresJson.err());
    JsonNode features = oneJsonObject(featuresJson.out());
    ArrayNode expected = JSON.createArrayNode();
    spark()
        .sql("CALL table_features(table => '" + path + "')")
        .collectAsList()
        .forEach(r -> expected.add(asJson(r)));
    assertEquals("{\"features\":" + expected + "}", features.toString());
    Set<String> listed = new HashSet<>();
    for (JsonNode feature : features.get("features")) {
      String name = feature.get("feature").asText();
      listed.add(name);
      assertEquals(
          TableFeature.featureNameToFeature(name).get().isReaderWriterFeature()
              ? "reader-writer"
              : "writer",
          feature.get("type").asText(),
          name);
    }
    assertEquals(deltaSparkFeatures, listed);
    Result featuresText = inProcess("features", path);
    assertEquals(0, featuresText.exit(), featuresText.err());
    assertEquals(
        List.of("feature", "type", "since_version", "readable_by_deltax"),
        List.of(featuresText.out().lines().findFirst().orElseThrow().split("\\s+")),
        featuresText.out());
    JsonNode rowTracking =
        stream(features.get("features"))
            .filter(f -> f.get("feature").asText().equals("rowTracking"))
            .findFirst()
            .orElseThrow();
    assertTrue(
        featuresText
            .out()
            .lines()
            .anyMatch(
                l ->
                    l.matches(
                        "rowTracking\\s+writer\\s+"
                            + rowTracking.get("since_version").asLong()
                            + "\\s+true")),
        featuresText.out());

    // history --json, in this JVM: delta-spark's DESCRIBE HISTORY, newest first, as limited.
    Result history = inProcess("history", path, "--json", "--limit=2");
    assertEquals(0, history.exit(), history.err());
    JsonNode commits = oneJsonObject(history.out()).get("commits");
    List<Row> described =
        spark().sql("DESCRIBE HISTORY " + quote(path) + " LIMIT 2").collectAsList();
    assertEquals(described.size(), commits.size(), history.out());
    for (int i = 0; i < described.size(); i++) {
      assertEquals(described.get(i).getLong(0), commits.get(i).get("version").asLong());
      assertEquals(described.get(i).getAs("operation"), commits.get(i).get("operation").asText());
      Map<String, String> parameters = new TreeMap<>();
      commits
          .get(i)
          .get("operationParameters")
          .fields()
          .forEachRemaining(e -> parameters.put(e.getKey(), e.getValue().asText()));
      assertEquals(
          new TreeMap<>(
              CollectionConverters.asJava(
                  described
                      .get(i)
                      .<scala.collection.Map<String, String>>getAs("operationParameters"))),
          parameters);
    }

    Result show = deltax("show", path, "--row-ids", "--limit", "10");
    assertEquals(0, show.exit(), show.err());
    assertTrue(
        show.out().contains("row_id")
            && show.out().contains("row_commit_version")
            && show.out().contains("row_data_version"),
        show.out());
    Result old = deltax("show", path, "--version", "1");
    assertEquals(0, old.exit(), old.err());
    assertTrue(old.out().contains("v1") && !old.out().contains("v3"), old.out());
    assertFalse(show.err().contains("Exception"), show.err());
  }
}
