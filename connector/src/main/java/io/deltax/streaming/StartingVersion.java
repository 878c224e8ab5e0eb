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
package io.deltax.streaming;

import io.deltax.conf.StreamRequest;
import io.deltax.errors.DeltaXErrors;
import io.deltax.log.Snapshot;
import io.deltax.log.TransactionLog;

/** Where a new stream (no checkpoint yet) starts, from its options and the latest snapshot. */
final class StartingVersion {
  private StartingVersion() {}

  /**
   * Without a start: the latest snapshot, then the commits after it. {@code startingVersion}: the
   * commits from that version ({@code latest}: after the latest). {@code startingTimestamp}: the
   * commits from the first version committed at or after that time.
   */
  static DeltaXSourceOffset initialOffset(
      StreamRequest request, TransactionLog log, Snapshot latest) {
    String tableId = latest.metadata().id();
    if (request.startsWithSnapshot()) {
      return new DeltaXSourceOffset(tableId, latest.version(), DeltaXSourceOffset.BASE_INDEX, true);
    }
    if (request.startAtLatest()) {
      return DeltaXSourceOffset.before(tableId, latest.version() + 1);
    }
    if (request.startingVersion() != null) {
      // As delta-spark: a version after the latest is refused, not waited for.
      if (request.startingVersion() > latest.version()) {
        throw DeltaXErrors.streamStartAfterLatest(
            latest.tableRoot().toString(), request.startingVersion(), latest.version());
      }
      return DeltaXSourceOffset.before(tableId, request.startingVersion());
    }
    // As delta-spark: a time before the first commit starts at it; one after the last is an error.
    return DeltaXSourceOffset.before(
        tableId,
        log.firstVersionAtOrAfter(
            request.startingTimestampMillis(), request.startingTimestamp(), latest));
  }
}
