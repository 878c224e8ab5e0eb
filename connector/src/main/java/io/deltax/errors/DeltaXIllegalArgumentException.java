package io.deltax.errors;

import java.util.Map;

/**
 * A bad read option, procedure argument or {@code spark.deltax.*} setting. Spark's
 * {@code SparkIllegalArgumentException} builds its message from Spark's own table of conditions
 * only, so this extends {@link IllegalArgumentException} directly.
 */
public class DeltaXIllegalArgumentException extends IllegalArgumentException
    implements DeltaXThrowable {
  private final DeltaXErrorCondition condition;
  private final String template;
  private final Map<String, String> parameters;

  DeltaXIllegalArgumentException(DeltaXErrorCondition condition, String template,
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
