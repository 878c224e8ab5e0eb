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
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.deltax.errors.DeltaXIllegalArgumentException;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;

/** A stream's options: delta-spark's names and defaults, parsed before the log is listed. */
class StreamOptionsTest {
  private static StreamRequest stream(Map<String, String> options) {
    Map<String, String> withPath = new HashMap<>(options);
    withPath.put("path", "/t");
    return ReadConf.of(
        SessionSettings.of(new Configuration(false), Map.of(), ZoneOffset.UTC), withPath)
        .stream();
  }

  @Test
  void defaultsAreDeltaSparks() {
    StreamRequest request = stream(Map.of());
    assertTrue(request.startsWithSnapshot());
    assertEquals(1000, request.maxFilesPerTrigger());
    assertNull(request.maxBytesPerTrigger());
    assertFalse(request.skipChangeCommits());
    assertFalse(request.ignoreDeletes());
    assertTrue(request.failOnDataLoss());
  }

  @Test
  void startsAndLimits() {
    StreamRequest latest =
        stream(
            Map.of(
                "startingVersion",
                "LATEST",
                "maxBytesPerTrigger",
                "1m",
                "maxFilesPerTrigger",
                "10",
                "skipChangeCommits",
                "true"));
    assertTrue(latest.startAtLatest());
    assertFalse(latest.startsWithSnapshot());
    assertEquals(1024 * 1024L, latest.maxBytesPerTrigger());
    assertEquals(10, latest.maxFilesPerTrigger());
    assertTrue(latest.skipChangeCommits());
    assertEquals(7L, stream(Map.of("startingVersion", "7")).startingVersion());
    // As delta-spark: a byte limit alone bounds no file count; with both, both hold.
    assertEquals(
        Integer.MAX_VALUE, stream(Map.of("maxBytesPerTrigger", "1g")).maxFilesPerTrigger());
    assertFalse(stream(Map.of("failOnDataLoss", "false")).failOnDataLoss());
  }

  @Test
  void mistakesAreNamed() {
    for (Map<String, String> bad :
        new Map[] {
          Map.of("maxFilesPerTrigger", "0"),
          Map.of("maxBytesPerTrigger", "lots"),
          Map.of("skipChangeCommits", "yes"),
          Map.of("failOnDataLoss", "no"),
          Map.of("startingVersion", "-1"),
          Map.of("excludeRegex", "part-("),
          Map.of("ignoreChanges", "sometimes"),
          Map.of("startingVersion", "1", "startingTimestamp", "2026-01-01"),
          Map.of("versionAsOf", "3")
        }) {
      DeltaXIllegalArgumentException e =
          assertThrows(DeltaXIllegalArgumentException.class, () -> stream(bad));
      String option = bad.keySet().iterator().next();
      assertTrue(e.getMessage().contains(option) || bad.size() > 1, e.getMessage());
    }
  }

  /** delta-spark's older options: ignoreChanges and ignoreFileDeletion read a rewrite's adds. */
  @Test
  void ignoreChangesAndExcludeRegex() {
    assertFalse(stream(Map.of()).ignoreChanges());
    assertTrue(stream(Map.of("ignoreChanges", "true")).ignoreChanges());
    assertTrue(stream(Map.of("ignoreFileDeletion", "TRUE")).ignoreChanges());
    StreamRequest excluding = stream(Map.of("excludeRegex", "\\.tmp"));
    assertTrue(excluding.excludes("part-0.tmp.parquet"));
    assertFalse(excluding.excludes("part-0.parquet"));
    assertFalse(stream(Map.of()).excludes("part-0.tmp.parquet"));
  }

  /** Schema tracking options, by delta-spark's names: the location or its alias. */
  @Test
  void schemaTracking() {
    assertNull(stream(Map.of()).schemaTracking());
    assertNull(stream(Map.of("allowSourceColumnRename", "always")).schemaTracking());
    SchemaTrackingRequest alias =
        stream(Map.of("schemaLocation", "/c/s", "streamingSourceTrackingId", "a")).schemaTracking();
    assertEquals(new SchemaTrackingRequest("/c/s", "a", null, null, null, true), alias);
    SchemaTrackingRequest full =
        stream(
                Map.of(
                    "schemaTrackingLocation",
                    "/c/t",
                    "allowSourceColumnRename",
                    "always",
                    "allowSourceColumnDrop",
                    "3",
                    "allowSourceColumnTypeChange",
                    "4"))
            .schemaTracking();
    assertEquals(new SchemaTrackingRequest("/c/t", null, "always", "3", "4", true), full);
    // delta-spark's session conf turns merging consecutive metadata-only commits off.
    SchemaTrackingRequest unmerged =
        ReadConf.of(
                SessionSettings.of(
                    new Configuration(false),
                    Map.of(SchemaTrackingRequest.MERGE_CONSECUTIVE_CHANGES_KEY, "FALSE"),
                    ZoneOffset.UTC),
                Map.of("path", "/t", "schemaLocation", "/c/s"))
            .stream()
            .schemaTracking();
    assertFalse(unmerged.mergeConsecutiveChanges());
  }
}
