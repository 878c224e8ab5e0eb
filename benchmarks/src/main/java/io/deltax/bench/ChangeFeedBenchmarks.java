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

import io.deltax.conf.SessionSettings;
import io.deltax.snapshots.SnapshotCache;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apache.hadoop.fs.FileStatus;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.delta.DeltaLog;
import org.apache.spark.sql.functions;

/**
 * deltax's change feed against delta-spark's Change Data Feed and against a full-table diff (issue
 * 15), on one table that has both row tracking and {@code delta.enableChangeDataFeed}: the time to
 * read the changes of one UPDATE, and the data files each system opens as the updated fraction
 * grows. deltax is measured twice: as it reads by default (the UPDATE's change data files, which
 * delta-spark's CDF reads too) and derived from row tracking alone ({@code
 * spark.deltax.changeFeed.readChangeDataFiles=false}), which is what it costs on a table without
 * the change data feed. Every read writes all its columns into Spark's {@code noop} sink, so
 * neither side can skip decoding a column a {@code count()} would not need.
 */
final class ChangeFeedBenchmarks {
  /** One UPDATE of the table: which rows, and whether its change feed is timed. */
  private record Update(String label, String where, boolean timed) {}

  private final SparkSession spark;
  private final SideBySide bench;
  private final Path work;

  ChangeFeedBenchmarks(SparkSession spark, SideBySide bench, Path work) {
    this.spark = spark;
    this.bench = bench;
    this.work = work;
  }

  /**
   * A table of {@code rows} rows in {@code files} files (file i holds the i-th run of consecutive
   * ids); each case UPDATEs its own copy of it, so every case starts from {@code files} files.
   * Returns the files-read table as notes.
   */
  List<String> run(long rows, int files) throws Exception {
    Path base = work.resolve("changes");
    spark
        .sql(
            "CREATE TABLE delta.`"
                + base
                + "` (id BIGINT, k INT, v BIGINT, s STRING) USING delta TBLPROPERTIES"
                + " ('delta.enableRowTracking' = 'true', 'delta.enableChangeDataFeed' = 'true')")
        .collect();
    spark
        .range(0, rows, 1, files)
        .selectExpr("id", "CAST(id % 1000 AS INT) AS k", "id * 3 AS v", "concat('row-', id) AS s")
        .write()
        .format("delta")
        .mode("append")
        .save(base.toString());
    List<Update> updates =
        List.of(
            new Update("1 % spread (id % 100 = 0)", "id % 100 = 0", true),
            new Update("1 % clustered (id < " + rows / 100 + ")", "id < " + rows / 100, true),
            new Update("0.1 % spread (id % 1000 = 1)", "id % 1000 = 1", false),
            new Update("10 % spread (id % 10 = 2)", "id % 10 = 2", false),
            new Update("50 % spread (id % 2 = 1)", "id % 2 = 1", false));
    String size = String.format("%,d rows, %,d files", rows, files);
    List<String> notes = new ArrayList<>();
    notes.add(
        "Data files opened to read one UPDATE's changes ("
            + size
            + ", row tracking and delta.enableChangeDataFeed on, no deletion vectors; each UPDATE"
            + " on its own copy of the table), counted by the local file system (distinct paths"
            + " opened outside _delta_log), and the size of those files (Parquet reads only the"
            + " columns asked for):\n");
    notes.add(
        "| UPDATE | files it removed / added / _change_data | deltax net: files (of which "
            + "_change_data), size | deltax all | deltax net, derived | delta-spark CDF |");
    notes.add("| --- | --- | --- | --- | --- | --- |");
    for (Update update : updates) {
      Path copy = SyntheticTables.copy(base, work.resolve("changes-copy"));
      String table = copy.toString();
      spark
          .sql(
              "UPDATE delta.`"
                  + table
                  + "` SET v = v + 1, s = concat(s, '+') WHERE "
                  + update.where())
          .collect();
      Row history =
          spark
              .sql("DESCRIBE HISTORY delta.`" + table + "` LIMIT 1")
              .selectExpr("version", "operationMetrics")
              .first();
      long version = history.getLong(0);
      java.util.Map<String, String> metrics = history.getJavaMap(1);
      check(table, version);
      if (update.timed()) {
        time(table, version, update.label() + ", " + size);
      }
      Reads net = reads(() -> deltax(table, version, "net"));
      Reads all = reads(() -> deltax(table, version, "all"));
      Reads derived = reads(() -> derived(table, version, "net"));
      Reads cdf = reads(() -> cdf(table, version));
      notes.add(
          String.format(
              "| %s | %s / %s / %s | %s | %s | %s | %s |",
              update.label(),
              metrics.get("numRemovedFiles"),
              metrics.get("numAddedFiles"),
              metrics.get("numAddedChangeFiles"),
              net,
              all,
              derived,
              cdf));
      DeltaLog.clearCache();
      SyntheticTables.delete(copy);
    }
    SyntheticTables.delete(base);
    return notes;
  }

  private void time(String table, long version, String size) throws Exception {
    bench.measure(
        "change feed: net vs delta-spark CDF",
        size,
        (system, round) -> table,
        path -> deltax(path, version, "net"),
        path -> cdf(path, version),
        "version "
            + version
            + " alone, into the noop sink; delta-spark reads its _change_data files");
    bench.measure(
        "change feed: all vs delta-spark CDF",
        size,
        (system, round) -> table,
        path -> deltax(path, version, "all"),
        path -> cdf(path, version),
        "as above, changeMode all (delta-spark's semantics)");
    bench.measure(
        "change feed: net derived vs delta-spark CDF",
        size,
        (system, round) -> table,
        path -> derived(path, version, "net"),
        path -> cdf(path, version),
        "deltax derives the changes from row tracking (the version's removed and added data "
            + "files), as on a table without the change data feed");
    List<String> files = commitFiles(table, version);
    bench.measure(
        "change feed: net derived vs reading its files",
        size,
        (system, round) -> table,
        path -> derived(path, version, "net"),
        path -> scan(files),
        "the \"delta-spark\" column is Spark's own Parquet scan of the "
            + files.size()
            + " data files the version removed and added: every column decoded, no row kept (a "
            + "filter no row passes, not pushed down): what reading both sides with Spark's reader "
            + "costs");
    List<FileStatus> listed = listed(files);
    Set<String> columns = Set.of("id", "k", "v", "s");
    long decompressed = ParquetPages.decompressFiles(spark, listed, columns);
    bench.measure(
        "change feed: net derived vs decompressing its files' pages",
        size,
        (system, round) -> table,
        path -> derived(path, version, "net"),
        path -> ParquetPages.decompressFiles(spark, listed, columns),
        "the \"delta-spark\" column is parquet-mr, in Spark tasks, reading the same "
            + files.size()
            + " files (from their listed status) and decompressing every page of "
            + "the four data columns ("
            + (decompressed >> 20)
            + " MiB decompressed), decoding no "
            + "value: less than any reader of both sides does when every page holds a changed row");
    bench.measure(
        "change feed: net derived vs full-table diff",
        size,
        (system, round) -> table,
        path -> derived(path, version, "net"),
        path -> diff(path, version),
        "the \"delta-spark\" column is the diff: version N-1 EXCEPT ALL N and N EXCEPT ALL N-1 "
            + "(delta-spark time travel); 2 rounds after a warm-up",
        2);
  }

  /** deltax's change feed of one version, cold (as a scheduled job reads it). */
  private void deltax(String table, long version, String mode) {
    SnapshotCache.shared().clear();
    noop(deltaxChanges(table, version, mode));
  }

  /** As {@link #deltax}, derived from row tracking though the version wrote change data files. */
  private void derived(String table, long version, String mode) {
    spark.conf().set(SessionSettings.CHANGE_FEED_READ_CHANGE_DATA.key(), "false");
    try {
      deltax(table, version, mode);
    } finally {
      spark.conf().unset(SessionSettings.CHANGE_FEED_READ_CHANGE_DATA.key());
    }
  }

  private void cdf(String table, long version) {
    DeltaLog.clearCache();
    noop(cdfChanges(table, version));
  }

  /**
   * The data files a version removed and added, as absolute paths, from its commit file (the table
   * has no deletion vectors, so every file is read whole).
   */
  private List<String> commitFiles(String table, long version) throws java.net.URISyntaxException {
    String commit = String.format("%s/_delta_log/%020d.json", table, version);
    List<String> files = new ArrayList<>();
    for (Row row :
        spark
            .read()
            .json(commit)
            .selectExpr("coalesce(add.path, remove.path) AS path")
            .where("path IS NOT NULL")
            .collectAsList()) {
      files.add(
          new org.apache.hadoop.fs.Path(
                  new org.apache.hadoop.fs.Path(table),
                  new org.apache.hadoop.fs.Path(new java.net.URI(row.getString(0))))
              .toString());
    }
    return files;
  }

  /** The files' status, as a scan's listing would give it to the reader. */
  private List<FileStatus> listed(List<String> files) throws java.io.IOException {
    List<FileStatus> listed = new ArrayList<>();
    for (String file : files) {
      org.apache.hadoop.fs.Path path = new org.apache.hadoop.fs.Path(file);
      FileStatus status =
          path.getFileSystem(spark.sparkContext().hadoopConfiguration()).getFileStatus(path);
      listed.add(
          new FileStatus(
              status.getLen(),
              false,
              1,
              status.getBlockSize(),
              status.getModificationTime(),
              status.getPath()));
    }
    return listed;
  }

  /**
   * Decoding the files alone, with Spark's own Parquet source: every column is read (the vectorized
   * reader decodes a batch's columns whole), no row is kept, so no row is copied.
   */
  private void scan(List<String> files) {
    // Neither schema inference nor Spark's listing job (one task per path past 32 paths) belongs
    // to reading the files: the schema is given, and the paths are checked on the driver.
    String threshold = "spark.sql.sources.parallelPartitionDiscovery.threshold";
    String before = spark.conf().get(threshold);
    spark.conf().set(threshold, Integer.MAX_VALUE);
    try {
      noop(
          spark
              .read()
              .schema("id BIGINT, k INT, v BIGINT, s STRING")
              .parquet(files.toArray(String[]::new))
              .where("k + v = -1"));
    } finally {
      spark.conf().set(threshold, before);
    }
  }

  /** The pre-CDF way: every row of both versions, compared. */
  private void diff(String table, long version) {
    DeltaLog.clearCache();
    Dataset<Row> before =
        spark.read().format("delta").option("versionAsOf", version - 1).load(table);
    Dataset<Row> after = spark.read().format("delta").option("versionAsOf", version).load(table);
    noop(
        before
            .exceptAll(after)
            .withColumn("_change_type", functions.lit("delete"))
            .union(after.exceptAll(before).withColumn("_change_type", functions.lit("insert"))));
  }

  private Dataset<Row> deltaxChanges(String table, long version, String mode) {
    return spark
        .read()
        .format("deltax")
        .option("readChangeFeed", "true")
        .option("startingVersion", version)
        .option("endingVersion", version)
        .option("changeMode", mode)
        .load(table);
  }

  private Dataset<Row> cdfChanges(String table, long version) {
    return spark
        .read()
        .format("delta")
        .option("readChangeFeed", "true")
        .option("startingVersion", version)
        .option("endingVersion", version)
        .load(table);
  }

  private static void noop(Dataset<Row> rows) {
    rows.write().format("noop").mode("overwrite").save();
  }

  /**
   * Both feeds of a version hold the same rows (an UPDATE's net feed equals its full feed), read
   * from the change data files and derived alike.
   */
  private void check(String table, long version) {
    String[] columns = {"id", "k", "v", "s", "_change_type", "_commit_version"};
    Dataset<Row> cdf = cdfChanges(table, version).selectExpr(columns);
    for (String readChangeData : new String[] {"true", "false"}) {
      spark.conf().set(SessionSettings.CHANGE_FEED_READ_CHANGE_DATA.key(), readChangeData);
      try {
        for (String mode : new String[] {"all", "net"}) {
          Dataset<Row> ours = deltaxChanges(table, version, mode).selectExpr(columns);
          long missing = cdf.exceptAll(ours).count();
          long extra = ours.exceptAll(cdf).count();
          if (missing != 0 || extra != 0) {
            throw new IllegalStateException(
                "deltax's "
                    + mode
                    + " feed of version "
                    + version
                    + " (readChangeDataFiles "
                    + readChangeData
                    + ") differs from delta-spark's CDF: "
                    + missing
                    + " rows missing, "
                    + extra
                    + " extra");
          }
        }
      } finally {
        spark.conf().unset(SessionSettings.CHANGE_FEED_READ_CHANGE_DATA.key());
      }
    }
  }

  private interface Read {
    void run() throws Exception;
  }

  /** Data files opened (of which {@code _change_data} files) by one read, and their size. */
  private record Reads(long files, long changeDataFiles, long bytes) {
    @Override
    public String toString() {
      return String.format(
          "%,d%s, %.1f MiB",
          files,
          changeDataFiles > 0 ? String.format(" (%,d)", changeDataFiles) : "",
          bytes / 1048576.0);
    }
  }

  private static Reads reads(Read read) throws Exception {
    OpenedFiles.start();
    Set<String> paths;
    try {
      read.run();
    } finally {
      paths = OpenedFiles.stop();
    }
    Set<String> data =
        paths.stream()
            .filter(p -> !p.contains("/_delta_log/") && !p.endsWith(".crc"))
            .collect(java.util.stream.Collectors.toUnmodifiableSet());
    long bytes = 0;
    for (String p : data) {
      bytes += java.nio.file.Files.size(Path.of(p));
    }
    return new Reads(
        data.size(), data.stream().filter(p -> p.contains("/_change_data/")).count(), bytes);
  }
}
