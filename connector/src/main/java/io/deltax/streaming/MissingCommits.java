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

import io.deltax.errors.StreamErrors;
import io.deltax.log.LogFileName;
import io.deltax.log.TransactionLog;
import org.apache.hadoop.fs.FileStatus;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What a stream does where log clean-up removed commits it has not read, as delta-spark's source
 * with its option {@code failOnDataLoss}: fail, naming the missing versions and what the log still
 * holds (true, the default), or skip ahead to the next commit the log holds, with a warning
 * (false).
 */
final class MissingCommits {
  private static final Logger LOG = LoggerFactory.getLogger(MissingCommits.class);

  private final String table;
  private final boolean failOnDataLoss;

  /**
   * The first version of the gap last warned about: each poll asks again, one warning is enough.
   */
  private long warnedFrom = -1;

  MissingCommits(String table, boolean failOnDataLoss) {
    this.table = table;
    this.failOnDataLoss = failOnDataLoss;
  }

  /**
   * {@code version} when the log holds its commit; else the next version it holds (past {@code
   * lastVersion} when none up to it), unless the stream fails on data loss.
   */
  long readableFrom(TransactionLog log, long version, long lastVersion) {
    if (log.listing().commit(version).isPresent()) {
      return version;
    }
    long next = Long.MAX_VALUE;
    for (FileStatus f : log.listing().commits()) {
      long v = LogFileName.parse(f.getPath().getName()).version();
      if (v > version) {
        next = v;
        break;
      }
    }
    long lastMissing = next == Long.MAX_VALUE ? Math.max(version, lastVersion) : next - 1;
    if (failOnDataLoss) {
      throw StreamErrors.streamVersionsMissing(
          table,
          version,
          lastMissing,
          next == Long.MAX_VALUE
              ? "no commit after them"
              : "version " + next + ", the earliest after them");
    }
    if (version != warnedFrom) {
      warnedFrom = version;
      LOG.warn(
          "The stream of {} skips versions {} to {}: log clean-up removed them before the "
              + "stream read them (failOnDataLoss = false); their rows are not in the stream.",
          table,
          version,
          lastMissing);
    }
    return next == Long.MAX_VALUE ? lastVersion + 1 : next;
  }
}
