package io.deltax.read.skipping;

import io.deltax.actions.AddFile;
import io.deltax.log.Snapshot;
import java.util.HashSet;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The statistics of a snapshot's files as scans parsed them, kept with the snapshot
 * ({@link Snapshot#derived}): a cached snapshot's files are parsed once, not once per query. Each
 * file keeps only the columns some query's filters named; a query naming another column parses
 * that file again for the union, once.
 */
public final class ParsedStats {
  /** By the file's path as the log gives it; checked against the file's own {@code stats}. */
  private final Map<String, Entry> byPath = new ConcurrentHashMap<>();
  private final AtomicLong parses = new AtomicLong();

  /** @param columns the physical names asked for (a set shared by the entries of one query) */
  private record Entry(String json, Set<String> columns, FileStats stats) {}

  /** The parsed statistics kept with {@code snapshot}. */
  public static ParsedStats of(Snapshot snapshot) {
    return snapshot.derived(ParsedStats.class, ParsedStats::new);
  }

  /** For a scan of files that belong to no snapshot (tests): parses once per file like a snapshot's. */
  public ParsedStats() {}

  /** The statistics of {@code file} with at least {@code columns} parsed. */
  FileStats of(AddFile file, Set<String> columns) {
    String json = file.stats();
    if (json == null) {
      return FileStats.NONE;
    }
    Entry kept = byPath.get(file.path());
    // Another file under the same path (re-added, a deletion vector since) brings its own stats.
    boolean same = kept != null && Objects.equals(kept.json(), json);
    if (same && kept.columns().containsAll(columns)) {
      return kept.stats();
    }
    Set<String> wanted = columns;
    if (same) {
      wanted = new HashSet<>(kept.columns());
      wanted.addAll(columns);
      wanted = Set.copyOf(wanted);
    }
    FileStats parsed = FileStats.parse(json, wanted);
    parses.incrementAndGet();
    byPath.put(file.path(), new Entry(json, wanted, parsed));
    return parsed;
  }

  /** How many times a file's statistics were parsed: what a second query must not add to. */
  public long parses() {
    return parses.get();
  }
}
