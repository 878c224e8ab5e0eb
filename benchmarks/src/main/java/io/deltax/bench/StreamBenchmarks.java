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
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.delta.DeltaLog;
import org.apache.spark.sql.streaming.StreamingQuery;
import org.apache.spark.sql.streaming.StreamingQueryProgress;
import org.apache.spark.sql.streaming.Trigger;

/**
 * deltax's stream against delta-spark's, on the same tables (issue 16): the cost of a poll that
 * finds nothing new as the table grows, inside a running query and as a whole {@code
 * Trigger.AvailableNow} run, and the throughput of a run that reads many commits.
 */
final class StreamBenchmarks {
  /** How long a running query is watched for its empty polls. */
  private static final long WATCH_MILLIS = 8_000;

  private final SparkSession spark;
  private final SideBySide bench;
  private final SyntheticTables tables;
  private final Path work;

  StreamBenchmarks(SparkSession spark, SideBySide bench, SyntheticTables tables, Path work) {
    this.spark = spark;
    this.bench = bench;
    this.tables = tables;
    this.work = work;
  }

  void run(int[] sizes, int commits, long rowsPerCommit) throws Exception {
    for (int files : sizes) {
      emptyPolls(files);
    }
    throughput(commits, rowsPerCommit);
  }

  /**
   * A table of {@code files} files and one later commit; each system's stream starts at that
   * commit, reads its one file, and from then on every poll finds nothing.
   */
  private void emptyPolls(int files) throws Exception {
    Path table = tables.manyFiles("stream-" + files, files, 1);
    long start = latestVersion(table);
    String size = String.format("%,d files", files);
    // Inside a running query: Spark's own timing of each trigger's latestOffset call.
    double[] x = pollMillis("deltax", table, start);
    double[] d = pollMillis("delta", table, start);
    bench.record(
        "stream: empty poll (latestOffset)",
        size,
        x,
        d,
        "a running query, caches warm; Spark's durationMs.latestOffset per trigger, over "
            + (WATCH_MILLIS / 1000)
            + " s");
    // A whole AvailableNow run that finds nothing, as a scheduled job does, with caches cold.
    Path checkpoints = Files.createDirectories(work.resolve("stream-chk-" + files));
    for (String system : new String[] {"deltax", "delta"}) {
      availableNow(system, table, start, checkpoints.resolve(system)); // reads the one file
    }
    bench.measure(
        "stream: empty AvailableNow run, cold",
        size,
        (system, round) -> checkpoints.resolve(system).toString(),
        chk -> {
          SnapshotCache.shared().clear();
          availableNow("deltax", table, start, Path.of(chk));
        },
        chk -> {
          DeltaLog.clearCache();
          availableNow("delta", table, start, Path.of(chk));
        },
        "query start, offsets from the checkpoint, one poll, no batch; snapshot caches cleared");
    SyntheticTables.delete(table);
  }

  /** The latestOffset times of a running query's triggers that found no data. */
  private double[] pollMillis(String format, Path table, long start) throws Exception {
    Path checkpoint = Files.createTempDirectory(work, "poll-" + format);
    // Report every trigger, not one empty trigger per 10 s.
    spark.conf().set("spark.sql.streaming.noDataProgressEventInterval", "0");
    StreamingQuery query =
        spark
            .readStream()
            .format(format)
            .option("startingVersion", start)
            .load(table.toString())
            .writeStream()
            .format("noop")
            .option("checkpointLocation", checkpoint.toString())
            .trigger(Trigger.ProcessingTime(0))
            .start();
    try {
      query.processAllAvailable(); // the one file
      Thread.sleep(WATCH_MILLIS);
    } finally {
      query.stop();
    }
    List<Double> polls = new ArrayList<>();
    for (StreamingQueryProgress p : query.recentProgress()) {
      Long latest = p.durationMs().get("latestOffset");
      if (p.numInputRows() == 0 && latest != null) {
        polls.add(latest.doubleValue());
      }
    }
    if (polls.isEmpty()) {
      throw new IllegalStateException(format + ": no empty poll was reported");
    }
    return polls.stream().mapToDouble(Double::doubleValue).toArray();
  }

  private void availableNow(String format, Path table, long start, Path checkpoint)
      throws Exception {
    StreamingQuery query =
        spark
            .readStream()
            .format(format)
            .option("startingVersion", start)
            .load(table.toString())
            .writeStream()
            .format("noop")
            .option("checkpointLocation", checkpoint.toString())
            .trigger(Trigger.AvailableNow())
            .start();
    if (!query.awaitTermination(TimeUnit.MINUTES.toMillis(10))) {
      query.stop();
      throw new IllegalStateException(format + ": the AvailableNow run did not end");
    }
  }

  /** One AvailableNow run from version 0 over {@code commits} appends, into a noop sink. */
  private void throughput(int commits, long rowsPerCommit) throws Exception {
    Path table = work.resolve("stream-throughput");
    spark
        .sql("CREATE TABLE delta.`" + table + "` (id BIGINT, f INT, v STRING) USING delta")
        .collect();
    for (int c = 0; c < commits; c++) {
      spark
          .range(c * rowsPerCommit, (c + 1) * rowsPerCommit)
          .selectExpr("id", "CAST(id % 100 AS INT) AS f", "CAST(id AS STRING) AS v")
          .coalesce(1)
          .write()
          .format("delta")
          .mode("append")
          .save(table.toString());
    }
    String size = String.format("%d commits, %,d rows", commits, commits * rowsPerCommit);
    bench.measure(
        "stream: AvailableNow over many commits",
        size,
        (system, round) -> Files.createTempDirectory(work, "thr-" + system).toString(),
        chk -> availableNow("deltax", table, 0, Path.of(chk)),
        chk -> availableNow("delta", table, 0, Path.of(chk)),
        "every row into a noop sink, maxFilesPerTrigger 1000; rows/s = rows / time");
    SyntheticTables.delete(table);
  }

  private static long latestVersion(Path table) throws Exception {
    try (var names = Files.list(table.resolve("_delta_log"))) {
      return names
          .map(p -> p.getFileName().toString())
          .filter(n -> n.matches("\\d{20}\\.json"))
          .mapToLong(n -> Long.parseLong(n.substring(0, 20)))
          .max()
          .orElseThrow();
    }
  }
}
