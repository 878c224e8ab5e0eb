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
package io.deltax.actions;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Every action deltax reads or writes, found by the key the log writes it under or by record. */
final class Actions {
  /** The permitted {@link Action}s, each by its own {@code SCHEMA}. */
  static final List<ActionSchema<? extends Action>> ALL =
      List.of(
          AddFile.SCHEMA,
          RemoveFile.SCHEMA,
          AddCDCFile.SCHEMA,
          Metadata.SCHEMA,
          Protocol.SCHEMA,
          SetTransaction.SCHEMA,
          DomainMetadata.SCHEMA,
          Sidecar.SCHEMA,
          CommitInfo.SCHEMA);

  private static final Map<String, ActionSchema<? extends Action>> BY_KEY = new HashMap<>();
  private static final Map<Class<?>, ActionSchema<? extends Action>> BY_TYPE = new HashMap<>();

  static {
    for (ActionSchema<? extends Action> schema : ALL) {
      BY_KEY.put(schema.name(), schema);
      BY_TYPE.put(schema.type(), schema);
    }
  }

  private Actions() {}

  /** The schema of the action written under {@code key}, or null for one deltax does not read. */
  static ActionSchema<? extends Action> forKey(String key) {
    return BY_KEY.get(key);
  }

  @SuppressWarnings("unchecked")
  static <A extends Action> ActionSchema<A> of(A action) {
    return (ActionSchema<A>) BY_TYPE.get(action.getClass());
  }
}
