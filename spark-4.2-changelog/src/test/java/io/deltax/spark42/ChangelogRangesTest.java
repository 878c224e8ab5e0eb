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
package io.deltax.spark42;

import static io.deltax.errors.DeltaXErrorCondition.DELTAX_INVALID_OPTION;
import static io.deltax.errors.DeltaXErrorCondition.DELTAX_UNSUPPORTED_OPTION;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.deltax.conf.ChangeFeedRequest;
import io.deltax.conf.ChangeFeedRequest.ChangeMode;
import io.deltax.errors.DeltaXIllegalArgumentException;
import java.util.Map;
import java.util.Optional;
import org.apache.spark.sql.connector.catalog.ChangelogRange;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;
import org.junit.jupiter.api.Test;

/** Spark's ranges as the change feed's inclusive range: the same commits are selected. */
class ChangelogRangesTest {

  private static ChangeFeedRequest versions(Long start, Long end) {
    return new ChangeFeedRequest(start, null, null, end, null, null, ChangeMode.ALL);
  }

  @Test
  void exclusiveVersionsBecomeTheNextInclusiveOnes() {
    assertEquals(
        versions(3L, 7L),
        ChangelogRanges.toRequest(
            new ChangelogRange.VersionRange("3", Optional.of("7"), true, true)));
    assertEquals(
        versions(4L, 6L),
        ChangelogRanges.toRequest(
            new ChangelogRange.VersionRange("3", Optional.of("7"), false, false)));
    assertEquals(
        versions(3L, null),
        ChangelogRanges.toRequest(
            new ChangelogRange.VersionRange("3", Optional.empty(), true, true)));
    assertEquals(
        versions(0L, null), ChangelogRanges.toRequest(new ChangelogRange.UnboundedRange()));
  }

  @Test
  void timestampsInMicrosecondsBecomeTheMillisecondsOfCommitsInside() {
    // 1.0005 s: a commit at 1.001 s is at or after it, one at 1.000 s is not.
    assertEquals(
        new ChangeFeedRequest(
            null,
            1001L,
            "1970-01-01T00:00:01.001Z",
            null,
            2000L,
            "1970-01-01T00:00:02Z",
            ChangeMode.ALL),
        ChangelogRanges.toRequest(
            new ChangelogRange.TimestampRange(1_000_500L, Optional.of(2_000_000L), true, true)));
    // Exclusive on whole milliseconds: the millisecond itself is left out.
    assertEquals(
        new ChangeFeedRequest(
            null,
            1001L,
            "1970-01-01T00:00:01.001Z",
            null,
            1999L,
            "1970-01-01T00:00:01.999Z",
            ChangeMode.ALL),
        ChangelogRanges.toRequest(
            new ChangelogRange.TimestampRange(1_000_000L, Optional.of(2_000_000L), false, false)));
  }

  @Test
  void aNegativeBoundIsRefusedAsTheOptionWouldBe() {
    DeltaXIllegalArgumentException e =
        assertThrows(
            DeltaXIllegalArgumentException.class,
            () ->
                ChangelogRanges.toRequest(
                    new ChangelogRange.VersionRange("-2", Optional.empty(), false, true)));
    assertEquals("DELTAX_INVALID_OPTION", e.getCondition());
    assertEquals(true, e.getMessage().contains("startingVersion"), e.getMessage());
  }

  @Test
  void theUsersOptionsAreReadButSparksRangeKeysGiveWayToTheRange() {
    // Spark leaves its own keys in the options: the raw start 5 must not undo the exclusive bound.
    CaseInsensitiveStringMap options =
        new CaseInsensitiveStringMap(
            Map.of(
                "maxFilesPerTrigger",
                "1",
                "startingVersion",
                "5",
                "StartingBoundInclusive",
                "false",
                "deduplicationMode",
                "netChanges",
                "computeUpdates",
                "true",
                "failOnDataLoss",
                "false"));
    assertEquals(
        Map.of("maxFilesPerTrigger", "1", "failOnDataLoss", "false"),
        ChangelogRanges.readOptions(options));
    assertEquals(
        versions(6L, null),
        ChangelogRanges.toRequest(
            new ChangelogRange.VersionRange("5", Optional.empty(), false, true)));
  }

  @Test
  void theChangeFeedsOwnSwitchesAreRefusedByName() {
    for (String key : new String[] {"changeMode", "READCHANGEFEED"}) {
      DeltaXIllegalArgumentException e =
          assertThrows(
              DeltaXIllegalArgumentException.class,
              () -> ChangelogRanges.readOptions(new CaseInsensitiveStringMap(Map.of(key, "net"))));
      assertEquals(DELTAX_UNSUPPORTED_OPTION, e.condition());
      assertEquals(
          true,
          e.getMessage().contains(key) && e.getMessage().contains("deduplicationMode"),
          e.getMessage());
    }
  }

  @Test
  void aVersionThatIsNotANumberIsRefusedByName() {
    DeltaXIllegalArgumentException e =
        assertThrows(
            DeltaXIllegalArgumentException.class,
            () ->
                ChangelogRanges.toRequest(
                    new ChangelogRange.VersionRange("latest", Optional.empty(), true, true)));
    assertEquals(DELTAX_INVALID_OPTION, e.condition());
    assertEquals(
        true,
        e.getMessage().contains("startingVersion") && e.getMessage().contains("latest"),
        e.getMessage());
  }
}
