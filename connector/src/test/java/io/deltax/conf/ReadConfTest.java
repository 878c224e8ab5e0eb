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
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.deltax.errors.DeltaXIllegalArgumentException;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;

/** A load's options: parsed once, time travel typed, one Hadoop configuration. */
class ReadConfTest {
  private static ReadConf read(Map<String, String> options) {
    Map<String, String> withPath = new HashMap<>(options);
    withPath.putIfAbsent("path", "/t");
    return ReadConf.of(
        SessionSettings.of(new Configuration(false), Map.of(), ZoneId.of("Europe/Paris")),
        withPath);
  }

  @Test
  void theHadoopConfigurationIsTheSessionsThenItsSqlConfsThenTheReadOptions() {
    Configuration sessionHadoop = new Configuration(false);
    sessionHadoop.set("a", "hadoop");
    sessionHadoop.set("b", "hadoop");
    ReadConf conf =
        ReadConf.of(
            SessionSettings.of(sessionHadoop, Map.of("b", "sql", "c", "sql"), ZoneOffset.UTC),
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
    assertEquals(TimeTravel.LATEST, read(Map.of()).timeTravel());
    assertEquals(TimeTravel.toVersion(12), read(Map.of("versionasof", " 12")).timeTravel());
    TimeTravel.AsOf at =
        (TimeTravel.AsOf) read(Map.of("timestampAsOf", "2024-01-01 01:00:00")).timeTravel();
    assertEquals(
        Instant.parse("2024-01-01T00:00:00Z").toEpochMilli(),
        at.timestampMillis(),
        "read in the session time zone");
    assertEquals("2024-01-01 01:00:00", at.shown());
    assertEquals(
        Instant.parse("2024-01-01T01:00:00Z").toEpochMilli(),
        ((TimeTravel.AsOf) read(Map.of("timestampAsOf", "2024-01-01T01:00:00Z")).timeTravel())
            .timestampMillis());
  }

  @Test
  void sparksMicrosecondsAreReadWithoutAStringInBetween() {
    TimeTravel.AsOf at = (TimeTravel.AsOf) TimeTravel.toMicros(1_000_500L);
    assertEquals(1000L, at.timestampMillis());
    assertEquals("1970-01-01T00:00:01.000500Z", at.shown());
    assertEquals(-1L, ((TimeTravel.AsOf) TimeTravel.toMicros(-1L)).timestampMillis());
  }

  @Test
  void timeTravelInThePathIsTyped() {
    PathTimeTravel version = PathTimeTravel.of("/data/events@v12", ZoneOffset.UTC).orElseThrow();
    assertEquals("/data/events", version.path());
    assertEquals(TimeTravel.toVersion(12), version.travel());
    PathTimeTravel time =
        PathTimeTravel.of("/data/events@20260729120000000", ZoneOffset.UTC).orElseThrow();
    assertEquals(
        Instant.parse("2026-07-29T12:00:00Z").toEpochMilli(),
        ((TimeTravel.AsOf) time.travel()).timestampMillis());
    assertTrue(PathTimeTravel.of("/data/events", ZoneOffset.UTC).isEmpty());
  }

  @Test
  void badReadOptionsNameTheOptionAndTheValue() {
    for (String[] bad :
        new String[][] {
          {"versionAsOf", "abc"},
          {"versionAsOf", "-1"},
          {"versionAsOf", "1.5"},
          {"timestampAsOf", "yesterday"}
        }) {
      DeltaXIllegalArgumentException e =
          assertThrows(DeltaXIllegalArgumentException.class, () -> read(Map.of(bad[0], bad[1])));
      assertEquals("DELTAX_INVALID_OPTION", e.getCondition());
      assertTrue(
          e.getMessage().contains(bad[0]) && e.getMessage().contains("'" + bad[1] + "'"),
          e.getMessage());
    }
    assertEquals(
        "DELTAX_INVALID_OPTION",
        assertThrows(
                DeltaXIllegalArgumentException.class,
                () -> read(Map.of("versionAsOf", "1", "timestampAsOf", "2024-01-01")))
            .getCondition());
    assertEquals(
        "DELTAX_MISSING_PATH",
        assertThrows(
                DeltaXIllegalArgumentException.class,
                () ->
                    ReadConf.of(
                        SessionSettings.of(new Configuration(false), Map.of(), ZoneOffset.UTC),
                        Map.of()))
            .getCondition());
  }

  @Test
  void aStreamRefusesTimeTravelWhereItStarts() {
    ReadConf conf = read(Map.of("versionAsOf", "3"));
    DeltaXIllegalArgumentException e =
        assertThrows(DeltaXIllegalArgumentException.class, conf::stream);
    assertTrue(
        e.getMessage().contains("versionAsOf") && e.getMessage().contains("'3'"), e.getMessage());
    ReadConf catalog =
        ReadConf.of(
            SessionSettings.of(new Configuration(false), Map.of(), ZoneOffset.UTC),
            "/t",
            TimeTravel.toVersion(4));
    assertEquals(TimeTravel.toVersion(4), catalog.timeTravel());
    assertTrue(
        assertThrows(DeltaXIllegalArgumentException.class, catalog::stream)
            .getMessage()
            .contains("'4'"));
  }
}
