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
package io.deltax.rowtracking;

import io.deltax.log.Snapshot;
import io.deltax.protocol.TableFeatures;
import io.deltax.protocol.TableProperties;
import java.util.Optional;

/**
 * Row tracking as one snapshot has it (PROTOCOL.md, "Row Tracking"): whether the writer feature is
 * supported, whether {@code delta.enableRowTracking} turns it on, and the physical names of the
 * materialized row ID and row commit version columns.
 *
 * @param materializedRowIdColumn empty when the table never named one
 */
public record RowTrackingConfig(
    boolean supported,
    boolean enabled,
    Optional<String> materializedRowIdColumn,
    Optional<String> materializedRowCommitVersionColumn) {

  /** The domain that holds {@code rowIdHighWaterMark} (PROTOCOL.md, "Row IDs"). */
  public static final String DOMAIN = "delta.rowTracking";

  public static RowTrackingConfig of(Snapshot snapshot) {
    boolean supported = TableFeatures.isSupported(snapshot.protocol(), TableFeatures.ROW_TRACKING);
    TableProperties properties = snapshot.properties();
    return new RowTrackingConfig(
        supported,
        supported && properties.rowTrackingEnabled(),
        properties.materializedRowIdColumn(),
        properties.materializedRowCommitVersionColumn());
  }
}
