package io.deltax.rowtracking;

import java.util.LinkedHashMap;
import java.util.Map;
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

  private static final Map<String, DerivedAt> DERIVED = new LinkedHashMap<>(16, 0.75f, true) {
    @Override
    protected boolean removeEldestEntry(Map.Entry<String, DerivedAt> eldest) {
      return size() > CACHED_TABLES;
    }
  };

  private DerivedRowDataVersionsCache() {}

  static Optional<DerivedAt> get(String key) {
    synchronized (DERIVED) {
      return Optional.ofNullable(DERIVED.get(key));
    }
  }

  static void put(String key, DerivedAt derived) {
    synchronized (DERIVED) {
      DERIVED.put(key, derived);
    }
  }
}
