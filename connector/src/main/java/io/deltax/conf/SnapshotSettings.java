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

import java.time.Duration;

/**
 * How a load gets its snapshot: from the JVM's snapshot cache, at most {@code staleness} old, the
 * cache bounded to {@code cacheMaxFiles} active files; or, not {@code cacheEnabled}, from a listing
 * of the log made for this load alone.
 */
public record SnapshotSettings(boolean cacheEnabled, Duration staleness, long cacheMaxFiles) {
  /** The defaults: cached, listed on every load, bounded by the default number of files. */
  public static final SnapshotSettings DEFAULT =
      new SnapshotSettings(
          SessionSettings.SNAPSHOT_CACHE_ENABLED.defaultValue(),
          SessionSettings.SNAPSHOT_STALENESS.defaultValue(),
          SessionSettings.SNAPSHOT_CACHE_MAX_FILES.defaultValue());
}
