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
package io.deltax.read.skipping;

import static io.deltax.testing.TestLog.PROTOCOL;
import static io.deltax.testing.TestLog.commit;
import static io.deltax.testing.TestLog.remove;
import static io.deltax.testing.TestLog.schema;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import io.deltax.actions.AddFile;
import io.deltax.log.Snapshot;
import io.deltax.partitions.PartitionValues;
import io.deltax.snapshots.SnapshotCache;
import io.deltax.snapshots.SnapshotSource;
import io.deltax.testing.TestLog;
import java.io.IOException;
import java.nio.file.Path;
import java.sql.Date;
import java.time.Duration;
import java.time.ZoneId;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.apache.hadoop.conf.Configuration;
import org.apache.spark.sql.sources.And;
import org.apache.spark.sql.sources.EqualTo;
import org.apache.spark.sql.sources.Filter;
import org.apache.spark.sql.sources.GreaterThan;
import org.apache.spark.sql.sources.In;
import org.apache.spark.sql.sources.IsNotNull;
import org.apache.spark.sql.sources.IsNull;
import org.apache.spark.sql.sources.Or;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A cached snapshot's statistics are parsed once, not once per query (issue 14, "Stats"). */
class SnapshotColumnBoundsTest {
  @TempDir Path dir;

  private static final String SCHEMA = schema("v", "w");

  /** File {@code name} holds v in [from, from + 9] and w = -v. */
  private static String add(String name, long from) {
    return "{\"add\":{\"path\":\""
        + name
        + ".parquet\",\"partitionValues\":{},\"size\":1,"
        + "\"modificationTime\":1,\"dataChange\":true,\"stats\":\"{\\\"numRecords\\\":10,"
        + "\\\"minValues\\\":{\\\"v\\\":"
        + from
        + ",\\\"w\\\":"
        + -(from + 9)
        + "},"
        + "\\\"maxValues\\\":{\\\"v\\\":"
        + (from + 9)
        + ",\\\"w\\\":"
        + -from
        + "},"
        + "\\\"nullCount\\\":{\\\"v\\\":0,\\\"w\\\":0}}\"}}";
  }

  /**
   * The files a query with {@code filter} keeps, as the scan builder plans it on {@code snapshot}.
   */
  private static Set<String> kept(Snapshot snapshot, Filter filter) {
    DataSkipping skipping =
        new DataSkipping(
            snapshot.schema(),
            Set.of(),
            List.of(filter),
            new PartitionValues(ZoneId.of("UTC")),
            null,
            () -> null,
            SnapshotColumnBounds.of(snapshot));
    Set<String> kept = new TreeSet<>();
    for (AddFile file : snapshot.activeFiles()) {
      if (skipping.mightMatch(file)) {
        kept.add(file.path());
      }
    }
    return kept;
  }

  /** The files a scan of the snapshot's own file list keeps ({@link DataSkipping#select}). */
  private static Set<String> selected(Snapshot snapshot, Filter filter) {
    DataSkipping skipping =
        new DataSkipping(
            snapshot.schema(),
            Set.of(),
            List.of(filter),
            new PartitionValues(ZoneId.of("UTC")),
            null,
            () -> null,
            SnapshotColumnBounds.of(snapshot));
    Set<String> kept = new TreeSet<>();
    skipping.select(snapshot.activeFiles(), true).forEach(f -> kept.add(f.path()));
    return kept;
  }

  /** The same files judged one by one with nothing kept from earlier scans. */
  private static Set<String> afresh(Snapshot snapshot, Filter filter) {
    DataSkipping skipping =
        new DataSkipping(
            snapshot.schema(), Set.of(), List.of(filter), new PartitionValues(ZoneId.of("UTC")));
    Set<String> kept = new TreeSet<>();
    skipping.select(snapshot.activeFiles(), false).forEach(f -> kept.add(f.path()));
    return kept;
  }

  /**
   * A scan of the snapshot's file list keeps each file's bounds by its position: the next scan
   * parses nothing and keeps what a scan without kept statistics keeps, a file without statistics
   * included.
   */
  @Test
  void boundsKeptByPositionAnswerAsAFreshScan() throws IOException {
    commit(
        dir,
        0,
        PROTOCOL,
        metadata(""),
        add("a", 1),
        add("b", 11),
        add("c", 21),
        "{\"add\":{\"path\":\"nostats.parquet\",\"partitionValues\":{},\"size\":1,"
            + "\"modificationTime\":1,\"dataChange\":true}}");
    SnapshotCache cache = new SnapshotCache(System::nanoTime);
    Snapshot snapshot = latest(cache, new Configuration());
    List<Filter> queries =
        List.of(
            new EqualTo("v", 15L),
            new GreaterThan("v", 12L),
            new EqualTo("w", -25L),
            new And(new EqualTo("v", 3L), new EqualTo("w", -3L)),
            new Or(new EqualTo("v", 100L), new EqualTo("w", -12L)));
    for (Filter query : queries) {
      assertEquals(afresh(snapshot, query), selected(snapshot, query), query.toString());
    }
    long parses = SnapshotColumnBounds.of(snapshot).parses();
    assertEquals(6, parses, "each file with statistics once for v, once more for w");
    for (Filter query : queries) {
      assertEquals(afresh(snapshot, query), selected(snapshot, query), query.toString());
    }
    assertEquals(
        parses, SnapshotColumnBounds.of(snapshot).parses(), "the second round parsed again");
    assertEquals(Set.of("b.parquet", "nostats.parquet"), selected(snapshot, new EqualTo("v", 15L)));
  }

  @Test
  void aSecondQueryOnACachedSnapshotParsesNoStatistics() throws IOException {
    commit(dir, 0, PROTOCOL, metadata(""), add("a", 1), add("b", 11), add("c", 21));
    SnapshotCache cache = new SnapshotCache(System::nanoTime);
    Configuration conf = new Configuration();
    Snapshot first = latest(cache, conf);
    assertEquals(Set.of("b.parquet"), kept(first, new EqualTo("v", 15L)));
    assertEquals(3, SnapshotColumnBounds.of(first).parses());

    Snapshot second = latest(cache, conf);
    assertSame(first, second, "the unchanged table is served from the cache");
    assertEquals(
        Set.of("a.parquet", "b.parquet"),
        kept(
            second,
            new And(
                new GreaterThan("v", 5L), new Or(new EqualTo("v", 12L), new EqualTo("v", 6L)))));
    assertEquals(3, SnapshotColumnBounds.of(second).parses(), "the second query parsed again");

    // A column no query named before: each file once more, for v and w; then neither again.
    assertEquals(Set.of("c.parquet"), kept(second, new EqualTo("w", -25L)));
    assertEquals(6, SnapshotColumnBounds.of(second).parses());
    assertEquals(
        Set.of("a.parquet"), kept(second, new And(new EqualTo("v", 3L), new EqualTo("w", -3L))));
    assertEquals(6, SnapshotColumnBounds.of(second).parses());

    // A new commit: a new snapshot, whose files are parsed for it, with the new file's statistics.
    commit(dir, 1, add("d", 31), remove("b"));
    Snapshot third = latest(cache, conf);
    assertNotSame(second, third);
    assertEquals(Set.of("d.parquet"), kept(third, new GreaterThan("v", 30L)));
    assertEquals(3, SnapshotColumnBounds.of(third).parses());
  }

  private static String metadata(String configuration) {
    return TestLog.metadata("t", SCHEMA, "{" + configuration + "}");
  }

  /**
   * A snapshot advanced by a commit takes over the bounds kept for the files the commit left alone
   * (issue 14, "parse each file's stats once per snapshot"): the next query parses the new file
   * only, and keeps what a scan without kept statistics keeps. Past new metadata, nothing is taken
   * over.
   */
  @Test
  void aSnapshotAdvancedByACommitParsesOnlyItsNewFiles() throws IOException {
    commit(dir, 0, PROTOCOL, metadata(""), add("a", 1), add("b", 11), add("c", 21));
    SnapshotCache cache = new SnapshotCache(System::nanoTime);
    Configuration conf = new Configuration();
    Snapshot first = latest(cache, conf);
    assertEquals(Set.of("b.parquet"), selected(first, new EqualTo("v", 15L)));
    assertEquals(3, SnapshotColumnBounds.of(first).parses());

    commit(dir, 1, add("d", 31), remove("b"));
    Snapshot second = latest(cache, conf);
    assertNotSame(first, second);
    List<Filter> onV =
        List.of(
            new EqualTo("v", 15L),
            new GreaterThan("v", 12L),
            new EqualTo("v", 33L),
            new Or(new EqualTo("v", 3L), new EqualTo("v", 25L)));
    for (Filter query : onV) {
      assertEquals(afresh(second, query), selected(second, query), query.toString());
    }
    assertEquals(
        1, SnapshotColumnBounds.of(second).parses(), "only d, the commit's new file, is parsed");
    assertEquals(Set.of("d.parquet"), selected(second, new GreaterThan("v", 30L)));
    // A column the older snapshot's queries never named: every file once, for it.
    assertEquals(afresh(second, new EqualTo("w", -25L)), selected(second, new EqualTo("w", -25L)));
    assertEquals(4, SnapshotColumnBounds.of(second).parses());

    // New metadata (a table property): the bounds assumed the old one, so every file is parsed.
    commit(dir, 2, metadata("\"k\":\"v\""), add("e", 41));
    Snapshot third = latest(cache, conf);
    for (Filter query : onV) {
      assertEquals(afresh(third, query), selected(third, query), query.toString());
    }
    assertEquals(4, SnapshotColumnBounds.of(third).parses(), "a, c, d and e");
  }

  /**
   * A scan of a partitioned snapshot judges each partition once, by the list's index, and keeps
   * what a file-by-file scan keeps, again on the next query from the partitions' kept bounds; a
   * scan whose filters keep every file answers with the snapshot's own list, no file built.
   */
  @Test
  void partitionsAreJudgedOnceAndAScanKeepingEveryFileIsTheListItself() throws IOException {
    commit(
        dir,
        0,
        PROTOCOL,
        TestLog.metadata("t", schema("v", "p:date"), "{}")
            .replace("\"partitionColumns\":[]", "\"partitionColumns\":[\"p\"]"),
        inPartition("a", "2024-01-01"),
        inPartition("b", "2024-01-02"),
        inPartition("c", "2024-01-01"),
        inPartition("d", null),
        inPartition("e", "2024-01-03"));
    Snapshot snapshot = latest(cache(), new Configuration());
    Date jan2 = Date.valueOf("2024-01-02");
    List<Filter> queries =
        List.of(
            new EqualTo("p", Date.valueOf("2024-01-01")),
            new GreaterThan("p", Date.valueOf("2024-01-01")),
            new In("p", new Object[] {jan2, Date.valueOf("2024-01-03")}),
            new IsNull("p"),
            new Or(new EqualTo("p", jan2), new GreaterThan("v", 100L)),
            new And(new IsNotNull("p"), new EqualTo("p", jan2)));
    for (int round = 0; round < 2; round++) {
      for (Filter query : queries) {
        DataSkipping fresh =
            new DataSkipping(
                snapshot.schema(), Set.of("p"), List.of(query), new PartitionValues(UTC));
        assertEquals(
            paths(fresh.select(snapshot.activeFiles(), false)),
            paths(partitioned(snapshot, query).select(snapshot.activeFiles(), true)),
            query.toString());
      }
    }
    assertEquals(
        Set.of("a.parquet", "c.parquet"),
        paths(
            partitioned(snapshot, new EqualTo("p", Date.valueOf("2024-01-01")))
                .select(snapshot.activeFiles(), true)));
    assertSame(
        snapshot.activeFiles(),
        partitioned(snapshot, new GreaterThan("v", -1L)).select(snapshot.activeFiles(), true));
  }

  private static final ZoneId UTC = ZoneId.of("UTC");

  private static DataSkipping partitioned(Snapshot snapshot, Filter filter) {
    return new DataSkipping(
        snapshot.schema(),
        Set.of("p"),
        List.of(filter),
        new PartitionValues(UTC),
        null,
        () -> null,
        SnapshotColumnBounds.of(snapshot));
  }

  private static Set<String> paths(List<AddFile> files) {
    Set<String> paths = new TreeSet<>();
    files.forEach(f -> paths.add(f.path()));
    return paths;
  }

  /** File {@code name} in partition {@code date} (null: the null partition), v in [0, 9]. */
  private static String inPartition(String name, String date) {
    return add(name, 0)
        .replace(
            "\"partitionValues\":{}",
            "\"partitionValues\":{\"p\":" + (date == null ? "null" : "\"" + date + "\"") + "}");
  }

  private static SnapshotCache cache() {
    return new SnapshotCache(System::nanoTime);
  }

  private Snapshot latest(SnapshotCache cache, Configuration conf) {
    return SnapshotSource.cachedIn(cache, dir.toString(), conf, Duration.ZERO, 1_000)
        .latest()
        .snapshot();
  }
}
