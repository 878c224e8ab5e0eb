package io.deltax.log;

import io.deltax.protocol.TableProperties;

/**
 * Time travel by timestamp: the version a time names, on one listing's {@link CommitTimeline}.
 * The latest version and its properties are the caller's, so that a snapshot already read serves.
 */
final class VersionResolver {
  private final LogListing listing;
  private final LogFiles files;

  VersionResolver(LogListing listing, LogFiles files) {
    this.listing = listing;
    this.files = files;
  }

  /** The version that was current at {@code timestampMillis}, as delta-spark's timestampAsOf. */
  long versionAsOf(long timestampMillis, String requested, long latestVersion,
      TableProperties latestProperties) {
    return new CommitTimeline(listing, latestVersion, latestProperties, files::inCommitTimestamp,
        true).versionAt(timestampMillis, requested);
  }

  /** The first version committed at or after {@code timestampMillis}, over every listed commit. */
  long firstVersionAtOrAfter(long timestampMillis, String requested, long latestVersion,
      TableProperties latestProperties) {
    return new CommitTimeline(listing, latestVersion, latestProperties, files::inCommitTimestamp,
        false).firstVersionAtOrAfter(timestampMillis, requested);
  }
}
