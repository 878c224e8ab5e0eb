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
package io.deltax.protocol;

import static io.deltax.errors.DeltaXErrorCondition.DELTAX_INVALID_TABLE_PROPERTY;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.deltax.errors.DeltaXAnalysisException;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The table properties deltax reads: defaults, parsing, and errors that name the property. */
class TablePropertiesTest {
  private static TableProperties properties(Map<String, String> configuration) {
    return new TableProperties("/data/t", configuration);
  }

  private static TableProperties property(String key, String value) {
    return properties(Map.of(key, value));
  }

  @Test
  void defaultsAreDeltaSparks() {
    TableProperties none = properties(Map.of());
    assertEquals(10, none.checkpointInterval());
    assertEquals(TimeUnit.DAYS.toMillis(7), none.deletedFileRetentionMillis());
    assertFalse(none.inCommitTimestampsEnabled());
    assertEquals(0, none.inCommitTimestampEnablementVersion());
    assertFalse(none.rowTrackingEnabled());
    assertFalse(none.rowTrackingSuspended());
    assertEquals(Optional.empty(), none.materializedRowIdColumn());
    assertEquals("none", none.columnMappingMode());
  }

  @Test
  void valuesAreRead() {
    TableProperties p =
        properties(
            Map.of(
                "delta.checkpointInterval", "25",
                "delta.enableInCommitTimestamps", "TRUE",
                "delta.inCommitTimestampEnablementVersion", "12",
                "delta.enableRowTracking", "true",
                "delta.rowTrackingSuspended", "false",
                "delta.rowTracking.materializedRowIdColumnName", "_row-id-col-1",
                "delta.rowTracking.materializedRowCommitVersionColumnName",
                    "_row-commit-version-col-1",
                "delta.columnMapping.mode", "name"));
    assertEquals(25, p.checkpointInterval());
    assertTrue(p.inCommitTimestampsEnabled());
    assertEquals(12, p.inCommitTimestampEnablementVersion());
    assertTrue(p.rowTrackingEnabled());
    assertFalse(p.rowTrackingSuspended());
    assertEquals(Optional.of("_row-id-col-1"), p.materializedRowIdColumn());
    assertEquals(Optional.of("_row-commit-version-col-1"), p.materializedRowCommitVersionColumn());
    assertEquals("name", p.columnMappingMode());
    assertFalse(
        property("delta.enableRowTracking", "yes").rowTrackingEnabled(), "only 'true' is true");
  }

  @Test
  void retentionIntervals() {
    String key = "delta.deletedFileRetentionDuration";
    assertEquals(
        TimeUnit.DAYS.toMillis(7), property(key, "interval 1 week").deletedFileRetentionMillis());
    assertEquals(TimeUnit.DAYS.toMillis(14), property(key, "2 weeks").deletedFileRetentionMillis());
    assertEquals(
        TimeUnit.HOURS.toMillis(60),
        property(key, "INTERVAL 2 days 12 hours").deletedFileRetentionMillis());
    assertEquals(
        TimeUnit.SECONDS.toMillis(30),
        property(key, "interval 30 seconds").deletedFileRetentionMillis());
    assertEquals(0, property(key, "interval 0 hours").deletedFileRetentionMillis());
    assertEquals(
        5, property(key, "interval 5 milliseconds 999 microseconds").deletedFileRetentionMillis());
    for (String bad :
        new String[] {
          "interval 1 month",
          "soon",
          "interval",
          "interval 7",
          "interval -1 day",
          "interval 1.5 days",
          "interval 9223372036854775807 weeks"
        }) {
      DeltaXAnalysisException e =
          assertThrows(
              DeltaXAnalysisException.class,
              () -> property(key, bad).deletedFileRetentionMillis(),
              bad);
      assertEquals(DELTAX_INVALID_TABLE_PROPERTY, e.condition());
      assertTrue(
          e.getMessage().contains(key)
              && e.getMessage().contains("'" + bad + "'")
              && e.getMessage().contains("/data/t"),
          e.getMessage());
    }
  }

  @Test
  void malformedNumbersNameTheProperty() {
    DeltaXAnalysisException interval =
        assertThrows(
            DeltaXAnalysisException.class,
            () -> property("delta.checkpointInterval", "ten").checkpointInterval());
    assertTrue(
        interval.getMessage().contains("delta.checkpointInterval = 'ten'"), interval.getMessage());
    DeltaXAnalysisException ict =
        assertThrows(
            DeltaXAnalysisException.class,
            () ->
                property("delta.inCommitTimestampEnablementVersion", "v3")
                    .inCommitTimestampEnablementVersion());
    assertTrue(
        ict.getMessage().contains("delta.inCommitTimestampEnablementVersion"), ict.getMessage());
    // A malformed property fails only what needs it.
    assertEquals(
        Optional.empty(), property("delta.checkpointInterval", "ten").materializedRowIdColumn());
  }
}
