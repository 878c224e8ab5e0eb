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
package io.deltax.read.pushdown;

import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.Attribute;
import org.apache.spark.sql.catalyst.expressions.AttributeReference;
import org.apache.spark.sql.catalyst.expressions.Expression;
import org.apache.spark.sql.catalyst.expressions.InterpretedMutableProjection;
import org.apache.spark.sql.catalyst.expressions.NamedExpression;
import org.apache.spark.sql.catalyst.expressions.Unevaluable;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.catalyst.plans.logical.Project;
import org.apache.spark.sql.execution.LocalTableScanExec;
import org.apache.spark.sql.execution.SparkPlan;
import org.apache.spark.sql.execution.SparkStrategy;
import org.apache.spark.sql.execution.datasources.v2.DataSourceV2ScanRelation;
import scala.Option;
import scala.collection.immutable.Seq;
import scala.jdk.javaapi.CollectionConverters;

/**
 * Plans an aggregate answered from the log, with the projection Spark puts over it, as one bare
 * local table scan.
 *
 * <p>Spark plans a {@code LocalScan} under its projection as a whole-stage-codegen stage, and
 * collecting that stage runs a Spark job of one task: on a warm snapshot, that job is most of the
 * query's time. A bare {@code LocalTableScanExec} is collected on the driver, as Spark's own {@code
 * ConvertToLocalRelation} does for literal rows. The projection is evaluated here, under the same
 * condition as that rule: every expression deterministic, and none that needs a plan to run. Any
 * other plan is left to Spark's strategies.
 */
public final class AnswerOnDriverStrategy extends SparkStrategy {
  @Override
  public Seq<SparkPlan> apply(LogicalPlan plan) {
    if (!(plan instanceof Project project)
        || !(project.child() instanceof DataSourceV2ScanRelation relation)
        || !(relation.scan() instanceof AggregateScan scan)) {
      return planned(List.of());
    }
    List<Expression> expressions = new ArrayList<>();
    for (NamedExpression named : CollectionConverters.asJava(project.projectList())) {
      // Every NamedExpression is an Expression; Scala's trait does not tell Java so.
      Expression e = (Expression) named;
      if (!evaluable(e)) {
        return planned(List.of());
      }
      expressions.add(e);
    }
    InterpretedMutableProjection projection =
        new InterpretedMutableProjection(
            CollectionConverters.asScala(expressions).toList(), attributes(relation));
    projection.initialize(0);
    List<InternalRow> rows = new ArrayList<>();
    for (InternalRow row : scan.rows()) {
      rows.add(projection.apply(row).copy());
    }
    SparkPlan local =
        new LocalTableScanExec(
            project.output(), CollectionConverters.asScala(rows).toList(), Option.empty());
    return planned(List.of(local));
  }

  /** As Spark's {@code ConvertToLocalRelation} asks: deterministic, and no unevaluable node. */
  private static boolean evaluable(Expression e) {
    if (!e.deterministic() || (e instanceof Unevaluable && !(e instanceof AttributeReference))) {
      return false;
    }
    for (Expression child : CollectionConverters.asJava(e.children())) {
      if (!evaluable(child)) {
        return false;
      }
    }
    return true;
  }

  private static Seq<SparkPlan> planned(List<SparkPlan> plans) {
    return CollectionConverters.asScala(plans).toList();
  }

  @SuppressWarnings("unchecked")
  private static Seq<Attribute> attributes(DataSourceV2ScanRelation relation) {
    return (Seq<Attribute>) (Seq<?>) relation.output();
  }
}
