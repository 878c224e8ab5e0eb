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
import io.deltax.it.DeletionVectorTable;
import io.deltax.it.s3.S3Requests;
import io.deltax.it.s3.S3Server;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;
import org.apache.spark.sql.DataFrameReader;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.delta.DeltaLog;

/**
 * The S3 requests (LIST, HEAD, GET, PUT) deltax and delta-spark send for the same query on the same
 * {@code s3a://} table (issue 13), cold: deltax's snapshot cache off, delta-spark's {@code
 * DeltaLog} cache cleared. The server and the count are the integration tests' ({@link S3Server}:
 * S3Proxy 4.0.0 in a child JVM on 127.0.0.1; {@link S3Requests}: the S3A client's {@code
 * IOStatistics}), so the numbers are those {@code S3RequestCountsTest} asserts on. Returns the
 * table and the goal check as notes of the results file.
 */
final class RequestBenchmarks {
  private final SparkSession spark;
  private final Path work;

  RequestBenchmarks(SparkSession spark, Path work) {
    this.spark = spark;
    this.work = work;
  }

  /** One query's counts. {@code half}: the goal is at most half delta-spark's, not just no more. */
  private record Counts(
      String query, S3Requests deltax, S3Requests delta, boolean half, boolean writes) {
    long deltaxCount() {
      return writes ? deltax.total() : deltax.reads();
    }

    long deltaCount() {
      return writes ? delta.total() : delta.reads();
    }

    boolean met() {
      return half ? 2 * deltaxCount() <= deltaCount() : deltaxCount() <= deltaCount();
    }
  }

  List<String> run(int backfillFiles) throws Exception {
    List<Counts> counts = new ArrayList<>();
    try (S3Server server = S3Server.start()) {
      String table = readsTable(server);
      counts.add(
          query(
              server,
              "snapshot load (`.schema()`)",
              true,
              r -> String.join(", ", r.load(table).schema().fieldNames())));
      counts.add(
          query(
              server,
              "selective query (`id = 30`, 1 of 20 files)",
              false,
              r -> sorted(r.load(table).where("id = 30"))));
      counts.add(
          query(
              server,
              "full scan with `_metadata` (delta-spark: the same columns)",
              false,
              r ->
                  sorted(
                      r.load(table)
                          .selectExpr(
                              "id",
                              "v",
                              "_metadata.file_path",
                              "_metadata.file_size",
                              "_metadata.row_id",
                              "_metadata.row_commit_version"))));
      String vectors = vectorsTable(server);
      counts.add(
          query(
              server,
              "full scan, deletion vectors (one DELETE, 4 data files)",
              false,
              r -> sorted(r.load(vectors))));
      counts.add(backfill(server, backfillFiles));
    }
    return notes(counts);
  }

  /**
   * An upgraded table's shape, small: row tracking on, a CREATE and 10 INSERTs of two rows (two
   * files each, 20 in all), delta-spark's classic checkpoint at version 8, two commits after it.
   */
  private String readsTable(S3Server server) throws Exception {
    Path local = work.resolve("requests-reads");
    spark
        .sql(
            "CREATE TABLE delta.`"
                + local
                + "` (id INT, v STRING) USING delta TBLPROPERTIES "
                + "('delta.enableRowTracking' = 'true', 'delta.checkpointInterval' = '8')")
        .collect();
    for (int i = 0; i < 10; i++) {
      spark
          .sql(
              "INSERT INTO delta.`"
                  + local
                  + "` VALUES ("
                  + (10 * i)
                  + ", 'a'), ("
                  + (10 * i + 1)
                  + ", 'b')")
          .collect();
    }
    String url = server.url("reads");
    server.upload(local, url);
    SyntheticTables.delete(local);
    return url;
  }

  /**
   * Four data files of ten rows, then a DELETE that hides a row in each: delta-spark writes the
   * four deletion vectors into one file.
   */
  private String vectorsTable(S3Server server) throws Exception {
    Path local = work.resolve("requests-vectors");
    DeletionVectorTable.create(spark, local.toString(), 4);
    String url = server.url("vectors");
    server.upload(local, url);
    SyntheticTables.delete(local);
    return url;
  }

  /** Runs {@code query} cold with each reader; both must give the same answer. */
  private Counts query(
      S3Server server, String name, boolean half, Function<DataFrameReader, Object> query) {
    S3Requests.Counted<Object> delta =
        S3Requests.count(
            server,
            server.bucket(),
            () -> {
              DeltaLog.clearCache();
              return query.apply(spark.read().format("delta").options(server.s3aSettings()));
            });
    S3Requests.Counted<Object> deltax =
        withConfs(
            Map.of(SessionSettings.SNAPSHOT_CACHE_ENABLED.key(), "false"),
            () ->
                S3Requests.count(
                    server,
                    server.bucket(),
                    () ->
                        query.apply(spark.read().format("deltax").options(server.s3aSettings()))));
    if (!delta.value().equals(deltax.value())) {
      throw new IllegalStateException(
          name + ": deltax answered " + deltax.value() + ", delta-spark " + delta.value());
    }
    return new Counts(name, deltax.requests(), delta.requests(), half, false);
  }

  /**
   * {@code files} files (one row each), uploaded twice: delta-spark's own backfill ({@code ALTER
   * TABLE ... SET TBLPROPERTIES delta.enableRowTracking}) on one copy, {@code CALL
   * backfill_row_tracking} on the other. Writes count here: both write the log.
   */
  private Counts backfill(S3Server server, int files) throws Exception {
    Path local = work.resolve("requests-backfill");
    spark
        .range(0, files, 1, files)
        .selectExpr("CAST(id AS INT) AS id")
        .write()
        .format("delta")
        .save(local.toString());
    String forDelta = server.url("backfill-delta");
    String forDeltax = server.url("backfill-deltax");
    server.upload(local, forDelta);
    server.upload(local, forDeltax);
    SyntheticTables.delete(local);
    Map<String, String> confs = new HashMap<>(server.s3aSettings());
    DeltaLog.clearCache();
    S3Requests delta =
        withConfs(
                confs,
                () ->
                    S3Requests.count(
                        server,
                        server.bucket(),
                        () ->
                            spark
                                .sql(
                                    "ALTER TABLE delta.`"
                                        + forDelta
                                        + "` SET TBLPROPERTIES "
                                        + "('delta.enableRowTracking' = 'true')")
                                .collect()))
            .requests();
    confs.put(SessionSettings.SNAPSHOT_CACHE_ENABLED.key(), "false");
    S3Requests.Counted<Row> deltax =
        withConfs(
            confs,
            () ->
                S3Requests.count(
                    server,
                    server.bucket(),
                    () ->
                        spark
                            .sql("CALL backfill_row_tracking(table => '" + forDeltax + "')")
                            .first()));
    if (deltax.value().getLong(2) != files) {
      throw new IllegalStateException(
          "deltax backfilled " + deltax.value() + ", not " + files + " files");
    }
    return new Counts(
        String.format(
            "backfill, %,d files (deltax: `CALL backfill_row_tracking`; "
                + "delta-spark: `ALTER TABLE ... enableRowTracking`)",
            files),
        deltax.requests(),
        delta,
        false,
        true);
  }

  private <T> T withConfs(Map<String, String> confs, Supplier<T> body) {
    confs.forEach((k, v) -> spark.conf().set(k, v));
    try {
      return body.get();
    } finally {
      confs.keySet().forEach(k -> spark.conf().unset(k));
    }
  }

  private static List<String> sorted(Dataset<Row> rows) {
    return Arrays.stream((Row[]) rows.collect()).map(Row::toString).sorted().toList();
  }

  private static List<String> notes(List<Counts> counts) {
    List<String> notes = new ArrayList<>();
    notes.add(
        "S3 requests per query, cold (`--only requests`: S3Proxy 4.0.0 on 127.0.0.1, Hadoop S3A"
            + " 3.4.2, counted by S3A's IOStatistics; deltax's snapshot cache off, delta-spark's"
            + " DeltaLog cache cleared):");
    notes.add("");
    notes.add("| query | reader | LIST | HEAD | GET | PUT |");
    notes.add("| --- | --- | --- | --- | --- | --- |");
    for (Counts c : counts) {
      notes.add(c.delta().row(c.query(), "delta-spark"));
      notes.add(c.deltax().row(c.query(), "deltax"));
    }
    notes.add("");
    notes.add(
        "Goal (issue 13): deltax sends no more requests than delta-spark for each query (reads:"
            + " LIST + HEAD + GET; the backfill: every request, DELETEs included), and at most half"
            + " as many on snapshot load.");
    notes.add("");
    for (Counts c : counts) {
      notes.add(
          String.format(
              "- %s: deltax %d, delta-spark %d, goal %s: %s",
              c.query(),
              c.deltaxCount(),
              c.deltaCount(),
              c.half() ? "at most half" : "no more",
              c.met() ? "met" : "NOT met"));
    }
    boolean all = counts.stream().allMatch(Counts::met);
    notes.add("");
    notes.add("Goal " + (all ? "met on every query." : "NOT met on every query."));
    notes.forEach(System.out::println);
    return notes;
  }
}
