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
package io.deltax.extensions;

import io.deltax.changes.ChangesTableFunction;
import io.deltax.read.pushdown.AnswerOnDriverStrategy;
import org.apache.spark.sql.SparkSessionExtensions;
import scala.Function1;
import scala.runtime.BoxedUnit;

/**
 * deltax's SQL extension, enabled with {@code
 * spark.sql.extensions=io.deltax.extensions.DeltaXSparkSessionExtension} (alone or next to
 * delta-spark's extension): makes deltax's procedures ({@code backfill_row_tracking}, {@code
 * row_tracking_status}, {@code table_features}, {@code preserve_row_data_versions}; the list is
 * {@link io.deltax.extensions.procedures.DeltaXProcedures}) resolve through Spark's own {@code
 * CALL} statement, unqualified or as {@code deltax.system.<name>}; and registers the table-valued
 * function {@code deltax_changes(table, start[, end[, mode]])}, the change feed; and plans an
 * aggregate answered from the log as rows collected on the driver, without a Spark job ({@link
 * AnswerOnDriverStrategy}).
 */
public final class DeltaXSparkSessionExtension
    implements Function1<SparkSessionExtensions, BoxedUnit> {
  @Override
  public BoxedUnit apply(SparkSessionExtensions extensions) {
    extensions.injectHintResolutionRule(session -> new ResolveDeltaXProcedures());
    extensions.injectTableFunction(ChangesTableFunction.definition());
    extensions.injectPlannerStrategy(session -> new AnswerOnDriverStrategy());
    return BoxedUnit.UNIT;
  }
}
