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
package io.deltax.snapshots;

/**
 * What one load of a snapshot took: its time, waiting for another load's listing included, and the
 * log files it read (commits, checkpoint files, sidecars). A load the snapshot cache answers reads
 * only the commits since the cached version, or none; the file list, replayed when a scan first
 * asks for it, is not part of the load.
 *
 * @param nanos the load's wall-clock time
 * @param logFilesRead the log files it opened
 */
public record SnapshotLoad(long nanos, long logFilesRead) {
  /** For a snapshot not loaded from the log here (a test's, or a caller that does not measure). */
  public static final SnapshotLoad UNMEASURED = new SnapshotLoad(0, 0);
}
