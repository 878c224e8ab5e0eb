package io.deltax.errors;

import java.util.Map;

/**
 * A deltax failure while a query runs: a damaged log or data file, an I/O error, a stream that
 * cannot go on. Spark's {@code SparkRuntimeException} builds its message from Spark's own table of
 * conditions only, so this extends {@link RuntimeException} directly.
 */
public class DeltaXRuntimeException extends RuntimeException implements DeltaXThrowable {
  private final DeltaXErrorCondition condition;
  private final String template;
  private final Map<String, String> parameters;

  DeltaXRuntimeException(DeltaXErrorCondition condition, String template,
      Map<String, String> parameters, String message, Throwable cause) {
    super(message, cause);
    this.condition = condition;
    this.template = template;
    this.parameters = parameters;
  }

  @Override
  public DeltaXErrorCondition condition() {
    return condition;
  }

  @Override
  public String getDefaultMessageTemplate() {
    return template;
  }

  @Override
  public Map<String, String> getMessageParameters() {
    return parameters;
  }
}
