package io.deltax.errors;

/**
 * A user-facing deltax error. The message starts with an error class in brackets, in the style of
 * Spark's own errors ({@code [DELTAX_TABLE_NOT_FOUND] ...}), and names the table, version or
 * feature involved together with what the user can do.
 */
public class DeltaXException extends RuntimeException {
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
}
