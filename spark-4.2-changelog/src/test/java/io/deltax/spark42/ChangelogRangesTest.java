package io.deltax.spark42;

import static io.deltax.errors.DeltaXErrorCondition.DELTAX_INVALID_OPTION;
import static io.deltax.errors.DeltaXErrorCondition.DELTAX_UNSUPPORTED_OPTION;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.deltax.errors.DeltaXIllegalArgumentException;
import java.util.Map;
import java.util.Optional;
import org.apache.spark.sql.connector.catalog.ChangelogRange;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;
import org.junit.jupiter.api.Test;

/** Spark's ranges as the change feed's inclusive options: the same commits are selected. */
class ChangelogRangesTest {

  @Test
  void exclusiveVersionsBecomeTheNextInclusiveOnes() {
    assertEquals(Map.of("startingVersion", "3", "endingVersion", "7"),
        ChangelogRanges.toOptions(new ChangelogRange.VersionRange("3", Optional.of("7"), true, true)));
    assertEquals(Map.of("startingVersion", "4", "endingVersion", "6"),
        ChangelogRanges.toOptions(new ChangelogRange.VersionRange("3", Optional.of("7"), false, false)));
    assertEquals(Map.of("startingVersion", "3"),
        ChangelogRanges.toOptions(new ChangelogRange.VersionRange("3", Optional.empty(), true, true)));
    assertEquals(Map.of("startingVersion", "0"), ChangelogRanges.toOptions(new ChangelogRange.UnboundedRange()));
  }

  @Test
  void timestampsInMicrosecondsBecomeTheMillisecondsOfCommitsInside() {
    // 1.0005 s: a commit at 1.001 s is at or after it, one at 1.000 s is not.
    assertEquals(Map.of("startingTimestamp", "1970-01-01T00:00:01.001Z", "endingTimestamp", "1970-01-01T00:00:02Z"),
        ChangelogRanges.toOptions(new ChangelogRange.TimestampRange(1_000_500L, Optional.of(2_000_000L), true, true)));
    // Exclusive on whole milliseconds: the millisecond itself is left out.
    assertEquals(Map.of("startingTimestamp", "1970-01-01T00:00:01.001Z", "endingTimestamp", "1970-01-01T00:00:01.999Z"),
        ChangelogRanges.toOptions(new ChangelogRange.TimestampRange(1_000_000L, Optional.of(2_000_000L), false, false)));
  }

  @Test
  void theUsersOptionsAreReadButSparksRangeKeysGiveWayToTheRange() {
    // Spark leaves its own keys in the options: the raw start 5 must not undo the exclusive bound.
    CaseInsensitiveStringMap options = new CaseInsensitiveStringMap(Map.of("maxFilesPerTrigger", "1",
        "startingVersion", "5", "StartingBoundInclusive", "false", "deduplicationMode", "netChanges",
        "computeUpdates", "true", "failOnDataLoss", "false"));
    assertEquals(Map.of("maxFilesPerTrigger", "1", "failOnDataLoss", "false", "startingVersion", "6"),
        ChangelogRanges.readOptions(options, new ChangelogRange.VersionRange("5", Optional.empty(), false, true)));
  }

  @Test
  void theChangeFeedsOwnSwitchesAreRefusedByName() {
    for (String key : new String[] {"changeMode", "READCHANGEFEED"}) {
      DeltaXIllegalArgumentException e = assertThrows(DeltaXIllegalArgumentException.class,
          () -> ChangelogRanges.readOptions(
          new CaseInsensitiveStringMap(Map.of(key, "net")), new ChangelogRange.UnboundedRange()));
      assertEquals(DELTAX_UNSUPPORTED_OPTION, e.condition());
      assertEquals(true, e.getMessage().contains(key) && e.getMessage().contains("deduplicationMode"),
          e.getMessage());
    }
  }

  @Test
  void aVersionThatIsNotANumberIsRefusedByName() {
    DeltaXIllegalArgumentException e = assertThrows(DeltaXIllegalArgumentException.class,
        () -> ChangelogRanges.toOptions(
        new ChangelogRange.VersionRange("latest", Optional.empty(), true, true)));
    assertEquals(DELTAX_INVALID_OPTION, e.condition());
    assertEquals(true, e.getMessage().contains("startingVersion") && e.getMessage().contains("latest"),
        e.getMessage());
  }
}
