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
