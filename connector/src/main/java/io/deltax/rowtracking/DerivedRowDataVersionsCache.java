package io.deltax.rowtracking;

import io.deltax.caching.BoundedLru;
import java.util.Optional;

/**
 * The process-wide cache of row data version maps derived from tables' logs, so that a log is read
 * once, not once per query, and a newer version only needs its new commits' first lines looked
 * at. Bounded: the {@value #CACHED_TABLES} tables used most recently. Keyed by the table's root,
 * its id (a table recreated at the same path is another table) and its oldest commit (a log that
 * clean-up has since cut tells less). Stored maps are read from the snapshot and never cached.
 */
final class DerivedRowDataVersionsCache {
  static final int CACHED_TABLES = 16;

  /** A map derived from the commits up to {@code version}. */
  record DerivedAt(long version, RowDataVersions versions) {}

  private static final BoundedLru<String, DerivedAt> DERIVED =
      BoundedLru.ofEntries(CACHED_TABLES);

  private DerivedRowDataVersionsCache() {}

  static Optional<DerivedAt> get(String key) {
    return Optional.ofNullable(DERIVED.get(key));
  }

  static void put(String key, DerivedAt derived) {
    DERIVED.put(key, derived);
  }
}
