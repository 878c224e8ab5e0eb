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
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.execution.ui.SQLAppStatusStore;
import org.apache.spark.sql.execution.ui.SQLExecutionUIData;
import org.apache.spark.sql.execution.ui.SQLPlanMetric;
import scala.jdk.javaapi.CollectionConverters;

/** The SQL metrics of a finished query, as Spark's SQL listener (the Spark UI) holds them. */
final class UiMetrics {
  private UiMetrics() {}

  /** Waits until Spark's listeners have seen every event so far. */
  private static void drain(SparkSession spark) {
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
    drain(spark);
    SQLAppStatusStore store = spark.sharedState().statusStore();
    Map<String, Long> sums = new HashMap<>();
    for (SQLExecutionUIData e : CollectionConverters.asJava(store.executionsList())) {
      if (e.executionId() <= since) {
        continue;
      }
      Map<Object, String> values =
          CollectionConverters.asJava(store.executionMetrics(e.executionId()));
      java.util.Set<Long> seen = new java.util.HashSet<>();
      for (SQLPlanMetric m : CollectionConverters.asJava(e.metrics())) {
        if (!seen.add(m.accumulatorId())) {
          continue; // adaptive execution lists a kept node's metrics again
        }
        String value = values.get(m.accumulatorId());
        if (value != null && value.matches("-?\\d+")) {
          sums.merge(m.name(), Long.parseLong(value), Long::sum);
        }
      }
    }
    return sums;
  }

  /**
   * The values of the metric named {@code name} in the executions after {@code since}, as the UI
   * shows them (a timing's unit included).
   */
  static List<String> shown(SparkSession spark, long since, String name) {
    drain(spark);
    SQLAppStatusStore store = spark.sharedState().statusStore();
    List<String> shown = new ArrayList<>();
    for (SQLExecutionUIData e : CollectionConverters.asJava(store.executionsList())) {
      if (e.executionId() <= since) {
        continue;
      }
      Map<Object, String> values =
          CollectionConverters.asJava(store.executionMetrics(e.executionId()));
      java.util.Set<Long> seen = new java.util.HashSet<>();
      for (SQLPlanMetric m : CollectionConverters.asJava(e.metrics())) {
        if (m.name().equals(name) && seen.add(m.accumulatorId())) {
          String value = values.get(m.accumulatorId());
          if (value != null) {
            shown.add(value);
          }
        }
      }
    }
    return shown;
  }
}
