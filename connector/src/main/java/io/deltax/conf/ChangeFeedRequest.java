package io.deltax.conf;

/**
 * What a change feed read asks for ({@code readChangeFeed = true}), checked before the log is
 * listed: the first and last version of the range, each given as a version or a timestamp, and
 * the {@code changeMode}. An end left out is the latest version.
 *
 * @param startVersion the first version, or null when {@code startTimestampMillis} is given
 * @param startTimestampMillis the first version committed at or after this time, or null
 * @param startTimestamp the start as the user wrote it, for errors, or null
 * @param endVersion the last version, or null
 * @param endTimestampMillis the last version committed at or before this time, or null
 * @param endTimestamp the end as the user wrote it, or null
 */
public record ChangeFeedRequest(Long startVersion, Long startTimestampMillis, String startTimestamp,
    Long endVersion, Long endTimestampMillis, String endTimestamp, ChangeMode mode) {

  /** Whether a start was given; without one only a stream reads (the snapshot first). */
  public boolean hasStart() {
    return startVersion != null || startTimestampMillis != null;
  }

  /** {@code changeMode}: every change of every commit, or one entry per row for the range. */
  public enum ChangeMode {
    /** delta-spark's change data feed semantics: every change of every commit in the range. */
    ALL,
    /** One entry per row ID for the whole range (the start compared with the end). */
    NET
  }
}
