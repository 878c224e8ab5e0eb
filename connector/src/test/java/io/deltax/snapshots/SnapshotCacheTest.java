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
package io.deltax.snapshots;

import static io.deltax.errors.DeltaXErrorCondition.DELTAX_NOT_A_DELTA_TABLE;
import static io.deltax.errors.DeltaXErrorCondition.DELTAX_UNSUPPORTED_READER_FEATURE;
import static io.deltax.errors.DeltaXErrorCondition.DELTAX_VERSION_NOT_AVAILABLE;
import static io.deltax.testing.TestLog.PROTOCOL;
import static io.deltax.testing.TestLog.add;
import static io.deltax.testing.TestLog.commit;
import static io.deltax.testing.TestLog.metadata;
import static io.deltax.testing.TestLog.remove;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.deltax.actions.AddFile;
import io.deltax.conf.TimeTravel;
import io.deltax.errors.DeltaXAnalysisException;
import io.deltax.log.CheckpointWriter;
import io.deltax.log.LogFileName;
import io.deltax.log.Snapshot;
import io.deltax.log.TransactionLog;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The snapshot cache against the snapshot loaded afresh from the log: the same answer after every
 * change to the log, and loaded incrementally only where that is sound.
 */
class SnapshotCacheTest {
  private static final long NO_BOUND = Long.MAX_VALUE;

  @TempDir Path dir;

  private final AtomicLong clock = new AtomicLong(1_000_000_000L);

  /** The clock moves on by a nanosecond at each reading: loads are never simultaneous. */
  private final SnapshotCache cache = new SnapshotCache(clock::incrementAndGet);

  private final Configuration conf = LogReadsFileSystem.conf();

  @BeforeEach
  void twoCommits() throws IOException {
    commit(dir, 0, PROTOCOL, metadata("first"), add("a"), add("b"));
    commit(dir, 1, add("c"), remove("a"));
    LogReadsFileSystem.reset();
  }

  private SnapshotSource source(String path, Duration staleness, long bound) {
    return SnapshotSource.cachedIn(cache, path, conf, staleness, bound);
  }

  private SnapshotSource source() {
    return source(path(), Duration.ZERO, NO_BOUND);
  }

  private String path() {
    return LogReadsFileSystem.path(dir);
  }

  private Snapshot latest() {
    return source(path(), Duration.ZERO, NO_BOUND).latest().snapshot();
  }

  private Snapshot fresh() {
    return TransactionLog.open(path(), conf).latestSnapshot();
  }

  private static Set<String> files(Snapshot snapshot) {
    return snapshot.activeFiles().stream().map(AddFile::path).collect(Collectors.toSet());
  }

  private static void assertSameTable(Snapshot expected, Snapshot actual) {
    assertEquals(expected.version(), actual.version());
    assertEquals(expected.metadata(), actual.metadata());
    assertEquals(expected.protocol(), actual.protocol());
    assertEquals(expected.timestamp(), actual.timestamp());
    assertEquals(Set.copyOf(expected.activeFiles()), Set.copyOf(actual.activeFiles()));
    assertEquals(expected.transactions(), actual.transactions());
    assertEquals(expected.domains(), actual.domains());
  }

  @Test
  void aNewCommitIsReadAloneAndAppliedToTheCachedState() throws IOException {
    latest().activeFiles();
    commit(dir, 2, add("d"), remove("b"), "{\"txn\":{\"appId\":\"app\",\"version\":7}}");
    LogReadsFileSystem.reset();

    Snapshot cached = latest();

    assertEquals(List.of(LogFileName.commitName(2)), LogReadsFileSystem.opened());
    assertEquals(1, LogReadsFileSystem.listings());
    assertEquals(1, cache.stats().incrementalLoads());
    assertSameTable(fresh(), cached);
    assertEquals(Set.of("c.parquet", "d.parquet"), files(cached));
  }

  @Test
  void aLoadReportsTheLogFilesItOpened() throws IOException {
    SnapshotLoad cold = source().latest().load();
    assertEquals(LogReadsFileSystem.opened().size(), cold.logFilesRead());
    assertEquals(2, cold.logFilesRead());
    assertTrue(cold.nanos() > 0);

    commit(dir, 2, add("d"));
    LogReadsFileSystem.reset();
    SnapshotLoad advanced = source().latest().load();
    assertEquals(List.of(LogFileName.commitName(2)), LogReadsFileSystem.opened());
    assertEquals(1, advanced.logFilesRead());

    assertEquals(0, source().latest().load().logFilesRead());
    assertEquals(
        0,
        source(path(), Duration.ofHours(1), NO_BOUND).latest().load().logFilesRead(),
        "served without listing");
  }

  @Test
  void anUnchangedTableIsListedAndNothingIsRead() {
    Snapshot first = latest();
    LogReadsFileSystem.reset();

    assertSame(first, latest());
    assertEquals(List.of(), LogReadsFileSystem.opened());
    assertEquals(1, LogReadsFileSystem.listings());
    assertEquals(1, cache.stats().unchanged());
  }

  @Test
  void aNewCheckpointIsNotReadWhileTheCommitsSinceTheCachedVersionAreThere() throws IOException {
    latest().activeFiles();
    commit(dir, 2, add("d"));
    commit(dir, 3, remove("c"));
    new CheckpointWriter(conf).write(TransactionLog.open(path(), conf).snapshotAt(3));
    LogReadsFileSystem.reset();

    Snapshot cached = latest();

    // The new checkpoint's files are listed but not opened (nor _last_checkpoint): only the
    // commits.
    assertEquals(
        Set.of(LogFileName.commitName(2), LogFileName.commitName(3)),
        Set.copyOf(LogReadsFileSystem.opened()));
    assertSameTable(fresh(), cached);
  }

  @Test
  void aTableDeletedAndRecreatedAtTheSamePathIsLoadedInFull() throws IOException {
    latest().activeFiles();
    deleteRecursively(dir.resolve(LogFileName.LOG_DIR));
    commit(dir, 0, PROTOCOL, metadata("second"), add("x"));
    commit(dir, 1, add("y"));
    commit(dir, 2, add("z"));

    Snapshot cached = latest();

    assertEquals("second", cached.metadata().id());
    assertEquals(Set.of("x.parquet", "y.parquet", "z.parquet"), files(cached));
    assertEquals(2, cache.stats().fullLoads());
    assertSameTable(fresh(), cached);
  }

  @Test
  void aCommitThatGivesTheTableAnotherIdIsLoadedInFull() throws IOException {
    latest().activeFiles();
    commit(dir, 2, metadata("replaced"), remove("b"), remove("c"), add("r"));

    Snapshot cached = latest();

    assertEquals("replaced", cached.metadata().id());
    assertEquals(2, cache.stats().fullLoads());
    assertSameTable(fresh(), cached);
  }

  @Test
  void aLogCleanedUpPastTheCachedVersionIsLoadedInFull() throws IOException {
    latest().activeFiles();
    commit(dir, 2, add("d"));
    commit(dir, 3, remove("b"));
    new CheckpointWriter(conf).write(TransactionLog.open(path(), conf).snapshotAt(3));
    commit(dir, 4, add("e"));
    for (long v = 0; v <= 3; v++) {
      Files.delete(dir.resolve(LogFileName.LOG_DIR).resolve(LogFileName.commitName(v)));
    }

    Snapshot cached = latest();

    assertEquals(2, cache.stats().fullLoads());
    assertSameTable(fresh(), cached);
  }

  @Test
  void aMissingCommitAfterTheCachedVersionMeansAFullLoadFromTheCheckpoint() throws IOException {
    latest().activeFiles();
    commit(dir, 2, add("d"));
    commit(dir, 3, remove("b"));
    new CheckpointWriter(conf).write(TransactionLog.open(path(), conf).snapshotAt(3));
    commit(dir, 4, add("e"));
    Files.delete(dir.resolve(LogFileName.LOG_DIR).resolve(LogFileName.commitName(2)));

    Snapshot cached = latest();

    assertEquals(2, cache.stats().fullLoads());
    assertEquals(4, cached.version());
    assertSameTable(fresh(), cached);
  }

  @Test
  void aReaderFeatureDeltaxCannotReadInANewCommitIsAnError() throws IOException {
    latest();
    commit(
        dir,
        2,
        "{\"protocol\":{\"minReaderVersion\":3,\"minWriterVersion\":7,"
            + "\"readerFeatures\":[\"madeUp\"],\"writerFeatures\":[\"madeUp\"]}}");

    DeltaXAnalysisException e = assertThrows(DeltaXAnalysisException.class, this::latest);

    assertEquals(DELTAX_UNSUPPORTED_READER_FEATURE, e.condition());
    assertTrue(e.getMessage().contains("madeUp"), e.getMessage());
    assertEquals(List.of(), cache.tables(), "a failed load forgets the table");
  }

  @Test
  void timeTravelToAReadableVersionWorksWhenTheLatestIsUnreadable() throws IOException {
    latest();
    commit(
        dir,
        2,
        "{\"protocol\":{\"minReaderVersion\":3,\"minWriterVersion\":7,"
            + "\"readerFeatures\":[\"madeUp\"],\"writerFeatures\":[\"madeUp\"]}}");

    Snapshot v1 = source().load(TimeTravel.toVersion(1)).snapshot();

    assertSameTable(TransactionLog.open(path(), conf).snapshotAt(1), v1);
    assertThrows(DeltaXAnalysisException.class, this::latest);
  }

  /**
   * As time travel by version: the commit current at a time can be read where the latest cannot.
   */
  @Test
  void timeTravelByTimestampWorksWhenTheLatestIsUnreadable() throws IOException {
    latest();
    commit(
        dir,
        2,
        "{\"protocol\":{\"minReaderVersion\":3,\"minWriterVersion\":7,"
            + "\"readerFeatures\":[\"madeUp\"],\"writerFeatures\":[\"madeUp\"]}}");
    Path log = dir.resolve(LogFileName.LOG_DIR);
    for (long v = 0; v <= 2; v++) {
      assertTrue(
          log.resolve(LogFileName.commitName(v)).toFile().setLastModified(1_000_000L * (v + 1)));
    }
    long atVersion1 = 2_000_000L + 500;

    Snapshot cached = source().load(TimeTravel.toTimestamp(atVersion1, "v1")).snapshot();
    Snapshot uncached = TransactionLog.open(path(), conf).snapshotAsOf(atVersion1, "v1");

    assertEquals(1, cached.version());
    assertSameTable(TransactionLog.open(path(), conf).snapshotAt(1), cached);
    assertSameTable(cached, uncached);
    DeltaXAnalysisException latestTime =
        assertThrows(
            DeltaXAnalysisException.class,
            () -> TransactionLog.open(path(), conf).snapshotAsOf(3_000_000L, "v2"));
    assertEquals(DELTAX_UNSUPPORTED_READER_FEATURE, latestTime.condition());
  }

  /**
   * A log rolled back (versions 2 and 3 deleted, as a restore from a backup does) and written on
   * again: a kept version 2 is from the lost history, and is not served.
   */
  @Test
  void aVersionKeptFromHistoryTheLogLostIsNotServed() throws IOException {
    commit(dir, 2, add("d"));
    commit(dir, 3, remove("b"));
    latest();
    assertEquals(
        Set.of("b.parquet", "c.parquet", "d.parquet"),
        files(source().load(TimeTravel.toVersion(2)).snapshot()));
    Path log = dir.resolve(LogFileName.LOG_DIR);
    Files.delete(log.resolve(LogFileName.commitName(3)));
    Files.delete(log.resolve(LogFileName.commitName(2)));

    assertEquals(1, latest().version());
    assertThrows(DeltaXAnalysisException.class, () -> source().load(TimeTravel.toVersion(2)));
    commit(dir, 2, add("other"));
    commit(dir, 3, add("more"));

    Snapshot v2 = source().load(TimeTravel.toVersion(2)).snapshot();
    assertEquals(Set.of("b.parquet", "c.parquet", "other.parquet"), files(v2));
    assertSameTable(TransactionLog.open(path(), conf).snapshotAt(2), v2);
  }

  @Test
  void withinTheStalenessBoundTheLogIsNotListed() throws IOException {
    Duration staleness = Duration.ofSeconds(10);
    Snapshot first = source(path(), staleness, NO_BOUND).latest().snapshot();
    commit(dir, 2, add("d"));
    LogReadsFileSystem.reset();

    clock.addAndGet(Duration.ofSeconds(9).toNanos());
    assertSame(first, source(path(), staleness, NO_BOUND).latest().snapshot());
    assertEquals(0, LogReadsFileSystem.listings());
    // Without staleness the same cache lists and sees the commit.
    assertEquals(2, source(path(), Duration.ZERO, NO_BOUND).latest().snapshot().version());

    commit(dir, 3, add("e"));
    clock.addAndGet(Duration.ofSeconds(11).toNanos());
    assertEquals(3, source(path(), staleness, NO_BOUND).latest().snapshot().version());
  }

  @Test
  void theLeastRecentlyUsedTableIsEvictedPastTheFileBound() throws IOException {
    Path other = Files.createDirectories(dir.resolve("other"));
    commit(other, 0, PROTOCOL, metadata("other"), add("p"), add("q"));
    String otherPath = LogReadsFileSystem.path(other);
    String root = TransactionLog.qualifiedRoot(path(), conf).toString();
    String otherRoot = TransactionLog.qualifiedRoot(otherPath, conf).toString();
    long bound = 3;

    source(path(), Duration.ZERO, bound).latest().snapshot().activeFiles(); // 2 files
    source(otherPath, Duration.ZERO, bound).latest().snapshot().activeFiles(); // 2 more
    assertEquals(List.of(root, otherRoot), cache.tables()); // loaded after the check: 4 held
    source(path(), Duration.ZERO, bound).latest();

    assertEquals(List.of(root), cache.tables());
    assertEquals(2, cache.loadedFiles());
  }

  @Test
  void timeTravelKeepsOlderVersionsBesideTheLatest() throws IOException {
    Snapshot latest = latest();
    Snapshot v0 = source().load(TimeTravel.toVersion(0)).snapshot();
    assertSameTable(TransactionLog.open(path(), conf).snapshotAt(0), v0);
    LogReadsFileSystem.reset();

    assertSame(v0, source().load(TimeTravel.toVersion(0)).snapshot());
    assertSame(latest, latest());
    assertEquals(List.of(), LogReadsFileSystem.opened());
    assertSame(latest, source().load(TimeTravel.toVersion(1)).snapshot());
  }

  @Test
  void timeTravelToAVersionCleanedUpIsRefusedThoughItWasKept() throws IOException {
    source().load(TimeTravel.toVersion(0));
    commit(dir, 2, add("d"));
    new CheckpointWriter(conf).write(TransactionLog.open(path(), conf).snapshotAt(2));
    Files.delete(dir.resolve(LogFileName.LOG_DIR).resolve(LogFileName.commitName(0)));

    DeltaXAnalysisException e =
        assertThrows(DeltaXAnalysisException.class, () -> source().load(TimeTravel.toVersion(0)));
    assertEquals(DELTAX_VERSION_NOT_AVAILABLE, e.condition());
  }

  @Test
  void aTableThatIsGoneIsForgotten() throws IOException {
    latest();
    deleteRecursively(dir.resolve(LogFileName.LOG_DIR));

    DeltaXAnalysisException e = assertThrows(DeltaXAnalysisException.class, this::latest);
    assertEquals(DELTAX_NOT_A_DELTA_TABLE, e.condition());
    assertEquals(List.of(), cache.tables());
  }

  private static void deleteRecursively(Path path) throws IOException {
    try (Stream<Path> all = Files.walk(path)) {
      for (Path p : all.sorted(java.util.Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    }
  }
}
