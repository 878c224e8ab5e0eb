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
package io.deltax.read;

import io.deltax.actions.AddFile;
import io.deltax.errors.DeltaXErrors;
import io.deltax.log.Snapshot;
import io.deltax.read.metadata.MetadataReadPlan;

/** Row tracking's promise about files, checked before a scan that reads row IDs opens one. */
final class RowTrackingFiles {
  private RowTrackingFiles() {}

  /**
   * With row tracking enabled, every active file has {@code baseRowId} and {@code
   * defaultRowCommitVersion} (PROTOCOL.md, "Row Tracking": enablement requires a backfill).
   */
  static void check(Snapshot snapshot, AddFile file, MetadataReadPlan plan) {
    if ((plan.needsBaseRowId() && file.baseRowId() == null)
        || (plan.needsDefaultRowCommitVersion() && file.defaultRowCommitVersion() == null)) {
      throw DeltaXErrors.missingRowTrackingFields(
          snapshot.tableRoot().toString(), snapshot.version(), file.path());
    }
  }
}
