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
package io.deltax.backfill;

import io.deltax.actions.Action;
import io.deltax.actions.ActionJson;
import io.deltax.actions.AddFile;
import io.deltax.actions.DomainMetadata;
import io.deltax.actions.Metadata;
import io.deltax.actions.Protocol;
import io.deltax.log.Snapshot;
import io.deltax.protocol.TableFeatures;
import io.deltax.protocol.TableProperties;
import io.deltax.rowtracking.RowTrackingConfig;
import io.deltax.rowtracking.RowTrackingStatus;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * What {@link RowTrackingBackfill} writes to enable row tracking, step by step: the protocol
 * upgrade's parameters, a backfill batch's actions, the metadata that enables it; and whether a
 * table still needs a step.
 */
final class RowTrackingEnablement {
  private RowTrackingEnablement() {}

  /**
   * The batch's files re-added with row IDs, in the batch's order, then the new high-water mark.
   */
  static List<Action> backfillActions(Snapshot snapshot, List<PendingFile> batch, long version) {
    List<Action> actions = new ArrayList<>(batch.size() + 1);
    long next = RowTrackingStatus.highWaterMark(snapshot) + 1;
    for (PendingFile p : batch) {
      AddFile f = p.file();
      // A file keeps the row IDs and the default row commit version it has (PROTOCOL.md, "Writer
      // Requirements for Row Tracking"); only a missing one is assigned.
      long baseRowId = f.baseRowId() != null ? f.baseRowId() : next;
      long defaultVersion =
          f.defaultRowCommitVersion() != null ? f.defaultRowCommitVersion() : version;
      actions.add(
          new AddFile(
              f.path(),
              f.partitionValues(),
              f.size(),
              f.modificationTime(),
              false,
              f.stats(),
              f.tags(),
              f.deletionVector(),
              baseRowId,
              defaultVersion,
              f.clusteringProvider()));
      next += p.newRowIds();
    }
    actions.add(
        new DomainMetadata(
            RowTrackingConfig.DOMAIN,
            ActionJson.objectJson(Map.of("rowIdHighWaterMark", next - 1)),
            false));
    return actions;
  }

  /**
   * Whether row tracking is enabled with the names of its materialized columns assigned, as
   * PROTOCOL.md ("Writer Requirements for Row Tracking") requires before enablement. A table whose
   * property was set by a writer that skipped them (or the feature) is not, and is enabled again.
   */
  static boolean fullyEnabled(Snapshot snapshot) {
    RowTrackingConfig rowTracking = RowTrackingConfig.of(snapshot);
    return rowTracking.enabled()
        && rowTracking.materializedRowIdColumn().isPresent()
        && rowTracking.materializedRowCommitVersionColumn().isPresent();
  }

  /** The metadata with row tracking enabled and its materialized column names chosen. */
  static Metadata enabledMetadata(Metadata m) {
    Map<String, String> configuration = new LinkedHashMap<>(m.configuration());
    configuration.put(TableProperties.ENABLE_ROW_TRACKING, "true");
    configuration.putIfAbsent(
        TableProperties.MATERIALIZED_ROW_ID_COLUMN, "_row-id-col-" + UUID.randomUUID());
    configuration.putIfAbsent(
        TableProperties.MATERIALIZED_ROW_COMMIT_VERSION_COLUMN,
        "_row-commit-version-col-" + UUID.randomUUID());
    return new Metadata(
        m.id(),
        m.name(),
        m.description(),
        m.formatProvider(),
        m.schemaString(),
        m.partitionColumns(),
        configuration,
        m.createdTime());
  }

  static Map<String, Object> protocolParameters(Protocol p) {
    Map<String, Object> map = new LinkedHashMap<>();
    map.put("minReaderVersion", p.minReaderVersion());
    map.put("minWriterVersion", p.minWriterVersion());
    if (p.supportsReaderFeatures()) {
      map.put("readerFeatures", p.readerFeatures());
    }
    map.put("writerFeatures", p.writerFeatures());
    return map;
  }

  /**
   * Whether the protocol supports row tracking and domain metadata, which the backfill's commits
   * write (PROTOCOL.md, "Domain Metadata": not without the feature). delta-spark's protocols list
   * both; a third party's may list row tracking alone, and is upgraded as one without it.
   */
  static boolean supportsRowTracking(Snapshot snapshot) {
    return TableFeatures.isSupported(snapshot.protocol(), TableFeatures.ROW_TRACKING)
        && TableFeatures.isSupported(snapshot.protocol(), TableFeatures.DOMAIN_METADATA);
  }
}
