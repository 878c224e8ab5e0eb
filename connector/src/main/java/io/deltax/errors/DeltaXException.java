package io.deltax.errors;

import java.util.Map;
import org.apache.spark.SparkThrowable;

/**
 * A user-facing deltax error, in the style of Spark's own: a {@link SparkThrowable} whose
 * condition ({@code DELTAX_TABLE_NOT_FOUND}, …) leads its message in brackets, with an SQLSTATE,
 * so notebooks and JDBC clients show it as they show Spark's errors. The message names the table,
 * version or feature involved and what the user can do.
 */
public class DeltaXException extends RuntimeException implements SparkThrowable {
  private final String errorClass;

  public DeltaXException(String errorClass, String message) {
    this(errorClass, message, null);
  }

  public DeltaXException(String errorClass, String message, Throwable cause) {
    super("[" + errorClass + "] " + message, cause);
    this.errorClass = errorClass;
  }

  /** The error class, e.g. {@code DELTAX_TABLE_NOT_FOUND}. */
  public String errorClass() {
    return errorClass;
  }

  @Override
  public String getCondition() {
    return errorClass;
  }

  /** SQLSTATEs of the same meaning as Spark's errors of the same kind. */
  @Override
  public String getSqlState() {
    if (errorClass.endsWith("NOT_FOUND") || errorClass.endsWith("NOT_A_DELTA_TABLE")) {
      return "42P01";
    }
    if (errorClass.startsWith("DELTAX_UNSUPPORTED")) {
      return "0AKDC";
    }
    if (errorClass.startsWith("DELTAX_INVALID") || errorClass.endsWith("NOT_AVAILABLE")
        || errorClass.equals("DELTAX_MISSING_PATH")) {
      return "22023";
    }
    if (errorClass.startsWith("DELTAX_CORRUPT") || errorClass.equals("DELTAX_LOG_INCOMPLETE")) {
      return "XX001";
    }
    return "KD000";
  }

  @Override
  public Map<String, String> getMessageParameters() {
    return Map.of();
  }

  /** deltax's messages are written out, not templates registered with Spark. */
  @Override
  public String getDefaultMessageTemplate() {
    return getMessage();
  }
}
