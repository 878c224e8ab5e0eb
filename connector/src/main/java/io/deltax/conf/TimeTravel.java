package io.deltax.conf;

/**
 * Which version of a table a read asks for: the latest, a version ({@code versionAsOf}) or the
 * version current at a time ({@code timestampAsOf}). Read from the options before the log is
 * listed, so a malformed value costs nothing.
 *
 * @param version the requested version, or null
 * @param timestampMillis the requested time in epoch milliseconds, or null
 * @param timestamp the time as the user wrote it, for error messages, or null
 */
public record TimeTravel(Long version, Long timestampMillis, String timestamp) {
  public static final TimeTravel LATEST = new TimeTravel(null, null, null);

  public static TimeTravel toVersion(long version) {
    return new TimeTravel(version, null, null);
  }

  public static TimeTravel toTimestamp(long millis, String asWritten) {
    return new TimeTravel(null, millis, asWritten);
  }
}
