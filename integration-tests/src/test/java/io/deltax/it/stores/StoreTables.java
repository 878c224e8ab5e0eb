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
package io.deltax.it.stores;

import static io.deltax.it.DeltaOracle.canonicalRows;
import static io.deltax.it.DeltaOracle.delta;
import static io.deltax.it.DeltaOracle.deltax;
import static io.deltax.it.DeltaOracle.quote;
import static io.deltax.it.DeltaOracle.spark;
import static io.deltax.it.DeltaOracle.sql;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.delta.DeltaLog;

/**
 * Tables on a store, by URI: made by delta-spark, judged by delta-spark, their logs listed and read
 * through the session's Hadoop configuration (where the store's settings are).
 */
final class StoreTables {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String[] ROW_TRACKING = {
    "id", "_metadata.row_id", "_metadata.row_commit_version"
  };
  private static final java.util.regex.Pattern COMMIT =
      java.util.regex.Pattern.compile("\\d{20}\\.json");

  private StoreTables() {}

  /**
   * {@code files} data files of ids 0 until {@code 10 * files}, written by delta-spark in one
   * commit after the CREATE; {@code properties} as in TBLPROPERTIES, or empty.
   */
  static void create(String url, int files, String properties) {
    sql(
        "CREATE TABLE "
            + quote(url)
            + " (id BIGINT, v STRING) USING delta"
            + (properties.isEmpty() ? "" : " TBLPROPERTIES (" + properties + ")"));
    spark()
        .range(0, 10L * files, 1, files)
        .selectExpr("id", "CAST(id AS STRING) AS v")
        .write()
        .format("delta")
        .mode("append")
        .save(url);
  }

  /**
   * Every column and the row tracking fields of {@code _metadata}: deltax's equal delta-spark's,
   * with the same names and types (delta-spark's field metadata, such as column mapping's, aside).
   */
  static void assertSameRowsAndMetadata(String url) {
    DeltaLog.clearCache();
    String[] columns = {"*", "_metadata.row_id", "_metadata.row_commit_version"};
    Dataset<Row> expected = delta(url).selectExpr(columns);
    Dataset<Row> actual = deltax(url).selectExpr(columns);
    assertEquals(expected.schema().simpleString(), actual.schema().simpleString(), "columns");
    assertEquals(canonicalRows(expected), canonicalRows(actual), "rows");
  }

  /**
   * After a backfill: deltax's row IDs are delta-spark's, and delta-spark's are distinct and set.
   */
  static void assertBackfillAgrees(String url) {
    DeltaLog.clearCache();
    List<String> expected = canonicalRows(delta(url).selectExpr(ROW_TRACKING));
    assertEquals(expected, canonicalRows(deltax(url).selectExpr(ROW_TRACKING)));
    long rows = delta(url).count();
    assertTrue(rows > 0);
    assertEquals(0, delta(url).where("_metadata.row_id IS NULL").count(), "every row has a row ID");
    assertEquals(
        rows, delta(url).select("_metadata.row_id").distinct().count(), "row IDs are distinct");
  }

  static Row backfill(String url, int batchSize) {
    return spark()
        .sql("CALL backfill_row_tracking(table => '" + url + "', batch_size => " + batchSize + ")")
        .first();
  }

  static FileSystem fileSystem(String url) throws IOException {
    return new Path(url).getFileSystem(spark().sparkContext().hadoopConfiguration());
  }

  /** The names in the table's {@code _delta_log}, sorted. */
  static List<String> logNames(String url) throws IOException {
    FileStatus[] listing = fileSystem(url).listStatus(new Path(url, "_delta_log"));
    return Arrays.stream(listing).map(s -> s.getPath().getName()).sorted().toList();
  }

  /** The commit versions in the log: 0 to the latest, with no gap. */
  static long assertNoGap(String url) throws IOException {
    List<Long> versions =
        logNames(url).stream()
            .filter(n -> COMMIT.matcher(n).matches())
            .map(n -> Long.parseLong(n.substring(0, 20)))
            .toList();
    for (int i = 0; i < versions.size(); i++) {
      assertEquals(i, versions.get(i), "commit versions " + versions);
    }
    return versions.size() - 1;
  }

  /** The operation each commit's {@code commitInfo} names, by version. */
  static List<String> operations(String url) throws IOException {
    long latest = assertNoGap(url);
    FileSystem fs = fileSystem(url);
    List<String> operations = new ArrayList<>();
    for (long v = 0; v <= latest; v++) {
      String operation = null;
      try (InputStream in = fs.open(new Path(url, String.format("_delta_log/%020d.json", v)))) {
        for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
          JsonNode action = JSON.readTree(line);
          if (action.has("commitInfo")) {
            operation = action.get("commitInfo").get("operation").asText();
          }
        }
      }
      operations.add(operation);
    }
    return operations;
  }

  /** A checkpoint of {@code version} (classic, multi-part or V2) is in the log. */
  static boolean hasCheckpoint(String url, long version) throws IOException {
    String prefix = String.format("%020d.checkpoint.", version);
    return logNames(url).stream().anyMatch(n -> n.startsWith(prefix) && !n.endsWith(".tmp"));
  }
}
