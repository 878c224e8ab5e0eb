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
import static io.deltax.it.DeltaOracle.quote;
import static io.deltax.it.DeltaOracle.spark;
import static io.deltax.it.DeltaOracle.sql;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.deltax.it.DocPages.Block;
import io.deltax.it.DocPages.Page;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.apache.commons.io.FileUtils;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.types.StringType;
import org.apache.spark.sql.types.StructField;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * The examples of the user's pages run, and give what the pages show. A page opts a fenced block in
 * by the word after its language:
 *
 * <ul>
 *   <li>{@code ```sql run}: each statement runs in order; where a {@code ```text output} block
 *       follows, the last statement's result, as {@code show(truncate = false)} prints it ({@code
 *       vertical} where the shown output starts {@code -RECORD}), is that block. A query of {@code
 *       deltax.`path`} that delta-spark can answer is also compared with delta-spark's answer on
 *       {@code delta.`path`}.
 *   <li>{@code ```sql run-4.2}: the same, on Spark 4.2 only.
 *   <li>{@code ```java run}: compiled as the body of a method, with {@code spark} the session
 *       unless the block makes its own, and run.
 * </ul>
 *
 * The blocks of a page run in order on the page's own copy of two tables delta-spark writes here:
 * {@code /data/events} (partitioned by day, no row tracking) and {@code /data/orders} (row tracking
 * on; versions 1 to 5 insert, update, delete, insert, update). Paths in the examples starting with
 * {@code /data/}, {@code /out/} or {@code /chk/} are taken under the page's directory. Where an
 * output differs, the test fails; with {@code -Ddeltax.writeDocsExamples=true} it writes what came
 * back into the page instead (review it, then commit).
 */
class DocsExamplesTest {
  /** Its own catalog name: another test may have loaded {@code deltax} as another class. */
  private static final String CATALOG = "deltax_docs";

  private static final Pattern PATH = Pattern.compile("(?<=['\"`])/(data|out|chk)/");
  private static final Pattern TABLE_IN_CATALOG = Pattern.compile("\\bdeltax\\.`");
  private static final Pattern UUID =
      Pattern.compile("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}");
  private static final Pattern TIMESTAMP =
      Pattern.compile("\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}(\\.\\d+)?");

  @TempDir static Path dir;
  private static Path fixtures;
  private static boolean spark42;

  @BeforeAll
  static void tables() {
    spark42 = spark().version().compareTo("4.2") >= 0;
    spark()
        .conf()
        .set(
            "spark.sql.catalog." + CATALOG,
            spark42
                ? "io.deltax.spark42.DeltaXChangelogCatalog"
                : "io.deltax.catalog.DeltaXCatalog");
    fixtures = dir.resolve("fixtures");
    String events = quote(fixtures.resolve("data/events").toString());
    sql(
        "CREATE TABLE "
            + events
            + " (id INT, event STRING, day DATE) USING delta PARTITIONED BY (day) TBLPROPERTIES"
            + " ('delta.checkpointInterval' = '3', 'delta.enableDeletionVectors' = 'true')");
    sql(
        "INSERT INTO "
            + events
            + " VALUES (1, 'signup', DATE'2026-07-28'), (2, 'login', DATE'2026-07-28')");
    sql(
        "INSERT INTO "
            + events
            + " VALUES (3, 'login', DATE'2026-07-29'), (4, 'purchase', DATE'2026-07-29')");
    sql("INSERT INTO " + events + " VALUES (5, 'logout', DATE'2026-07-30')");
    sql("DELETE FROM " + events + " WHERE id = 2");
    String orders = quote(fixtures.resolve("data/orders").toString());
    sql(
        "CREATE TABLE "
            + orders
            + " (id INT, status STRING, amount INT) USING delta TBLPROPERTIES"
            + " ('delta.enableRowTracking' = 'true', 'delta.enableDeletionVectors' = 'false')");
    sql("INSERT INTO " + orders + " VALUES (1, 'new', 10), (2, 'new', 20), (3, 'new', 30)");
    sql("UPDATE " + orders + " SET status = 'paid' WHERE id = 1");
    sql("DELETE FROM " + orders + " WHERE id = 3");
    sql("INSERT INTO " + orders + " VALUES (4, 'new', 40)");
    sql("UPDATE " + orders + " SET amount = 25 WHERE id = 2");
  }

  @TestFactory
  Stream<DynamicTest> everyExampleRunsAndShowsWhatThePageShows() {
    return DocPages.all().stream()
        .filter(page -> page.blocks().stream().anyMatch(DocsExamplesTest::runs))
        .map(page -> DynamicTest.dynamicTest(page.name(), () -> run(page)));
  }

  /** An output block's {@code count} lines from index {@code from}, to become {@code text}. */
  private record Replacement(int from, int count, String text) {}

  private static boolean runs(Block block) {
    return block.info().equals("run") || block.info().equals("run-4.2");
  }

  private static void run(Page page) throws Exception {
    Path root = dir.resolve(page.name().replace('/', '_'));
    FileUtils.copyDirectory(fixtures.toFile(), root.toFile());
    List<Block> blocks = page.blocks();
    List<String> failures = new ArrayList<>();
    List<String> lines = new ArrayList<>(page.lines());
    List<Replacement> replacements = new ArrayList<>();
    for (int i = 0; i < blocks.size(); i++) {
      Block block = blocks.get(i);
      if (!runs(block) || (block.info().equals("run-4.2") && !spark42)) {
        continue;
      }
      String where = page.name() + ":" + block.line();
      String code = localized(block.text(), root);
      if (block.language().equals("java")) {
        runJava(code, root, "Example" + block.line());
        continue;
      }
      assertEquals("sql", block.language(), where + ": sql or java");
      Block output =
          i + 1 < blocks.size() && blocks.get(i + 1).info().equals("output")
              ? blocks.get(i + 1)
              : null;
      String shown = runSql(code, output, root, where);
      if (output != null && !normalized(shown).equals(normalized(output.text()))) {
        failures.add(where + ": the page shows\n" + output.text() + "but it gives\n" + shown);
        // The output block's lines, from the last block up, so that earlier lines stay put.
        int from = output.line();
        int count = output.text().isEmpty() ? 0 : output.text().split("\n", -1).length - 1;
        replacements.add(0, new Replacement(from, count, stable(shown).strip()));
      }
    }
    if (!failures.isEmpty() && Boolean.getBoolean("deltax.writeDocsExamples")) {
      for (Replacement r : replacements) {
        lines.subList(r.from(), r.from() + r.count()).clear();
        lines.addAll(r.from(), List.of(r.text().split("\n")));
      }
      Files.writeString(page.path(), String.join("\n", lines) + "\n", StandardCharsets.UTF_8);
      return;
    }
    assertTrue(failures.isEmpty(), String.join("\n", failures));
  }

  /** The example with its paths under {@code root} and its catalog named {@link #CATALOG}. */
  private static String localized(String code, Path root) {
    String paths =
        PATH.matcher(code).replaceAll(Matcher.quoteReplacement(root.toString()) + "/$1/");
    return TABLE_IN_CATALOG.matcher(paths).replaceAll(CATALOG + ".`");
  }

  /** Runs each statement; returns the last one's result as shown, where an output follows. */
  private static String runSql(String code, Block output, Path root, String where) {
    List<String> statements = new ArrayList<>();
    StringBuilder statement = new StringBuilder();
    for (String line : code.split("\n")) {
      String text = line.replaceAll("\\s+--.*$", "");
      if (text.strip().startsWith("--") || text.isBlank()) {
        continue;
      }
      statement.append(text).append('\n');
      if (text.strip().endsWith(";")) {
        statements.add(statement.toString().strip().replaceAll(";$", ""));
        statement.setLength(0);
      }
    }
    assertTrue(statement.toString().isBlank(), where + ": a statement without ';'");
    String shown = null;
    for (int s = 0; s < statements.size(); s++) {
      String sql = statements.get(s);
      Dataset<Row> result = spark().sql(sql);
      if (s == statements.size() - 1 && output != null) {
        shown = shown(result, root, output.text().startsWith("-RECORD"));
      } else {
        result.collect();
      }
      sameAsDeltaSpark(sql, where);
    }
    return shown;
  }

  /**
   * A query of tables by path that delta-spark answers too (no deltax-only column, function or
   * clause) gives delta-spark's rows.
   */
  private static void sameAsDeltaSpark(String sql, String where) {
    if (!sql.startsWith("SELECT")
        || !sql.contains(CATALOG + ".`")
        || sql.contains("row_data_version")
        || sql.contains("CHANGES")) {
      return;
    }
    Dataset<Row> delta = spark().sql(sql.replace(CATALOG + ".`", "delta.`"));
    Dataset<Row> deltax = spark().sql(sql);
    // Names and types: the metadata of delta-spark's _metadata fields is its own.
    assertEquals(columns(delta), columns(deltax), where + ": delta-spark's columns");
    assertEquals(canonicalRows(delta), canonicalRows(deltax), where + ": delta-spark's rows");
  }

  private static List<String> columns(Dataset<Row> rows) {
    List<String> columns = new ArrayList<>();
    for (StructField f : rows.schema().fields()) {
      columns.add(f.name() + " " + f.dataType().sql());
    }
    return columns;
  }

  /** {@code show(20, 0, vertical)}'s text, with the page's directory taken out of strings. */
  private static String shown(Dataset<Row> result, Path root, boolean vertical) {
    List<Column> columns = new ArrayList<>();
    for (StructField f : result.schema().fields()) {
      Column c = functions.col("`" + f.name() + "`");
      columns.add(
          f.dataType() instanceof StringType
              ? functions.regexp_replace(c, Pattern.quote(root.toString()), "").as(f.name())
              : c);
    }
    Dataset<Row> shown = result.select(columns.toArray(new Column[0]));
    return ((org.apache.spark.sql.classic.Dataset<Row>) shown).showString(20, 0, vertical);
  }

  /**
   * Output as compared: what varies from run to run (UUIDs, timestamps) and the column widths it
   * moves left out.
   */
  private static String normalized(String output) {
    String fixed = TIMESTAMP.matcher(UUID.matcher(output).replaceAll("<uuid>")).replaceAll("<ts>");
    StringBuilder out = new StringBuilder();
    for (String line : fixed.strip().split("\n")) {
      out.append(line.strip().replaceAll("-{3,}", "---").replaceAll(" {2,}", " ")).append('\n');
    }
    return out.toString();
  }

  /**
   * Output as written into a page: UUIDs and timestamps made the same from run to run, no trailing
   * blanks.
   */
  private static String stable(String output) {
    String fixed =
        TIMESTAMP
            .matcher(UUID.matcher(output).replaceAll("00000000-0000-0000-0000-000000000000"))
            .replaceAll("2026-07-30 12:00:00");
    return fixed.lines().map(String::stripTrailing).collect(Collectors.joining("\n"));
  }

  /** Compiles {@code body} as a method and runs it. */
  private static void runJava(String body, Path root, String name) throws Exception {
    String source =
        "import org.apache.spark.sql.*;\n"
            + "import org.apache.spark.sql.streaming.*;\n"
            + "import static org.apache.spark.sql.functions.*;\n"
            + "public class "
            + name
            + " {\n  public static void run() throws Exception {\n"
            + (body.contains("SparkSession spark =")
                ? ""
                : "    SparkSession spark = SparkSession.active();\n")
            + body
            + "\n  }\n}\n";
    Path src = Files.createDirectories(root.resolve("java-src"));
    Path classes = Files.createDirectories(root.resolve("java-classes"));
    Path file = src.resolve(name + ".java");
    Files.writeString(file, source, StandardCharsets.UTF_8);
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    String classPath =
        System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
    int rc =
        javac.run(
            null,
            null,
            null,
            "-proc:none",
            "-nowarn",
            "-classpath",
            classPath,
            "-d",
            classes.toString(),
            file.toString());
    assertEquals(0, rc, "the example compiles:\n" + source);
    try (URLClassLoader loader =
        new URLClassLoader(
            new URL[] {classes.toUri().toURL()}, DocsExamplesTest.class.getClassLoader())) {
      Method run = loader.loadClass(name).getMethod("run");
      run.invoke(null);
    }
  }
}
