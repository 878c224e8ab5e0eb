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
package io.deltax.log;

import io.deltax.protocol.TableProperties;

/**
 * Time travel by timestamp: the version a time names, on one listing's {@link CommitTimeline}. The
 * latest version and its properties are the caller's, so that a snapshot already read serves.
 */
final class VersionResolver {
  private final LogListing listing;
  private final LogFiles files;

  VersionResolver(LogListing listing, LogFiles files) {
    this.listing = listing;
    this.files = files;
  }

  /** The version that was current at {@code timestampMillis}, as delta-spark's timestampAsOf. */
  long versionAsOf(
      long timestampMillis,
      String requested,
      long latestVersion,
      TableProperties latestProperties) {
    return new CommitTimeline(
            listing, latestVersion, latestProperties, files::inCommitTimestamp, true)
        .versionAt(timestampMillis, requested);
  }

  /** The first version committed at or after {@code timestampMillis}, over every listed commit. */
  long firstVersionAtOrAfter(
      long timestampMillis,
      String requested,
      long latestVersion,
      TableProperties latestProperties) {
    return new CommitTimeline(
            listing, latestVersion, latestProperties, files::inCommitTimestamp, false)
        .firstVersionAtOrAfter(timestampMillis, requested);
  }
}
