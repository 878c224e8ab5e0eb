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

import io.deltax.log.Snapshot;
import io.deltax.log.TransactionLog;

/**
 * A snapshot and the listing of the log it was read from: history questions about the snapshot (row
 * data versions, time travel) ask that listing, not a new one. {@code load} is what loading it
 * took, for the scans' metrics.
 */
public record LoadedSnapshot(TransactionLog log, Snapshot snapshot, SnapshotLoad load) {
  LoadedSnapshot(TransactionLog log, Snapshot snapshot) {
    this(log, snapshot, SnapshotLoad.UNMEASURED);
  }

  LoadedSnapshot withLoad(SnapshotLoad load) {
    return new LoadedSnapshot(log, snapshot, load);
  }
}
