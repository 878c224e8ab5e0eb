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

import static io.deltax.errors.DeltaXErrorCondition.DELTAX_INVALID_OPTION;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.deltax.errors.ChangeFeedErrors;
import io.deltax.errors.DeltaXIllegalArgumentException;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;

/** readChangeFeed's options: parsed before the log is listed, each mistake named. */
class ChangeFeedOptionsTest {
  private static ReadConf read(Map<String, String> options) {
    Map<String, String> withPath = new HashMap<>(options);
    withPath.putIfAbsent("path", "/t");
    return ReadConf.of(
        SessionSettings.of(new Configuration(false), Map.of(), ZoneOffset.UTC), withPath);
  }

  /** The range of a change feed batch read, which needs a start. */
  private static ChangeFeedRequest changeFeed(Map<String, String> options) {
    Map<String, String> feed = new HashMap<>(options);
    if (!feed.containsKey("readChangeData")) {
      feed.putIfAbsent("readChangeFeed", "true");
    }
    ChangeFeedRequest request = read(feed).changeFeed();
    if (!request.hasStart()) {
      throw ChangeFeedErrors.missingChangeFeedStart();
    }
    return request;
  }

  private static void assertRefused(Map<String, String> options, String... parts) {
    DeltaXIllegalArgumentException e =
        assertThrows(DeltaXIllegalArgumentException.class, () -> changeFeed(options));
    assertEquals(DELTAX_INVALID_OPTION, e.condition());
    for (String part : parts) {
      assertTrue(e.getMessage().contains(part), e.getMessage());
    }
  }

  @Test
  void aRangeOfVersionsOrTimes() {
    ChangeFeedRequest versions =
        changeFeed(
            Map.of(
                "readChangeFeed",
                "true",
                "startingVersion",
                "12",
                "endingVersion",
                "40",
                "changeMode",
                "NET"));
    assertEquals(12L, versions.startVersion());
    assertEquals(40L, versions.endVersion());
    assertEquals(ChangeFeedRequest.ChangeMode.NET, versions.mode());
    ChangeFeedRequest times = changeFeed(Map.of("startingTimestamp", "2026-07-29 00:00:00"));
    assertEquals(
        Instant.parse("2026-07-29T00:00:00Z").toEpochMilli(), times.startTimestampMillis());
    assertNull(times.endVersion());
    assertEquals(ChangeFeedRequest.ChangeMode.ALL, times.mode());
  }

  @Test
  void readChangeFeedIsABoolean() {
    assertTrue(read(Map.of("readChangeFeed", "TRUE")).readChangeFeed());
    assertFalse(read(Map.of()).readChangeFeed());
    assertThrows(DeltaXIllegalArgumentException.class, () -> read(Map.of("readChangeFeed", "yes")));
  }

  /**
   * delta-spark still takes its older name, readChangeData, alone or beside a false readChangeFeed.
   */
  @Test
  void readChangeDataIsItsOlderName() {
    assertTrue(read(Map.of("readChangeData", "true")).readChangeFeed());
    assertTrue(read(Map.of("readChangeFeed", "false", "readChangeData", "true")).readChangeFeed());
    assertFalse(read(Map.of("readChangeData", "false")).readChangeFeed());
    assertThrows(DeltaXIllegalArgumentException.class, () -> read(Map.of("readChangeData", "1")));
  }

  @Test
  void mistakesAreNamed() {
    assertRefused(Map.of(), "startingVersion");
    assertRefused(Map.of("startingVersion", "-1"), "startingVersion", "-1");
    assertRefused(
        Map.of("startingVersion", "1", "startingTimestamp", "2026-07-29"),
        "startingVersion",
        "startingTimestamp");
    assertRefused(
        Map.of("startingVersion", "1", "endingTimestamp", "soon"), "endingTimestamp", "soon");
    assertRefused(Map.of("startingVersion", "1", "changeMode", "some"), "changeMode", "all or net");
    assertRefused(
        Map.of("startingVersion", "1", "versionAsOf", "3"), "versionAsOf", "with readChangeFeed");
    assertRefused(
        Map.of("readChangeData", "true", "startingVersion", "1", "versionAsOf", "3"),
        "versionAsOf",
        "with readChangeData");
  }
}
