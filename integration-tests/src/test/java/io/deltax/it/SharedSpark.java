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
      spark = SparkSession.builder()
          .master("local[2]")
          .appName("deltax-tests")
          .config("spark.ui.enabled", "false")
          // Loopback only: the tests' store servers listen on 127.0.0.1, and nothing leaves the machine.
          .config("spark.driver.bindAddress", "127.0.0.1")
          .config("spark.driver.host", "127.0.0.1")
          .config("spark.sql.shuffle.partitions", "2")
          .config("spark.default.parallelism", "2")
          .config("spark.sql.session.timeZone", "UTC")
          .config("spark.sql.extensions",
              "io.delta.sql.DeltaSparkSessionExtension,io.deltax.extensions.DeltaXSparkSessionExtension")
          .config("spark.sql.catalog.spark_catalog", "org.apache.spark.sql.delta.catalog.DeltaCatalog")
          .config("spark.databricks.delta.checkpoint.exceptionThrowing.enabled", "true")
          // delta-spark's own test settings: its snapshot state is rebuilt in 2 partitions, not 50.
          .config("spark.databricks.delta.snapshotPartitions", "2")
          .config("spark.databricks.delta.properties.defaults.enableDeletionVectors", "false")
          // One warehouse per test JVM: surefire runs two of them side by side.
          .config("spark.sql.warehouse.dir",
              System.getProperty("java.io.tmpdir") + "/deltax-it-warehouse-" + ProcessHandle.current().pid())
          .getOrCreate();
    }
    return spark;
  }

  /** Runs {@code body} with session confs set, restoring the previous values afterwards. */
  public static <T> T withConf(Map<String, String> confs, Supplier<T> body) {
    SparkSession s = session();
    Map<String, String> previous = new HashMap<>();
    confs.forEach((k, v) -> {
      previous.put(k, s.conf().contains(k) ? s.conf().get(k) : null);
      s.conf().set(k, v);
    });
    try {
      return body.get();
    } finally {
      previous.forEach((k, v) -> {
        if (v == null) {
          s.conf().unset(k);
        } else {
          s.conf().set(k, v);
        }
      });
    }
  }

  public static void withConf(Map<String, String> confs, Runnable body) {
    withConf(confs, () -> {
      body.run();
      return null;
    });
  }
}
