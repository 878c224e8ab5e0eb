package io.deltax.changes.derive;

/** The values of {@code _change_type}, as delta-spark's change data feed writes them. */
public enum ChangeType {
  INSERT("insert"),
  UPDATE_PREIMAGE("update_preimage"),
  UPDATE_POSTIMAGE("update_postimage"),
  DELETE("delete");

  private final String label;

  ChangeType(String label) {
    this.label = label;
  }

  /** The value of {@code _change_type}. */
  public String label() {
    return label;
  }

  /** The change a {@code _change_type} value names, or null for none of the four. */
  public static ChangeType ofLabel(String label) {
    for (ChangeType t : values()) {
      if (t.label.equals(label)) {
        return t;
      }
    }
    return null;
  }
}
