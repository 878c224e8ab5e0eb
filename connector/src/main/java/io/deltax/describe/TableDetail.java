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
package io.deltax.describe;

import io.deltax.actions.Metadata;
import io.deltax.actions.Protocol;
import io.deltax.log.CompactFileList;
import io.deltax.log.Snapshot;
import io.deltax.protocol.TableFeatures;
import io.deltax.snapshots.LoadedSnapshot;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.fs.FileStatus;

/**
 * A table's details, the columns of delta-spark's {@code DESCRIBE DETAIL} ({@code
 * DescribeDeltaDetailCommand}), taken from the snapshot and its log: no data file is read. Times
 * are milliseconds since the epoch.
 *
 * @param name the catalog's name of the table, else the metadata's {@code name} (mostly null)
 * @param location the table's root, qualified
 * @param createdAt the metadata's {@code createdTime}, or null
 * @param lastModified the modification time of the version's commit file, as delta-spark gives it
 *     (not an in-commit timestamp); null where the log no longer holds that file
 * @param clusteringColumns by their names ({@link ClusteringColumns#quoted}); empty where the table
 *     is not clustered
 * @param properties the metadata's {@code configuration}
 * @param tableFeatures the features the protocol supports, a legacy protocol's implied ones spelled
 *     out ({@link TableFeatures#supported}), sorted
 */
public record TableDetail(
    String format,
    String id,
    String name,
    String description,
    String location,
    Long createdAt,
    Long lastModified,
    List<String> partitionColumns,
    List<String> clusteringColumns,
    long numFiles,
    long sizeInBytes,
    Map<String, String> properties,
    int minReaderVersion,
    int minWriterVersion,
    List<String> tableFeatures) {

  /**
   * The details of {@code table}'s snapshot.
   *
   * @param catalogName the catalog's qualified name of the table, or null for a table named by path
   */
  public static TableDetail of(LoadedSnapshot table, String catalogName) {
    Snapshot snapshot = table.snapshot();
    Metadata metadata = snapshot.metadata();
    Protocol protocol = snapshot.protocol();
    CompactFileList files = snapshot.activeFiles();
    long size = 0;
    for (int i = 0; i < files.size(); i++) {
      size += files.size(i);
    }
    return new TableDetail(
        "delta",
        metadata.id(),
        catalogName != null ? catalogName : metadata.name(),
        metadata.description(),
        snapshot.tableRoot().toString(),
        metadata.createdTime(),
        table
            .log()
            .listing()
            .commit(snapshot.version())
            .map(FileStatus::getModificationTime)
            .orElse(null),
        metadata.partitionColumns(),
        ClusteringColumns.of(snapshot).stream().map(ClusteringColumns::quoted).toList(),
        files.size(),
        size,
        metadata.configuration(),
        protocol.minReaderVersion(),
        protocol.minWriterVersion(),
        TableFeatures.supported(protocol).stream().sorted().toList());
  }
}
