package io.deltax.extensions;

import org.apache.spark.sql.SparkSessionExtensions;
import scala.Function1;
import scala.runtime.BoxedUnit;

/**
 * deltax's SQL extension, enabled with
 * {@code spark.sql.extensions=io.deltax.extensions.DeltaXSparkSessionExtension} (alone or next to
 * delta-spark's extension): makes {@code CALL backfill_row_tracking(...)} resolve to deltax's
 * procedure through Spark's own CALL statement.
 */
public final class DeltaXSparkSessionExtension implements Function1<SparkSessionExtensions, BoxedUnit> {
  @Override
  public BoxedUnit apply(SparkSessionExtensions extensions) {
    extensions.injectHintResolutionRule(session -> new ResolveDeltaXProcedures());
    return BoxedUnit.UNIT;
  }
}
