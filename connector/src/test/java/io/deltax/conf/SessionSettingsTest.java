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
package io.deltax.conf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.deltax.errors.DeltaXIllegalArgumentException;
import java.time.Duration;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;

/** Session confs: defaults, and validation that names the key, the value and the range. */
class SessionSettingsTest {
  private static SessionSettings session(Map<String, String> sqlConf) {
    return SessionSettings.of(new Configuration(false), sqlConf, ZoneOffset.UTC);
  }

  @Test
  void sessionConfsHaveDefaults() {
    assertEquals(22_000L, session(Map.of()).get(SessionSettings.BACKFILL_MAX_FILES_PER_COMMIT));
    assertEquals(10_000L, session(Map.of()).get(SessionSettings.ROW_DATA_VERSIONS_MAX_RUNS));
    assertEquals(
        5000L,
        session(Map.of(SessionSettings.BACKFILL_MAX_FILES_PER_COMMIT.key(), " 5000 "))
            .get(SessionSettings.BACKFILL_MAX_FILES_PER_COMMIT));
    assertEquals(
        2L,
        session(Map.of(SessionSettings.ROW_DATA_VERSIONS_MAX_RUNS.key(), "2"))
            .get(SessionSettings.ROW_DATA_VERSIONS_MAX_RUNS));
  }

  /** Read where the writers read it: in the one Hadoop configuration, with the session's confs. */
  @Test
  void singleWriterModeIsOffUnlessTheSessionTurnsItOn() {
    String key = SessionSettings.COMMIT_SINGLE_WRITER.key();
    assertEquals(false, SessionSettings.commitSingleWriter(session(Map.of()).hadoopConf()));
    assertEquals(
        true, SessionSettings.commitSingleWriter(session(Map.of(key, " TRUE ")).hadoopConf()));
    assertEquals(
        false, SessionSettings.commitSingleWriter(session(Map.of(key, "false")).hadoopConf()));
    DeltaXIllegalArgumentException e =
        assertThrows(
            DeltaXIllegalArgumentException.class,
            () -> SessionSettings.commitSingleWriter(session(Map.of(key, "1")).hadoopConf()));
    assertTrue(e.getMessage().contains(key), e.getMessage());
  }

  @Test
  void aBadSessionConfIsNamedWithItsValueAndRange() {
    for (ConfEntry<Long> entry :
        List.of(
            SessionSettings.BACKFILL_MAX_FILES_PER_COMMIT,
            SessionSettings.ROW_DATA_VERSIONS_MAX_RUNS)) {
      String key = entry.key();
      for (String bad : new String[] {"0", "-3", "zero", "2.5", "3000000000", ""}) {
        SessionSettings conf = session(Map.of(key, bad));
        DeltaXIllegalArgumentException e =
            assertThrows(
                DeltaXIllegalArgumentException.class, () -> conf.get(entry), key + "=" + bad);
        assertEquals("DELTAX_INVALID_ARGUMENT", e.getCondition());
        assertTrue(e.getMessage().contains(key), e.getMessage());
        assertTrue(e.getMessage().contains(bad), e.getMessage());
        assertTrue(e.getMessage().contains("1 to 2147483647"), e.getMessage());
        assertTrue(!e.getMessage().contains("batch_size"), e.getMessage());
      }
    }
  }

  @Test
  void snapshotCacheKeys() {
    assertEquals(SnapshotSettings.DEFAULT, session(Map.of()).snapshots());
    assertEquals(new SnapshotSettings(true, Duration.ZERO, 10_000_000L), SnapshotSettings.DEFAULT);
    SnapshotSettings set =
        session(
                Map.of(
                    SessionSettings.SNAPSHOT_CACHE_ENABLED.key(),
                    "FALSE",
                    SessionSettings.SNAPSHOT_CACHE_MAX_FILES.key(),
                    "0",
                    SessionSettings.SNAPSHOT_STALENESS.key(),
                    "5min"))
            .snapshots();
    assertEquals(new SnapshotSettings(false, Duration.ofMinutes(5), 0L), set);
    assertEquals(
        Duration.ofMillis(1500),
        session(Map.of(SessionSettings.SNAPSHOT_STALENESS.key(), "1500")).snapshots().staleness());
  }

  @Test
  void aBadSnapshotCacheKeyIsNamedWithItsValue() {
    for (ConfEntry<?> entry :
        List.of(
            SessionSettings.SNAPSHOT_CACHE_ENABLED,
            SessionSettings.SNAPSHOT_CACHE_MAX_FILES,
            SessionSettings.SNAPSHOT_STALENESS)) {
      String key = entry.key();
      for (String bad : new String[] {"-1", "soon", "2.5"}) {
        SessionSettings conf = session(Map.of(key, bad));
        DeltaXIllegalArgumentException e =
            assertThrows(DeltaXIllegalArgumentException.class, conf::snapshots, key + "=" + bad);
        assertTrue(e.getMessage().contains(key), e.getMessage());
        assertTrue(e.getMessage().contains(bad), e.getMessage());
      }
    }
  }
}
