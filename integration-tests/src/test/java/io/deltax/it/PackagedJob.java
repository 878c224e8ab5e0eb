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

import io.deltax.catalog.DeltaXDataSource;
import io.deltax.extensions.DeltaXSparkSessionExtension;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * The application {@link PackagesTest} hands to spark-submit, alone in its jar: a user's job that
 * finds deltax through {@code --packages} and nothing else. It prints what it reads, one line per
 * fact ({@code label TAB value}), for the test to judge against delta-spark.
 *
 * <p>Arguments: the table's path, then {@code changes} to read versions 1 to 2 with Spark 4.2's
 * {@code CHANGES} clause as well. The session has the {@code deltax} catalog.
 */
public final class PackagedJob {
  private PackagedJob() {}

  public static void main(String[] args) {
    String path = args[0];
    boolean changes = args.length > 1 && args[1].equals("changes");
    String table = "deltax.`" + path + "`";
    SparkSession spark = SparkSession.builder().getOrCreate();
    try {
      // Where the JVM found deltax: the jar Ivy resolved.
      print("source", DeltaXDataSource.class.getProtectionDomain().getCodeSource().getLocation());
      print(
          "source",
          DeltaXSparkSessionExtension.class.getProtectionDomain().getCodeSource().getLocation());
      rows("row", spark.sql("SELECT id, v FROM " + table));
      if (changes) {
        rows(
            "change",
            spark.sql(
                "SELECT id, v, _change_type, _commit_version FROM "
                    + table
                    + " CHANGES FROM VERSION 1 TO VERSION 2"));
      }
      Row backfill =
          spark.sql("CALL backfill_row_tracking(table => '" + path + "')").collectAsList().get(0);
      print(
          "backfill",
          "("
              + backfill.getAs("files_backfilled")
              + ", "
              + backfill.getAs("last_version")
              + ", "
              + backfill.getAs("row_tracking_enabled")
              + ")");
      rows(
          "row_id",
          spark
              .read()
              .format("deltax")
              .load(path)
              .selectExpr("id", "_metadata.row_id", "_metadata.row_commit_version"));
    } finally {
      spark.stop();
    }
  }

  /** Each row as {@code (a, b, ...)}: the text {@link DeltaOracle#canonicalRows} makes of it. */
  private static void rows(String label, Dataset<Row> rows) {
    for (Row row : rows.collectAsList()) {
      print(label, row.mkString("(", ", ", ")"));
    }
  }

  private static void print(String label, Object value) {
    System.out.println(label + "\t" + value);
  }
}
