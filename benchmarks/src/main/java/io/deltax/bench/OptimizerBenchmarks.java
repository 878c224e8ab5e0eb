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

import static org.apache.spark.sql.functions.col;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Stream;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.delta.DeltaLog;
import org.apache.spark.sql.execution.FileSourceScanExec;
import org.apache.spark.sql.execution.SparkPlan;
import org.apache.spark.sql.execution.datasources.v2.BatchScanExec;
import scala.Option;
import scala.jdk.javaapi.CollectionConverters;

/**
 * What Spark's optimizer gets from the log, warm against warm: a star join whose dimension filter
 * selects a few dates of a date-partitioned fact table, {@code SELECT * ... LIMIT 10} (run, and
 * planned alone), and {@code MAX(ts)} with a partition filter, {@code ORDER BY ... LIMIT} and
 * {@code COUNT(*) ... GROUP BY date} on many files. Each case also counts the data files each
 * system opens ({@link OpenedFiles}).
 */
final class OptimizerBenchmarks {
  private final SparkSession spark;
  private final SideBySide bench;
  private final Path work;

  /** The date (days after the first) whose files hold rows of their own, so their bounds differ. */
  private static final int VARIED_DATE = 1;

  OptimizerBenchmarks(SparkSession spark, SideBySide bench, Path work) {
    this.spark = spark;
    this.bench = bench;
    this.work = work;
  }

  /**
   * @param dates the fact table's date partitions in the star join
   * @param filesPerDate its files per date
   * @param manyFiles the files of the LIMIT and aggregate tables
   * @return notes: the data files each case opened
   */
  List<String> run(int dates, int filesPerDate, int manyFiles) throws Exception {
    List<String> notes = new ArrayList<>();
    Path fact = partitioned("fact", dates, filesPerDate);
    Path dim = work.resolve("dim");
    spark
        .range(dates)
        .selectExpr(
            "date_add(DATE'2024-01-01', CAST(id AS INT)) AS date",
            "CAST(id % " + (dates / 5) + " AS INT) AS bucket")
        .write()
        .format("delta")
        .save(dim.toString());
    String label = String.format("%,d x %d files", dates, filesPerDate);
    notes.add(
        measure(
            "star join, 5 dates selected",
            label,
            system ->
                read(system, fact)
                    // A comparison: Spark prunes only by a filter it deems selective, which a bare
                    // boolean column is not.
                    .join(read(system, dim).where("bucket = 0"), "date")
                    .selectExpr("count(*)", "max(id)"),
            "dimension filtered to 5 dates; runtime filtering prunes the fact table's partitions"));

    Path many = partitioned("many", manyFiles / 10, 10);
    String files = String.format("%,d files", manyFiles);
    notes.add(
        measure(
            "SELECT * LIMIT 10",
            files,
            system -> read(system, many).limit(10),
            "no filter: only the files the limit needs are planned"));
    bench.measure(
        "SELECT * LIMIT 10, planning only",
        files,
        (system, round) -> system,
        system -> planned(read(system, many).limit(10)),
        system -> planned(read(system, many).limit(10)),
        "optimizing, planning and listing the scan's input splits; no task runs");
    notes.add(
        measure(
            "MAX(ts) with a partition filter",
            files,
            system -> read(system, many).where("date = DATE'2024-01-02'").selectExpr("max(ts)"),
            "timestamp statistics in the log are milliseconds: deltax reads the Parquet footer of"
                + " the one file that can hold the maximum"));
    notes.add(
        measure(
            "MAX(id) with a partition filter",
            files,
            system -> read(system, many).where("date = DATE'2024-01-02'").selectExpr("max(id)"),
            "answered from the 10 files' maxValues"));
    notes.add(
        measure(
            "ORDER BY id DESC LIMIT 3, 10 dates",
            files,
            system ->
                read(system, many)
                    .where("date < DATE'2024-01-11'")
                    .orderBy(col("id").desc())
                    .limit(3),
            "deltax plans only the files whose bounds can hold the first 3 rows"));
    notes.add(
        measure(
            "COUNT(*) GROUP BY date",
            files,
            system -> read(system, many).groupBy("date").count(),
            "answered from numRecords and partition values"));
    SyntheticTables.delete(fact);
    SyntheticTables.delete(many);
    SyntheticTables.delete(dim);
    return notes;
  }

  private Dataset<Row> read(String system, Path table) {
    return spark.read().format(system).load(table.toString());
  }

  /** Times the query on both systems, then counts the data files one run of each opens. */
  private String measure(
      String benchmark, String size, Function<String, Dataset<Row>> query, String note)
      throws Exception {
    bench.measure(
        benchmark,
        size,
        (system, round) -> system,
        system -> query.apply("deltax").collect(),
        system -> query.apply("delta").collect(),
        note);
    return String.format(
        "%s, %s: data files opened: deltax %d, delta-spark %d",
        benchmark, size, openedBy(query, "deltax"), openedBy(query, "delta"));
  }

  /**
   * Plans {@code query} up to its first task: the optimized and physical plans, and the input
   * splits of each scan, which both systems compute only when the query runs.
   */
  private static void planned(Dataset<Row> query) {
    SparkPlan plan = query.queryExecution().executedPlan();
    int scans = 0;
    for (SparkPlan leaf : CollectionConverters.asJava(plan.collectLeaves())) {
      if (leaf instanceof BatchScanExec scan) {
        scan.inputPartitions();
        scans++;
      } else if (leaf instanceof FileSourceScanExec scan) {
        scan.inputRDD();
        scans++;
      }
    }
    if (scans == 0) {
      throw new IllegalStateException("No scan to plan in " + plan);
    }
  }

  private static int openedBy(Function<String, Dataset<Row>> query, String system) {
    OpenedFiles.start();
    query.apply(system).collect();
    Set<String> opened = OpenedFiles.stop();
    return (int)
        opened.stream().filter(p -> p.endsWith(".parquet") && !p.contains("_delta_log")).count();
  }

  /**
   * A table partitioned by {@code date} of {@code dates} dates with {@code filesPerDate} one-row
   * files each, as {@link SyntheticTables} builds them: delta-spark writes one file, copied as
   * often as needed and added by one generated commit, then checkpointed.
   */
  private Path partitioned(String name, int dates, int filesPerDate) throws IOException {
    // INT64 timestamps, as delta-rs and Delta Kernel write them: their Parquet statistics are
    // ordered, so deltax can answer MAX(ts) from a footer. (delta-spark's default, INT96, has no
    // order: deltax then reads the one file that can hold the maximum.)
    spark.conf().set("spark.sql.parquet.outputTimestampType", "TIMESTAMP_MICROS");
    try {
      return partitionedInt64(name, dates, filesPerDate);
    } finally {
      spark.conf().unset("spark.sql.parquet.outputTimestampType");
    }
  }

  private Path partitionedInt64(String name, int dates, int filesPerDate) throws IOException {
    Path table = work.resolve(name);
    spark
        .sql(
            "CREATE TABLE delta.`"
                + table
                + "` (id BIGINT, ts TIMESTAMP, date DATE) USING delta PARTITIONED BY (date)")
        .collect();
    Path template =
        insertedFile(table, "0, timestamp_micros(" + micros(0) + "L), DATE'2024-01-01'");
    Path scratch = work.resolve(name + "-varied");
    List<Path> varied = new ArrayList<>();
    for (int k = 1; k <= filesPerDate; k++) {
      Path one = scratch.resolve(String.valueOf(k));
      spark.sql("CREATE TABLE delta.`" + one + "` (id BIGINT, ts TIMESTAMP) USING delta").collect();
      varied.add(insertedFile(one, k + ", timestamp_micros(" + micros(k) + "L)"));
    }
    Path commit = table.resolve("_delta_log").resolve(String.format("%020d.json", 2));
    try (BufferedWriter out = Files.newBufferedWriter(commit)) {
      out.write(
          "{\"commitInfo\":{\"timestamp\":"
              + System.currentTimeMillis()
              + ",\"operation\":\"WRITE\",\"operationParameters\":{\"mode\":\"Append\"},"
              + "\"isBlindAppend\":true}}\n");
      int n = 0;
      for (int d = 0; d < dates; d++) {
        String date = LocalDate.of(2024, 1, 1).plusDays(d).toString();
        for (int f = 0; f < filesPerDate; f++, n++) {
          // The varied date's files hold rows of their own; every other file is the template's
          // copy, and the log says what a file of its date would hold.
          int row = d == VARIED_DATE ? f + 1 : 0;
          Path source = row == 0 ? template : varied.get(f);
          String file = "part-" + n + ".parquet";
          Files.copy(source, table.resolve(file));
          out.write(
              "{\"add\":{\"path\":\""
                  + file
                  + "\",\"partitionValues\":{\"date\":\""
                  + date
                  + "\"},\"size\":"
                  + Files.size(source)
                  + ",\"modificationTime\":"
                  + System.currentTimeMillis()
                  + ",\"dataChange\":true,\"stats\":\""
                  + stats(row)
                  + "\"}}\n");
        }
      }
    }
    SyntheticTables.delete(scratch);
    DeltaLog log = DeltaLog.forTable(spark, table.toString());
    log.checkpoint(log.update(false, Option.empty(), Option.empty()), Option.empty());
    DeltaLog.clearCache();
    return table;
  }

  /**
   * The data file delta-spark writes for one row of {@code values} into the table at {@code dir}.
   */
  private Path insertedFile(Path dir, String values) throws IOException {
    spark.sql("INSERT INTO delta.`" + dir + "` SELECT " + values).collect();
    try (Stream<Path> walk = Files.walk(dir)) {
      return walk.filter(p -> p.toString().endsWith(".parquet")).findFirst().orElseThrow();
    }
  }

  /** Row {@code k}'s timestamp: {@code k} minutes after a microsecond-precise instant. */
  private static long micros(int k) {
    Instant base = Instant.parse("2024-01-01T00:00:00.123456Z");
    return base.getEpochSecond() * 1_000_000 + base.getNano() / 1_000 + k * 60_000_000L;
  }

  /** The statistics of row {@code k}'s file, as delta-spark writes them: milliseconds for time. */
  private static String stats(int k) {
    String ts =
        Instant.EPOCH.plus(micros(k), ChronoUnit.MICROS).truncatedTo(ChronoUnit.MILLIS).toString();
    String values = "{\\\"id\\\":" + k + ",\\\"ts\\\":\\\"" + ts + "\\\"}";
    return "{\\\"numRecords\\\":1,\\\"minValues\\\":"
        + values
        + ",\\\"maxValues\\\":"
        + values
        + ",\\\"nullCount\\\":{\\\"id\\\":0,\\\"ts\\\":0}}";
  }
}
