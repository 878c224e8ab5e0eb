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

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.delta.DeltaLog;
import scala.Option;

/**
 * Tables with many files, written fast: delta-spark writes a one-row table, and its data file is
 * copied as often as needed and added to the log by a generated commit (both systems then read the
 * very same log). Row counts in the stats are exact, so row tracking can be enabled.
 */
final class SyntheticTables {
  private final SparkSession spark;
  private final Path root;

  SyntheticTables(SparkSession spark, Path root) {
    this.spark = spark;
    this.root = root;
  }

  /**
   * A table of {@code files} one-row files added in one commit, a checkpoint of it, then {@code
   * commitsAfter} commits of one file each.
   */
  Path manyFiles(String name, int files, int commitsAfter) throws IOException {
    Path table = root.resolve(name);
    spark.sql("CREATE TABLE delta.`" + table + "` (id BIGINT, v STRING) USING delta").collect();
    spark.sql("INSERT INTO delta.`" + table + "` VALUES (0, 'template')").collect();
    Path template;
    try (Stream<Path> list = Files.list(table)) {
      template = list.filter(p -> p.toString().endsWith(".parquet")).findFirst().orElseThrow();
    }
    long size = Files.size(template);
    long version = 2;
    writeCommit(table, version++, template, size, 1, files - 1);
    DeltaLog log = DeltaLog.forTable(spark, table.toString());
    log.checkpoint(log.update(false, Option.empty(), Option.empty()), Option.empty());
    for (int c = 0; c < commitsAfter; c++) {
      writeCommit(table, version++, template, size, files + c, 1);
    }
    DeltaLog.clearCache();
    return table;
  }

  private static void writeCommit(
      Path table, long version, Path template, long size, int first, int count) throws IOException {
    Path commit = table.resolve("_delta_log").resolve(String.format("%020d.json", version));
    try (BufferedWriter out = Files.newBufferedWriter(commit)) {
      out.write(
          "{\"commitInfo\":{\"timestamp\":"
              + System.currentTimeMillis()
              + ",\"operation\":\"WRITE\",\"operationParameters\":{\"mode\":\"Append\"},"
              + "\"isBlindAppend\":true}}\n");
      for (int i = first; i < first + count; i++) {
        String name = "part-" + i + ".parquet";
        Files.copy(template, table.resolve(name));
        out.write(
            "{\"add\":{\"path\":\""
                + name
                + "\",\"partitionValues\":{},\"size\":"
                + size
                + ",\"modificationTime\":"
                + System.currentTimeMillis()
                + ",\"dataChange\":true,\"stats\":\""
                + "{\\\"numRecords\\\":1,"
                + "\\\"minValues\\\":{\\\"id\\\":0,\\\"v\\\":\\\"template\\\"},"
                + "\\\"maxValues\\\":{\\\"id\\\":0,\\\"v\\\":\\\"template\\\"},"
                + "\\\"nullCount\\\":{\\\"id\\\":0,\\\"v\\\":0}}\"}}\n");
      }
    }
  }

  /** Appends one commit of one one-row file (a copy of the table's first) to a synthetic table. */
  static void appendOneFile(Path table) throws IOException {
    long version;
    try (Stream<Path> list = Files.list(table.resolve("_delta_log"))) {
      version =
          1
              + list.map(p -> p.getFileName().toString())
                  .filter(n -> n.matches("\\d{20}\\.json"))
                  .mapToLong(n -> Long.parseLong(n.substring(0, 20)))
                  .max()
                  .orElseThrow();
    }
    Path template = table.resolve("part-1.parquet");
    writeCommit(table, version, template, Files.size(template), (int) (1_000_000_000 + version), 1);
  }

  /** A copy of a table directory, for cases that change the table. */
  static Path copy(Path table, Path target) throws IOException {
    try (Stream<Path> walk = Files.walk(table)) {
      for (Path p : walk.sorted().toList()) {
        Path to = target.resolve(table.relativize(p).toString());
        if (Files.isDirectory(p)) {
          Files.createDirectories(to);
        } else {
          Files.copy(p, to);
        }
      }
    }
    return target;
  }

  static void delete(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> walk = Files.walk(dir)) {
      for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    }
  }

  /** Bytes of the log files that are not in {@code before}'s listing. */
  static long newLogBytes(Path table, java.util.Set<String> before) throws IOException {
    try (Stream<Path> list = Files.list(table.resolve("_delta_log"))) {
      return list.filter(p -> !before.contains(p.getFileName().toString()))
          .filter(p -> p.getFileName().toString().endsWith(".json"))
          .mapToLong(p -> p.toFile().length())
          .sum();
    }
  }

  static java.util.Set<String> logNames(Path table) throws IOException {
    try (Stream<Path> list = Files.list(table.resolve("_delta_log"))) {
      return list.map(p -> p.getFileName().toString()).collect(java.util.stream.Collectors.toSet());
    }
  }
}
