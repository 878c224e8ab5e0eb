package io.deltax.actions;

/** An action without a field PROTOCOL.md requires of it, such as an {@code add} without a path. */
public final class MissingActionFieldException extends IllegalArgumentException {
  public MissingActionFieldException(String action, String field) {
    super("the " + action + " action has no " + field + ", which every " + action + " action must have");
  }
}
