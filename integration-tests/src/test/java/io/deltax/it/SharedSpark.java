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

import java.util.HashMap;
import java.util.Map;
import java.util.function.Supplier;
import org.apache.spark.sql.SparkSession;

/**
 * One local SparkSession for the whole test JVM, with delta-spark as the oracle: it creates the
 * tables, and its answers are what deltax must return.
 */
public final class SharedSpark {
  private static SparkSession spark;

  private SharedSpark() {}

  public static synchronized SparkSession session() {
    if (spark == null) {
      spark =
          SparkSession.builder()
              .master("local[2]")
              .appName("deltax-tests")
              .config("spark.ui.enabled", "false")
              // Loopback only: the tests' store servers listen on 127.0.0.1, and nothing leaves the
              // machine.
              .config("spark.driver.bindAddress", "127.0.0.1")
              .config("spark.driver.host", "127.0.0.1")
              .config("spark.sql.shuffle.partitions", "2")
              .config("spark.default.parallelism", "2")
              .config("spark.sql.session.timeZone", "UTC")
              .config(
                  "spark.sql.extensions",
                  "io.delta.sql.DeltaSparkSessionExtension,io.deltax.extensions.DeltaXSparkSessionExtension")
              .config(
                  "spark.sql.catalog.spark_catalog",
                  "org.apache.spark.sql.delta.catalog.DeltaCatalog")
              .config("spark.databricks.delta.checkpoint.exceptionThrowing.enabled", "true")
              // delta-spark's own test settings: its snapshot state is rebuilt in 2 partitions, not
              // 50.
              .config("spark.databricks.delta.snapshotPartitions", "2")
              .config("spark.databricks.delta.properties.defaults.enableDeletionVectors", "false")
              // One warehouse per test JVM: surefire runs two of them side by side.
              .config(
                  "spark.sql.warehouse.dir",
                  System.getProperty("java.io.tmpdir")
                      + "/deltax-it-warehouse-"
                      + ProcessHandle.current().pid())
              .getOrCreate();
    }
    return spark;
  }

  /** Runs {@code body} with session confs set, restoring the previous values afterwards. */
  public static <T> T withConf(Map<String, String> confs, Supplier<T> body) {
    SparkSession s = session();
    Map<String, String> previous = new HashMap<>();
    confs.forEach(
        (k, v) -> {
          previous.put(k, s.conf().contains(k) ? s.conf().get(k) : null);
          s.conf().set(k, v);
        });
    try {
      return body.get();
    } finally {
      previous.forEach(
          (k, v) -> {
            if (v == null) {
              s.conf().unset(k);
            } else {
              s.conf().set(k, v);
            }
          });
    }
  }

  public static void withConf(Map<String, String> confs, Runnable body) {
    withConf(
        confs,
        () -> {
          body.run();
          return null;
        });
  }
}
