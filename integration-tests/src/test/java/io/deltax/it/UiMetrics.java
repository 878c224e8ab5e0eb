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

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiConsumer;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.execution.ui.SQLAppStatusStore;
import org.apache.spark.sql.execution.ui.SQLExecutionUIData;
import org.apache.spark.sql.execution.ui.SQLPlanMetric;
import scala.jdk.javaapi.CollectionConverters;

/** The SQL metrics of a finished query, as Spark's SQL listener (the Spark UI) holds them. */
final class UiMetrics {
  private UiMetrics() {}

  /** Waits until Spark's listeners have seen every event so far. */
  static void drain(SparkSession spark) {
    try {
      spark.sparkContext().listenerBus().waitUntilEmpty();
    } catch (java.util.concurrent.TimeoutException e) {
      throw new IllegalStateException(e);
    }
  }

  /** The newest execution's id, once the listener has seen every event so far. */
  static long lastExecution(SparkSession spark) {
    drain(spark);
    long last = -1;
    for (SQLExecutionUIData e :
        CollectionConverters.asJava(spark.sharedState().statusStore().executionsList())) {
      last = Math.max(last, e.executionId());
    }
    return last;
  }

  /**
   * The metrics of the executions after {@code since}, summed by their UI name (a number each; a
   * metric that is not a plain number is left out).
   */
  static Map<String, Long> since(SparkSession spark, long since) {
    Map<String, Long> sums = new HashMap<>();
    forEachShown(
        spark,
        since,
        (name, value) -> {
          if (value.matches("-?\\d+")) {
            sums.merge(name, Long.parseLong(value), Long::sum);
          }
        });
    return sums;
  }

  /**
   * The values of the metric named {@code name} in the executions after {@code since}, as the UI
   * shows them (a timing's unit included).
   */
  static List<String> shown(SparkSession spark, long since, String name) {
    List<String> shown = new ArrayList<>();
    forEachShown(
        spark,
        since,
        (metric, value) -> {
          if (metric.equals(name)) {
            shown.add(value);
          }
        });
    return shown;
  }

  /** Each metric of the executions after {@code since} that has a value: its name and value. */
  private static void forEachShown(
      SparkSession spark, long since, BiConsumer<String, String> sink) {
    drain(spark);
    SQLAppStatusStore store = spark.sharedState().statusStore();
    for (SQLExecutionUIData e : CollectionConverters.asJava(store.executionsList())) {
      if (e.executionId() <= since) {
        continue;
      }
      Map<Object, String> values =
          CollectionConverters.asJava(store.executionMetrics(e.executionId()));
      Set<Long> seen = new HashSet<>();
      for (SQLPlanMetric m : CollectionConverters.asJava(e.metrics())) {
        if (!seen.add(m.accumulatorId())) {
          continue; // adaptive execution lists a kept node's metrics again
        }
        String value = values.get(m.accumulatorId());
        if (value != null) {
          sink.accept(m.name(), value);
        }
      }
    }
  }
}
