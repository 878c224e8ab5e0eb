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
import io.deltax.log.Snapshot;
import io.deltax.read.metadata.MetadataParquetRead;
import io.deltax.read.metadata.MetadataReadPlan;
import io.deltax.read.skipping.TableSkipping;
import io.deltax.rowtracking.RowDataVersions;
import io.deltax.rowtracking.RowTrackingConfig;
import java.util.List;
import java.util.function.Supplier;

/**
 * What a scan reads from: its candidate files, whether they are the snapshot's own file list (in
 * its order, which the snapshot's kept statistics follow), and the {@code _metadata} read plan
 * (null when the scan neither selects {@code _metadata} nor meets a deletion vector), also in the
 * form that counts row indexes (see {@link MetadataParquetRead}); both give splits the same
 * constant fields.
 */
record ScanInputs(
    List<AddFile> candidates, MetadataReadPlan metadataPlan, MetadataReadPlan countingPlan) {

  /**
   * The inputs, made on first use: a {@code readStream} scan never lists the snapshot's files, so a
   * stream's start does not replay a large table's file list.
   *
   * @param files the files to read instead of the snapshot's active files, or null
   */
  static Supplier<ScanInputs> onFirstUse(
      Snapshot snapshot, List<AddFile> files, ScanColumns columns, TableSkipping table) {
    return () -> {
      List<AddFile> candidates = files == null ? snapshot.activeFiles() : files;
      boolean deletionVectors =
          files == null
              ? snapshot.hasDeletionVectors()
              : files.stream().anyMatch(f -> f.deletionVector() != null);
      if (columns.metadataType() == null && !deletionVectors) {
        return new ScanInputs(candidates, null, null);
      }
      RowTrackingConfig rowTracking = RowTrackingConfig.of(snapshot);
      RowDataVersions versions =
          MetadataReadPlan.requestsRowDataVersion(columns.metadataType())
              ? table.rowDataVersions()
              : null;
      return new ScanInputs(
          candidates,
          plan(columns, rowTracking, deletionVectors, versions, false),
          plan(columns, rowTracking, deletionVectors, versions, true));
    };
  }

  private static MetadataReadPlan plan(
      ScanColumns columns,
      RowTrackingConfig rowTracking,
      boolean deletionVectors,
      RowDataVersions versions,
      boolean countsRowIndexes) {
    return new MetadataReadPlan(
        columns.metadataType(),
        rowTracking,
        columns.readDataSchema().size(),
        columns.readPartitionSchema().size(),
        deletionVectors,
        versions,
        countsRowIndexes);
  }
}
