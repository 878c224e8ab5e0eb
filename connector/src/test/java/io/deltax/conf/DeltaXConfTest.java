package io.deltax.conf;

import static io.deltax.errors.DeltaXErrorCondition.DELTAX_INVALID_ARGUMENT;
import static io.deltax.errors.DeltaXErrorCondition.DELTAX_INVALID_OPTION;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.deltax.errors.DeltaXIllegalArgumentException;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.function.ToIntFunction;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;

/** Options and session confs: defaults, validation that names the key, one Hadoop configuration. */
class DeltaXConfTest {
  private static DeltaXConf session(Map<String, String> sessionConf) {
    return DeltaXConf.of(new Configuration(false), sessionConf, ZoneOffset.UTC, Map.of());
  }

  private static DeltaXConf read(Map<String, String> options) {
    return DeltaXConf.of(new Configuration(false), Map.of(), ZoneId.of("Europe/Paris"), options);
  }

  @Test
  void sessionConfsHaveDefaults() {
    assertEquals(22_000, session(Map.of()).backfillMaxFilesPerCommit());
    assertEquals(10_000, session(Map.of()).rowDataVersionsMaxRuns());
    assertEquals(5000, session(Map.of(DeltaXConf.BACKFILL_MAX_FILES_PER_COMMIT, " 5000 ")).backfillMaxFilesPerCommit());
    assertEquals(2, session(Map.of(DeltaXConf.ROW_DATA_VERSIONS_MAX_RUNS, "2")).rowDataVersionsMaxRuns());
  }

  /** Read where the writers read it: in the one Hadoop configuration, which carries the session's confs. */
  @Test
  void singleWriterModeIsOffUnlessTheSessionTurnsItOn() {
    assertEquals(false, DeltaXConf.commitSingleWriter(session(Map.of()).hadoopConf()));
    assertEquals(true, DeltaXConf.commitSingleWriter(
        session(Map.of(DeltaXConf.COMMIT_SINGLE_WRITER, " TRUE ")).hadoopConf()));
    assertEquals(false, DeltaXConf.commitSingleWriter(
        session(Map.of(DeltaXConf.COMMIT_SINGLE_WRITER, "false")).hadoopConf()));
    DeltaXIllegalArgumentException e = assertThrows(DeltaXIllegalArgumentException.class,
        () -> DeltaXConf.commitSingleWriter(
        session(Map.of(DeltaXConf.COMMIT_SINGLE_WRITER, "1")).hadoopConf()));
    assertTrue(e.getMessage().contains(DeltaXConf.COMMIT_SINGLE_WRITER), e.getMessage());
  }

  @Test
  void aBadSessionConfIsNamedWithItsValueAndRange() {
    Map<String, ToIntFunction<DeltaXConf>> keys = Map.of(
        DeltaXConf.BACKFILL_MAX_FILES_PER_COMMIT, DeltaXConf::backfillMaxFilesPerCommit,
        DeltaXConf.ROW_DATA_VERSIONS_MAX_RUNS, DeltaXConf::rowDataVersionsMaxRuns);
    keys.forEach((key, read) -> {
      for (String bad : new String[] {"0", "-3", "zero", "2.5", "3000000000", ""}) {
        DeltaXConf conf = session(Map.of(key, bad));
        DeltaXIllegalArgumentException e = assertThrows(DeltaXIllegalArgumentException.class,
            () -> read.applyAsInt(conf), key + "=" + bad);
        assertEquals(DELTAX_INVALID_ARGUMENT, e.condition());
        assertTrue(e.getMessage().contains(key), e.getMessage());
        assertTrue(e.getMessage().contains(bad), e.getMessage());
        assertTrue(e.getMessage().contains("1 to 2147483647"), e.getMessage());
        assertTrue(!e.getMessage().contains("batch_size"), e.getMessage());
      }
    });
  }

  @Test
  void snapshotCacheKeys() {
    DeltaXConf defaults = session(Map.of());
    assertTrue(defaults.snapshotCacheEnabled());
    assertEquals(10_000_000L, defaults.snapshotCacheMaxFiles());
    assertEquals(java.time.Duration.ZERO, defaults.snapshotStaleness());
    DeltaXConf set = session(Map.of(DeltaXConf.SNAPSHOT_CACHE_ENABLED, "FALSE",
        DeltaXConf.SNAPSHOT_CACHE_MAX_FILES, "0", DeltaXConf.SNAPSHOT_STALENESS, "5min"));
    assertTrue(!set.snapshotCacheEnabled());
    assertEquals(0L, set.snapshotCacheMaxFiles());
    assertEquals(java.time.Duration.ofMinutes(5), set.snapshotStaleness());
    assertEquals(java.time.Duration.ofMillis(1500),
        session(Map.of(DeltaXConf.SNAPSHOT_STALENESS, "1500")).snapshotStaleness());
  }

  @Test
  void aBadSnapshotCacheKeyIsNamedWithItsValue() {
    Map<String, java.util.function.Consumer<DeltaXConf>> keys = Map.of(
        DeltaXConf.SNAPSHOT_CACHE_ENABLED, DeltaXConf::snapshotCacheEnabled,
        DeltaXConf.SNAPSHOT_CACHE_MAX_FILES, DeltaXConf::snapshotCacheMaxFiles,
        DeltaXConf.SNAPSHOT_STALENESS, DeltaXConf::snapshotStaleness);
    keys.forEach((key, read) -> {
      for (String bad : new String[] {"-1", "soon", "2.5"}) {
        DeltaXConf conf = session(Map.of(key, bad));
        DeltaXIllegalArgumentException e = assertThrows(DeltaXIllegalArgumentException.class,
            () -> read.accept(conf), key + "=" + bad);
        assertTrue(e.getMessage().contains(key), e.getMessage());
        assertTrue(e.getMessage().contains(bad), e.getMessage());
      }
    });
  }

  @Test
  void theHadoopConfigurationIsTheSessionsThenItsSqlConfsThenTheReadOptions() {
    Configuration sessionHadoop = new Configuration(false);
    sessionHadoop.set("a", "hadoop");
    sessionHadoop.set("b", "hadoop");
    DeltaXConf conf = DeltaXConf.of(sessionHadoop, Map.of("b", "sql", "c", "sql"), ZoneOffset.UTC,
        Map.of("c", "option", "fs.s3a.access.key", "k", "path", "/data/t"));
    Configuration hadoop = conf.hadoopConf();
    assertEquals("hadoop", hadoop.get("a"));
    assertEquals("sql", hadoop.get("b"));
    assertEquals("option", hadoop.get("c"));
    assertEquals("k", hadoop.get("fs.s3a.access.key"));
    assertNull(hadoop.get("path"), "the path is not a Hadoop setting");
    assertNull(sessionHadoop.get("c"), "the session's configuration is left as it was");
    assertEquals("/data/t", conf.path());
  }

  @Test
  void timeTravelOptions() {
    assertEquals(TimeTravel.LATEST, read(Map.of("path", "/t")).timeTravel());
    assertEquals(TimeTravel.toVersion(12), read(Map.of("versionasof", " 12")).timeTravel());
    TimeTravel at = read(Map.of("timestampAsOf", "2024-01-01 01:00:00")).timeTravel();
    assertEquals(Instant.parse("2024-01-01T00:00:00Z").toEpochMilli(), at.timestampMillis(),
        "read in the session time zone");
    assertEquals("2024-01-01 01:00:00", at.timestamp());
    assertEquals(Instant.parse("2024-01-01T01:00:00Z").toEpochMilli(),
        read(Map.of("timestampAsOf", "2024-01-01T01:00:00Z")).timeTravel().timestampMillis());
  }

  @Test
  void badReadOptionsNameTheOptionAndTheValue() {
    for (String[] bad : new String[][] {{"versionAsOf", "abc"}, {"versionAsOf", "-1"},
        {"versionAsOf", "1.5"}, {"timestampAsOf", "yesterday"}}) {
      DeltaXIllegalArgumentException e = assertThrows(DeltaXIllegalArgumentException.class,
          () -> read(Map.of(bad[0], bad[1])).timeTravel());
      assertEquals(DELTAX_INVALID_OPTION, e.condition());
      assertTrue(e.getMessage().contains(bad[0]) && e.getMessage().contains("'" + bad[1] + "'"),
          e.getMessage());
    }
    assertEquals("DELTAX_INVALID_OPTION", assertThrows(DeltaXIllegalArgumentException.class,
        () -> read(Map.of("versionAsOf", "1", "timestampAsOf", "2024-01-01")).timeTravel()).getCondition());
    assertEquals("DELTAX_MISSING_PATH",
        assertThrows(DeltaXIllegalArgumentException.class,
            () -> read(Map.of()).path()).getCondition());
  }
}
