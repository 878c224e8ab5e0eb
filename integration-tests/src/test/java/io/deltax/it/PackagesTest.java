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
import static io.deltax.it.DeltaOracle.delta;
import static io.deltax.it.DeltaOracle.quote;
import static io.deltax.it.DeltaOracle.spark;
import static io.deltax.it.DeltaOracle.sql;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.delta.DeltaLog;
import org.apache.spark.sql.functions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * deltax installed as a Spark user installs it: {@code --packages
 * io.deltax:deltax-spark_2.13:<version>} and nothing else. The build installs the published
 * artifact (the bundle's jar and its POM) into a throw-away Maven repository; spark-submit, in a
 * child JVM whose classpath is this suite's Spark without deltax and without delta-spark, resolves
 * it from there with Ivy (offline: the Ivy settings name that repository alone) and runs {@link
 * PackagedJob} on a table delta-spark wrote. delta-spark judges what the job printed. On Spark 4.2
 * ({@code -Pspark-4.2}) the same jar runs on Spark 4.2, with its {@code CHANGES} catalog.
 */
class PackagesTest {
  private static final String COORDINATES = System.getProperty("deltax.packages.coordinates");

  @TempDir static Path dir;
  static String table;
  static boolean spark42;
  static long filesBefore;
  static Path ivy;
  static Map<String, List<String>> printed;

  @BeforeAll
  static void submit() throws IOException, InterruptedException {
    spark42 = spark().version().compareTo("4.2") >= 0;
    table = dir.resolve("table").toString();
    // With the change data feed: on Spark 4.2 it judges the job's CHANGES read.
    sql(
        "CREATE TABLE "
            + quote(table)
            + " (id INT, v STRING) USING delta"
            + " TBLPROPERTIES ('delta.enableChangeDataFeed' = 'true')");
    sql("INSERT INTO " + quote(table) + " VALUES (1, 'a'), (2, 'b')");
    sql("INSERT INTO " + quote(table) + " VALUES (3, 'c')");
    Row before = detail();
    filesBefore = before.getLong(before.fieldIndex("numFiles"));
    ivy = dir.resolve("ivy");
    printed = sparkSubmit();
    DeltaLog.clearCache();
  }

  private static Row detail() {
    return spark().sql("DESCRIBE DETAIL " + quote(table)).first();
  }

  @Test
  void theOnePackageIsAllThatIsResolved() throws IOException {
    String jar = COORDINATES.replaceFirst(":", "_").replace(':', '-') + ".jar";
    try (var jars = Files.list(ivy.resolve("jars"))) {
      assertEquals(List.of(jar), jars.map(p -> p.getFileName().toString()).toList());
    }
    // The connector's and the extension's classes came from that jar.
    Path resolved = ivy.resolve("jars").resolve(jar);
    for (String location : printed("source")) {
      assertEquals(resolved, Path.of(URI.create(location)));
    }
    assertEquals(2, printed("source").size());
  }

  @Test
  void readsTheRowsDeltaSparkReads() {
    assertEquals(canonicalRows(delta(table).select("id", "v")), printed("row"));
  }

  @Test
  void backfillsAsDeltaSparkThenSeesIt() {
    long lastBackfill =
        spark()
            .sql("DESCRIBE HISTORY " + quote(table))
            .where("operation = 'ROW TRACKING BACKFILL'")
            .agg(functions.max("version"))
            .first()
            .getLong(0);
    Row after = detail();
    String enabled =
        after
            .<String, String>getJavaMap(after.fieldIndex("properties"))
            .get("delta.enableRowTracking");
    // (files_backfilled, last_version, row_tracking_enabled) of the CALL's result row.
    assertEquals(
        List.of("(" + filesBefore + ", " + lastBackfill + ", " + enabled + ")"),
        printed("backfill"));
    assertEquals(
        canonicalRows(
            delta(table).selectExpr("id", "_metadata.row_id", "_metadata.row_commit_version")),
        printed("row_id"));
  }

  @Test
  void answersTheChangesClauseOnSpark42() {
    assumeTrue(spark42, "Spark " + spark().version() + " has no CHANGES syntax");
    assertEquals(
        canonicalRows(
            spark()
                .read()
                .format("delta")
                .option("readChangeFeed", "true")
                .option("startingVersion", 1)
                .option("endingVersion", 2)
                .load(table)
                .select("id", "v", "_change_type", "_commit_version")),
        printed("change"));
  }

  /** What the job printed under {@code label}, sorted. */
  private static List<String> printed(String label) {
    return printed.getOrDefault(label, List.of());
  }

  /** Runs {@link PackagedJob} through spark-submit; its lines by label, each list sorted. */
  private static Map<String, List<String>> sparkSubmit() throws IOException, InterruptedException {
    Path repository = Path.of(System.getProperty("deltax.packages.repository"));
    assertTrue(Files.isDirectory(repository), repository + ": built by mvn, before the tests");
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(List.of("-Xmx1g", "-XX:TieredStopAtLevel=1", "-XX:+UseParallelGC"));
    command.addAll(List.of(System.getProperty("deltax.spark.jvm.options").split(" ")));
    command.addAll(List.of("-cp", sparkClasspath(), "org.apache.spark.deploy.SparkSubmit"));
    command.addAll(
        List.of(
            "--master",
            "local[2]",
            "--class",
            PackagedJob.class.getName(),
            "--packages",
            COORDINATES,
            "--repositories",
            repository.toUri().toString(),
            "--conf",
            "spark.jars.ivySettings=" + ivySettings(repository),
            "--conf",
            "spark.jars.ivy=" + ivy,
            "--conf",
            "spark.sql.extensions=io.deltax.extensions.DeltaXSparkSessionExtension",
            "--conf",
            "spark.sql.catalog.deltax="
                + (spark42
                    ? "io.deltax.spark42.DeltaXChangelogCatalog"
                    : "io.deltax.catalog.DeltaXCatalog"),
            "--conf",
            "spark.ui.enabled=false",
            "--conf",
            "spark.driver.bindAddress=127.0.0.1",
            "--conf",
            "spark.driver.host=127.0.0.1",
            "--conf",
            "spark.sql.shuffle.partitions=2",
            "--conf",
            "spark.local.dir=" + dir.resolve("local"),
            applicationJar().toString(),
            table));
    if (spark42) {
      command.add("changes");
    }
    Path out = dir.resolve("submit.out");
    Path err = dir.resolve("submit.err");
    Path work = Files.createDirectories(dir.resolve("work"));
    ProcessBuilder builder =
        new ProcessBuilder(command)
            .directory(work.toFile())
            .redirectOutput(out.toFile())
            .redirectError(err.toFile());
    // No spark-defaults.conf of this machine's Spark; loopback only, as SharedSpark.
    builder.environment().remove("SPARK_HOME");
    builder.environment().put("SPARK_LOCAL_IP", "127.0.0.1");
    builder
        .environment()
        .put("SPARK_CONF_DIR", Files.createDirectories(dir.resolve("conf")).toString());
    Process submit = builder.start();
    if (!submit.waitFor(3, TimeUnit.MINUTES)) {
      submit.destroyForcibly();
      fail("spark-submit ran for 3 minutes: " + Files.readString(err, StandardCharsets.UTF_8));
    }
    assertEquals(0, submit.exitValue(), Files.readString(err, StandardCharsets.UTF_8));
    Map<String, List<String>> lines = new TreeMap<>();
    for (String line : Files.readAllLines(out, StandardCharsets.UTF_8)) {
      String[] labelAndValue = line.split("\t", 2);
      if (labelAndValue.length == 2) {
        lines.computeIfAbsent(labelAndValue[0], l -> new ArrayList<>()).add(labelAndValue[1]);
      }
    }
    lines.values().forEach(values -> values.sort(null));
    return lines;
  }

  /**
   * This suite's classpath less every deltax class (the reactor's modules, anything of group {@code
   * io.deltax}) and less delta-spark (group {@code io.delta}): Spark and what it brings.
   */
  private static String sparkClasspath() {
    Path checkout = Path.of(System.getProperty("user.dir")).toAbsolutePath().getParent();
    List<String> kept = new ArrayList<>();
    for (String entry : System.getProperty("surefire.test.class.path").split(File.pathSeparator)) {
      Path path = Path.of(entry).toAbsolutePath().normalize();
      String slashed = path.toString().replace(File.separatorChar, '/');
      if (!path.startsWith(checkout)
          && !slashed.contains("/io/delta/")
          && !slashed.contains("/io/deltax/")) {
        kept.add(entry);
      }
    }
    return String.join(File.pathSeparator, kept);
  }

  /** Ivy settings that know the throw-away repository and nothing else: no network, no ~/.m2. */
  private static Path ivySettings(Path repository) throws IOException {
    Path settings = dir.resolve("ivysettings.xml");
    Files.writeString(
        settings,
        "<ivysettings>\n"
            + "  <settings defaultResolver=\"packages\"/>\n"
            + "  <resolvers>\n"
            + "    <ibiblio name=\"packages\" m2compatible=\"true\" usepoms=\"true\" root=\""
            + repository.toUri()
            + "\"/>\n"
            + "  </resolvers>\n"
            + "</ivysettings>\n");
    return settings;
  }

  /** The job's class alone in a jar: spark-submit's primary resource. */
  private static Path applicationJar() throws IOException {
    Path jar = dir.resolve("packaged-job.jar");
    Manifest manifest = new Manifest();
    manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
    String entry = PackagedJob.class.getName().replace('.', '/') + ".class";
    try (OutputStream file = Files.newOutputStream(jar);
        JarOutputStream out = new JarOutputStream(file, manifest);
        InputStream in = PackagedJob.class.getClassLoader().getResourceAsStream(entry)) {
      out.putNextEntry(new JarEntry(entry));
      in.transferTo(out);
      out.closeEntry();
    }
    return jar;
  }
}
