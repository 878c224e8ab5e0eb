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

import static io.deltax.it.DeltaOracle.assertSameRows;
import static io.deltax.it.DeltaOracle.quote;
import static io.deltax.it.DeltaOracle.spark;
import static io.deltax.it.DeltaOracle.sql;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.functions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Storage-partitioned joins: two tables partitioned alike by a date and a string (a null among
 * each), one with column mapping, joined and aggregated on their partition columns through deltax
 * with {@code spark.deltax.read.storagePartitionedJoins} on: delta-spark's rows, and no shuffle.
 * Off, or with Spark's switch off, Spark shuffles as before.
 */
class StoragePartitionedJoinTest {
  private static final String ON = "spark.deltax.read.storagePartitionedJoins";
  private static final String SPARK_SWITCH = "spark.sql.sources.v2.bucketing.enabled";

  /** No broadcast: the tables are tiny, and a broadcast join needs no shuffle either. */
  private static final String BROADCAST = "spark.sql.autoBroadcastJoinThreshold";

  @TempDir static Path dir;
  static String orders;
  static String returns;

  @BeforeAll
  static void createTables() {
    spark();
    orders = dir.resolve("orders").toString();
    returns = dir.resolve("returns").toString();
    sql(
        "CREATE TABLE "
            + quote(orders)
            + " (id BIGINT, amount INT, day DATE, region STRING) USING delta"
            + " PARTITIONED BY (day, region) TBLPROPERTIES ('delta.columnMapping.mode' = 'name')");
    // Two files in each of four partitions, one with a null region.
    for (int round = 0; round < 2; round++) {
      sql(
          "INSERT INTO "
              + quote(orders)
              + " SELECT /*+ REPARTITION(4, day, region) */ 10 * d + r + "
              + (100 * round)
              + " AS id, d + r AS amount, date_add(DATE'2024-01-01', CAST(d AS INT)) AS day, IF(r ="
              + " 0, NULL, 'r' || r) AS region FROM range(2) AS a(d) CROSS JOIN range(2) AS b(r)");
    }
    sql(
        "CREATE TABLE "
            + quote(returns)
            + " (order_id BIGINT, reason STRING, day DATE, region STRING) USING delta"
            + " PARTITIONED BY (day, region)");
    // Three of the orders' partitions (the null region's among them) and one of their own.
    sql(
        "INSERT INTO "
            + quote(returns)
            + " VALUES (1, 'late', DATE'2024-01-01', 'r1'), (101, 'broken', DATE'2024-01-01',"
            + " 'r1'), (0, 'late', DATE'2024-01-01', NULL), (11, 'lost', DATE'2024-01-02', 'r1'),"
            + " (77, 'late', DATE'2024-01-09', 'r1')");
  }

  /**
   * The orders joined to their returns on the partition columns, each table read by {@code read}.
   */
  private static Dataset<Row> joined(Function<String, Dataset<Row>> read) {
    Dataset<Row> o = read.apply(orders);
    Dataset<Row> r = read.apply(returns);
    return o.join(
            r, o.col("day").equalTo(r.col("day")).and(o.col("region").equalTo(r.col("region"))))
        .select(o.col("id"), o.col("amount"), r.col("reason"), o.col("day"), o.col("region"));
  }

  /** Runs {@code query} through deltax and delta-spark; asserts the rows; returns deltax's plan. */
  private static String checkedPlan(Function<Function<String, Dataset<Row>>, Dataset<Row>> query) {
    Dataset<Row> actual = query.apply(DeltaOracle::deltax);
    assertSameRows(query.apply(DeltaOracle::delta), actual);
    return actual.queryExecution().executedPlan().toString();
  }

  @Test
  void aJoinOnThePartitionColumnsNeedsNoShuffle() {
    String plan =
        SharedSpark.withConf(
            Map.of(ON, "true", BROADCAST, "-1"), () -> checkedPlan(q -> joined(q)));
    assertTrue(plan.contains("SortMergeJoin"), plan);
    assertFalse(plan.contains("Exchange"), plan);
  }

  /**
   * A runtime filter from a broadcast third table drops orders' partitions after Spark grouped the
   * scan: the partitions left are among those reported, and the join still needs no shuffle.
   */
  @Test
  void aRuntimeFilterKeepsTheJoinWithoutShuffle() {
    String plan =
        SharedSpark.withConf(
            Map.of(ON, "true", BROADCAST, "-1"),
            () ->
                checkedPlan(
                    q -> {
                      Dataset<Row> pair = joined(q);
                      Dataset<Row> broken =
                          functions.broadcast(
                              DeltaOracle.delta(returns)
                                  .where("reason = 'broken'")
                                  .select(functions.col("day").as("broken_day")));
                      return pair.join(broken, pair.col("day").equalTo(broken.col("broken_day")));
                    }));
    assertTrue(plan.toLowerCase(Locale.ROOT).contains("dynamicpruningexpression"), plan);
    assertTrue(plan.contains("runtime filters"), plan);
    assertFalse(plan.contains("Exchange hashpartitioning"), plan);
  }

  @Test
  void offOrWithSparksSwitchOffTheJoinShuffles() {
    for (Map<String, String> confs :
        List.of(
            Map.of(BROADCAST, "-1"), Map.of(ON, "true", SPARK_SWITCH, "false", BROADCAST, "-1"))) {
      String plan = SharedSpark.withConf(confs, () -> checkedPlan(q -> joined(q)));
      assertTrue(plan.contains("Exchange hashpartitioning"), confs + ": " + plan);
    }
  }

  @Test
  void anAggregateByThePartitionColumnsNeedsNoShuffle() {
    String plan =
        SharedSpark.withConf(
            Map.of(ON, "true"),
            () ->
                checkedPlan(
                    q ->
                        q.apply(orders)
                            .groupBy("day", "region")
                            .agg(functions.sum("amount"), functions.max("id"))));
    assertFalse(plan.contains("Exchange"), plan);
  }

  /**
   * A scan that leaves a partition column out, or groups by one of two, reports no keys or keys
   * Spark cannot use: it shuffles, with delta-spark's answer.
   */
  @Test
  void aScanWithoutEveryPartitionColumnStillAnswers() {
    SharedSpark.withConf(
        Map.of(ON, "true", BROADCAST, "-1"),
        () -> {
          String byRegion =
              checkedPlan(q -> q.apply(orders).groupBy("region").agg(functions.sum("amount")));
          assertTrue(byRegion.contains("Exchange hashpartitioning"), byRegion);
          String byDay =
              checkedPlan(
                  q -> {
                    Dataset<Row> o = q.apply(orders).select("id", "day");
                    Dataset<Row> r = q.apply(returns).select("order_id", "day");
                    return o.join(r, o.col("day").equalTo(r.col("day")))
                        .select(o.col("id"), r.col("order_id"));
                  });
          assertTrue(byDay.contains("Exchange hashpartitioning"), byDay);
        });
  }
}
