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
package io.deltax.rowtracking;

import io.deltax.caching.BoundedLru;
import java.util.Optional;

/**
 * The process-wide cache of row data version maps derived from tables' logs, so that a log is read
 * once, not once per query, and a newer version only needs its new commits' first lines looked at.
 * Bounded: the {@value #CACHED_TABLES} tables used most recently. Keyed by the table's root, its id
 * (a table recreated at the same path is another table) and its oldest commit (a log that clean-up
 * has since cut tells less). Stored maps are read from the snapshot and never cached.
 */
final class DerivedRowDataVersionsCache {
  static final int CACHED_TABLES = 16;

  /** A map derived from the commits up to {@code version}. */
  record DerivedAt(long version, RowDataVersions versions) {}

  private static final BoundedLru<String, DerivedAt> DERIVED = BoundedLru.ofEntries(CACHED_TABLES);

  private DerivedRowDataVersionsCache() {}

  static Optional<DerivedAt> get(String key) {
    return Optional.ofNullable(DERIVED.get(key));
  }

  static void put(String key, DerivedAt derived) {
    DERIVED.put(key, derived);
  }
}
