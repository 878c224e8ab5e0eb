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
package io.deltax.bench;

import io.deltax.snapshots.SnapshotCache;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.delta.DeltaLog;

/**
 * deltax against delta-spark 4.3.1, side by side in one JVM and one SparkSession, on identical
 * tables: snapshot load, scans with and without {@code _metadata} row tracking fields, and the row
 * tracking backfill. Prints a table and writes it to {@code benchmarks/results/}.
 *
 * <pre>
 *   mvn -B -q -DskipTests install
 *   mvn -B -q -pl benchmarks exec:exec -Dbench.args=--quick
 * </pre>
 *
 * {@code --only snapshot|warm|scan|backfill|heap|stream|changes|optimizer} runs one part; {@code
 * --out DIR} writes elsewhere.
 */
public final class Benchmarks {
  private Benchmarks() {}

  public static void main(String[] args) throws Exception {
    boolean quick = List.of(args).contains("--quick");
    Path out = Path.of(argument(args, "--out", "benchmarks/results"));
    Path work = Files.createTempDirectory("deltax-bench");
    int rounds = quick ? 3 : 5;
    SparkSession spark =
        SparkSession.builder()
            .master("local[2]")
            .appName("deltax-benchmarks")
            .config("spark.ui.enabled", "false")
            .config("spark.sql.shuffle.partitions", "2")
            .config(
                "spark.sql.extensions",
                "io.delta.sql.DeltaSparkSessionExtension,"
                    + "io.deltax.extensions.DeltaXSparkSessionExtension")
            .config(
                "spark.sql.catalog.spark_catalog",
                "org.apache.spark.sql.delta.catalog.DeltaCatalog")
            .config("spark.databricks.delta.properties.defaults.enableDeletionVectors", "false")
            // Counts the files a change feed opens (a pass-through unless a benchmark records).
            .config("spark.hadoop.fs.file.impl", OpenedFiles.class.getName())
            .getOrCreate();
    spark.sparkContext().setLogLevel("WARN");
    SideBySide bench = new SideBySide(rounds);
    List<String> notes = new ArrayList<>();
    SyntheticTables tables = new SyntheticTables(spark, work);
    try {
      if (List.of(args).contains("--heap-only")) {
        System.out.println(snapshotHeap(spark, work, 1_000_000));
        return;
      }
      String only = argument(args, "--only", "all");
      if (only.equals("all") || only.equals("snapshot")) {
        snapshotLoad(
            spark,
            bench,
            tables,
            quick ? new int[] {1_000, 10_000} : new int[] {1_000, 10_000, 100_000});
      }
      if (only.equals("all") || only.equals("warm")) {
        warm(spark, bench, tables, work, quick ? new int[] {10_000} : new int[] {10_000, 100_000});
      }
      if (only.equals("all") || only.equals("scan")) {
        scan(spark, bench, work, quick ? 2_000_000 : 50_000_000);
      }
      if (only.equals("all") || only.equals("backfill")) {
        backfill(
            spark,
            bench,
            tables,
            work,
            quick ? new int[] {100, 1_000, 10_000} : new int[] {100, 1_000, 10_000, 50_000});
      }
      if (only.equals("all") || only.equals("stream")) {
        new StreamBenchmarks(spark, bench, tables, work)
            .run(
                quick ? new int[] {1_000, 10_000} : new int[] {1_000, 10_000, 100_000},
                quick ? 20 : 50,
                quick ? 50_000 : 200_000);
      }
      if (only.equals("all") || only.equals("changes")) {
        notes.addAll(
            new ChangeFeedBenchmarks(spark, bench, work)
                .run(quick ? 1_000_000 : 10_000_000, quick ? 100 : 1_000));
      }
      if (only.equals("all") || only.equals("optimizer")) {
        notes.addAll(
            new OptimizerBenchmarks(spark, bench, work)
                .run(quick ? 100 : 1_000, quick ? 2 : 10, quick ? 10_000 : 100_000));
      }
      if (only.equals("requests")) { // not in "all": it starts an S3 server and uploads tables
        notes.addAll(new RequestBenchmarks(spark, work).run(quick ? 100 : 1_000));
      }
      if (only.equals("all") || only.equals("heap")) {
        notes.add(snapshotHeap(spark, work, quick ? 100_000 : 1_000_000));
      }
    } finally {
      spark.stop();
      SyntheticTables.delete(work);
    }
    write(bench.results(), notes, out, quick);
  }

  private static void snapshotLoad(
      SparkSession spark, SideBySide bench, SyntheticTables tables, int[] sizes) throws Exception {
    for (int files : sizes) {
      for (int commits : new int[] {0, 1_000}) {
        Path table = tables.manyFiles("load-" + files + "-" + commits, files, commits);
        String label = files + " files" + (commits > 0 ? " + 1000 commits" : "");
        bench.measure(
            "snapshot load: .schema()",
            label,
            (system, round) -> table.toString(),
            path -> {
              SnapshotCache.shared().clear(); // cold against cold
              spark.read().format("deltax").load(path).schema();
            },
            path -> {
              DeltaLog.clearCache();
              spark.read().format("delta").load(path).schema();
            },
            "after a checkpoint" + (commits > 0 ? ", then 1000 JSON commits" : ""));
        bench.measure(
            "snapshot load: count(*)",
            label,
            (system, round) -> table.toString(),
            path -> {
              SnapshotCache.shared().clear();
              spark.read().format("deltax").load(path).count();
            },
            path -> {
              DeltaLog.clearCache();
              spark.read().format("delta").load(path).count();
            },
            "both answer count(*) from the files' numRecords");
      }
    }
  }

  /**
   * Warm against warm: both systems keep their snapshot caches (delta-spark's {@code DeltaLog}
   * cache is not cleared), as in a notebook that queries one table again and again. The query skips
   * every file on its statistics, so the time is what it takes to know the table is current and
   * plan.
   */
  private static void warm(
      SparkSession spark, SideBySide bench, SyntheticTables tables, Path work, int[] sizes)
      throws Exception {
    String selective = "id = 1";
    for (int files : sizes) {
      Path table = tables.manyFiles("warm-" + files, files, 0);
      bench.measure(
          "warm: selective query, unchanged table",
          files + " files",
          (system, round) -> table.toString(),
          path -> spark.read().format("deltax").load(path).where(selective).collect(),
          path -> spark.read().format("delta").load(path).where(selective).collect(),
          "both caches kept; every file skipped by its stats");
      // One table per system, each given one new commit before each of its runs.
      Path forDeltax = SyntheticTables.copy(table, work.resolve("warm-deltax-" + files));
      Path forDelta = SyntheticTables.copy(table, work.resolve("warm-delta-" + files));
      bench.measure(
          "warm: selective query after one new commit",
          files + " files",
          (system, round) -> {
            Path own = system.equals("deltax") ? forDeltax : forDelta;
            SyntheticTables.appendOneFile(own);
            return own.toString();
          },
          path -> spark.read().format("deltax").load(path).where(selective).collect(),
          path -> spark.read().format("delta").load(path).where(selective).collect(),
          "both caches kept; one JSON commit of one file since the last query");
      SyntheticTables.delete(forDeltax);
      SyntheticTables.delete(forDelta);
    }
  }

  private static void scan(SparkSession spark, SideBySide bench, Path work, long rows)
      throws Exception {
    String table = work.resolve("scan").toString();
    spark
        .sql(
            "CREATE TABLE delta.`"
                + table
                + "` (id BIGINT, f INT, v BIGINT) USING delta "
                + "TBLPROPERTIES ('delta.enableRowTracking' = 'true')")
        .collect();
    spark
        .range(rows)
        .selectExpr("id", "CAST(id % 100 AS INT) AS f", "id * 3 AS v")
        .repartition(100, org.apache.spark.sql.functions.col("f"))
        .write()
        .format("delta")
        .mode("append")
        .save(table);
    // Half the files get materialized row IDs and commit versions.
    spark.sql("UPDATE delta.`" + table + "` SET v = v + 1 WHERE f % 2 = 0").collect();
    String label = String.format("%,d rows", rows);
    String withMetadata =
        "count(*), sum(v), max(_metadata.row_id), max(_metadata.row_commit_version)";
    bench.measure(
        "scan with _metadata row tracking",
        label,
        (s, r) -> table,
        path ->
            check(
                spark
                    .read()
                    .format("deltax")
                    .load(path)
                    .selectExpr(withMetadata.split(", "))
                    .first()),
        path ->
            check(
                spark
                    .read()
                    .format("delta")
                    .load(path)
                    .selectExpr(withMetadata.split(", "))
                    .first()),
        "100 files, half rewritten by UPDATE");
    bench.measure(
        "scan without _metadata",
        label,
        (s, r) -> table,
        path ->
            check(
                spark.read().format("deltax").load(path).selectExpr("count(*)", "sum(v)").first()),
        path ->
            check(spark.read().format("delta").load(path).selectExpr("count(*)", "sum(v)").first()),
        "count(*), sum(v)");
  }

  private static void check(Row row) {
    if (row.isNullAt(0)) {
      throw new IllegalStateException("empty result");
    }
  }

  private static void backfill(
      SparkSession spark, SideBySide bench, SyntheticTables tables, Path work, int[] sizes)
      throws Exception {
    for (int files : sizes) {
      Path base = tables.manyFiles("backfill-" + files, files, 0);
      List<Long> logBytes = new ArrayList<>(List.of(0L, 0L));
      bench.measure(
          "row tracking backfill",
          files + " files",
          (system, round) -> {
            Path copy = work.resolve("backfill-" + files + "-" + system + "-" + round);
            SyntheticTables.delete(copy);
            return SyntheticTables.copy(base, copy).toString();
          },
          path -> {
            Set<String> before = SyntheticTables.logNames(Path.of(path));
            spark.sql("CALL backfill_row_tracking(table => '" + path + "')").collect();
            logBytes.set(0, SyntheticTables.newLogBytes(Path.of(path), before));
          },
          path -> {
            DeltaLog.clearCache();
            Set<String> before = SyntheticTables.logNames(Path.of(path));
            spark
                .sql(
                    "ALTER TABLE delta.`"
                        + path
                        + "` SET TBLPROPERTIES "
                        + "('delta.enableRowTracking' = 'true')")
                .collect();
            logBytes.set(1, SyntheticTables.newLogBytes(Path.of(path), before));
          },
          "one row per file; log bytes written: see below");
      System.out.printf(
          "   log bytes written for %d files: deltax %,d, delta-spark %,d%n",
          files, logBytes.get(0), logBytes.get(1));
    }
  }

  /**
   * The driver heap a deltax snapshot of {@code files} active files holds: a log of one commit with
   * that many adds (with statistics, as writers put them), loaded once, measured after GC.
   */
  private static String snapshotHeap(SparkSession spark, Path work, int files) throws IOException {
    Path table = work.resolve("heap-" + files);
    spark.sql("CREATE TABLE delta.`" + table + "` (id BIGINT, v STRING) USING delta").collect();
    try (java.io.BufferedWriter out =
        Files.newBufferedWriter(
            table.resolve("_delta_log").resolve(String.format("%020d.json", 1)))) {
      for (int i = 0; i < files; i++) {
        out.write(
            "{\"add\":{\"path\":\"part-00000-"
                + java.util.UUID.randomUUID()
                + "-c000.snappy.parquet\",\"partitionValues\":{},\"size\":1024,"
                + "\"modificationTime\":1764000000000,\"dataChange\":true,\"stats\":"
                + "\"{\\\"numRecords\\\":1,\\\"minValues\\\":{\\\"id\\\":"
                + i
                + ",\\\"v\\\":\\\"a\\\"},\\\"maxValues\\\":{\\\"id\\\":"
                + i
                + ",\\\"v\\\":\\\"a\\\"},\\\"nullCount\\\":{\\\"id\\\":0,\\\"v\\\":0}}\"}}\n");
      }
    }
    Runtime runtime = Runtime.getRuntime();
    System.gc();
    long before = runtime.totalMemory() - runtime.freeMemory();
    long start = System.nanoTime();
    io.deltax.log.Snapshot snapshot =
        io.deltax.log.TransactionLog.open(
                table.toString(), io.deltax.conf.SessionSettings.of(spark).hadoopConf())
            .latestSnapshot();
    int active = snapshot.activeFiles().size(); // the file list is replayed on first use
    double seconds = (System.nanoTime() - start) / 1e9;
    System.gc();
    long after = runtime.totalMemory() - runtime.freeMemory();
    String note =
        String.format(
            "deltax snapshot of %,d files (one JSON commit): %.1f s to load, "
                + "%,d MiB of driver heap retained (%.0f bytes per file)",
            active, seconds, (after - before) >> 20, (double) (after - before) / files);
    java.lang.ref.Reference.reachabilityFence(snapshot);
    System.out.println(note);
    SyntheticTables.delete(table);
    return note;
  }

  private static void write(
      List<SideBySide.Result> results, List<String> notes, Path out, boolean quick)
      throws IOException {
    StringBuilder md = new StringBuilder();
    md.append(
        "| benchmark | size | deltax median (min–max) | delta-spark median (min–max) | ratio | note"
            + " |\n");
    md.append("| --- | --- | --- | --- | --- | --- |\n");
    for (SideBySide.Result r : results) {
      md.append(
          String.format(
              "| %s | %s | %s | %s | %.2f | %s |%n",
              r.benchmark(),
              r.size(),
              r.deltax().describe(),
              r.delta().describe(),
              r.ratio(),
              r.note()));
    }
    Files.createDirectories(out);
    String name =
        LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyy-MM-dd-HHmm"))
            + (quick ? "-quick" : "")
            + ".md";
    Files.writeString(
        out.resolve(name),
        "# deltax vs delta-spark 4.3.1"
            + (quick ? " (--quick)" : "")
            + "\n\nratio = deltax / delta-spark (below 1: deltax faster). Machine: "
            + Runtime.getRuntime().availableProcessors()
            + " cores, Java "
            + System.getProperty("java.version")
            + ".\n\n"
            + md
            + "\n"
            + String.join("\n", notes)
            + "\n");
    System.out.println("\n" + md + "\nwritten to " + out.resolve(name));
    System.out.println("drawn in " + Charts.write(out.resolve(name)));
  }

  private static String argument(String[] args, String name, String otherwise) {
    for (int i = 0; i < args.length - 1; i++) {
      if (args[i].equals(name)) {
        return args[i + 1];
      }
    }
    return otherwise;
  }
}
