package io.deltax.errors;

import org.apache.spark.SparkThrowable;

/**
 * What every deltax exception is, whichever Spark exception it extends: a {@link SparkThrowable}
 * whose condition is typed. Its message reads as Spark's: {@code [CONDITION] message SQLSTATE: s}.
 */
public interface DeltaXThrowable extends SparkThrowable {
  DeltaXErrorCondition condition();

  /** The whole message, as {@link Throwable#getMessage} gives it. */
  String getMessage();

  @Override
  default String getCondition() {
    return condition().name();
  }

  @Override
  default String getSqlState() {
    return condition().sqlState();
  }

  /** The rendered message alone, without the condition before it and the SQLSTATE after it. */
  default String plainMessage() {
    return DeltaXErrorCondition.render(getDefaultMessageTemplate(), getMessageParameters());
  }
}
