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
package io.deltax.it.s3;

import static io.deltax.it.DeltaOracle.canonicalRows;
import static io.deltax.it.DeltaOracle.delta;
import static io.deltax.it.DeltaOracle.deltax;
import static io.deltax.it.DeltaOracle.spark;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;

/** What the S3 tests ask of a table on the server: its log's names, its row IDs by both readers. */
final class S3Tables {
  private static final String[] ROW_TRACKING = {
    "id", "_metadata.row_id", "_metadata.row_commit_version"
  };

  private S3Tables() {}

  /** The names in the table's {@code _delta_log}, sorted (hidden files included). */
  static List<String> logNames(S3Server server, String url) throws IOException {
    return logNamesIn(server, server.bucket(), url);
  }

  /** As {@link #logNames}, for a table in {@code bucket}. */
  static List<String> logNamesIn(S3Server server, String bucket, String url) throws IOException {
    try (FileSystem fs = server.newClient(bucket, server.hadoopConf())) {
      List<String> names = new ArrayList<>();
      for (FileStatus s : fs.listStatus(new Path(url, "_delta_log"))) {
        names.add(s.getPath().getName());
      }
      names.sort(null);
      return names;
    }
  }

  /** The commit versions in the log, in order. */
  static List<Long> commitVersions(S3Server server, String url) throws IOException {
    List<Long> versions = new ArrayList<>();
    for (String name : logNames(server, url)) {
      if (name.matches("\\d{20}\\.json")) {
        versions.add(Long.parseLong(name.substring(0, 20)));
      }
    }
    return versions;
  }

  /** As {@link #assertNoGap}, where an I/O error is a test failure. */
  static void assertNoGapUnchecked(S3Server server, String url) {
    try {
      assertNoGap(server, url);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  /** The log's commits, from 0 to the newest, with none missing. */
  static void assertNoGap(S3Server server, String url) throws IOException {
    List<Long> versions = commitVersions(server, url);
    for (int i = 0; i < versions.size(); i++) {
      assertEquals(i, versions.get(i), "commits " + versions);
    }
  }

  /**
   * Row IDs by delta-spark: one per row, none null, none twice; and deltax returns the same row IDs
   * and row commit versions. The session must know the server.
   */
  static void assertRowIdsAsDeltaSpark(String url) {
    Dataset<Row> expected = delta(url).selectExpr(ROW_TRACKING);
    long rows = expected.count();
    assertEquals(0, expected.where("row_id IS NULL").count(), "row IDs are not null");
    assertEquals(rows, expected.select("row_id").distinct().count(), "row IDs are distinct");
    assertEquals(canonicalRows(expected), canonicalRows(deltax(url).selectExpr(ROW_TRACKING)));
    assertFalse(canonicalRows(expected).isEmpty());
  }

  /** The number of ROW TRACKING BACKFILL commits in the table's history, by delta-spark. */
  static long backfillCommits(String url) {
    return spark()
        .sql("DESCRIBE HISTORY delta.`" + url + "`")
        .where("operation = 'ROW TRACKING BACKFILL'")
        .count();
  }
}
