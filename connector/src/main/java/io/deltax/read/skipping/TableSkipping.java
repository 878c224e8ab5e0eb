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
package io.deltax.read.skipping;

import io.deltax.conf.ReadConf;
import io.deltax.log.FilePathResolver;
import io.deltax.log.Snapshot;
import io.deltax.log.TransactionLog;
import io.deltax.partitions.PartitionValues;
import io.deltax.rowtracking.RowDataVersionFinder;
import io.deltax.rowtracking.RowDataVersions;
import io.deltax.rowtracking.RowTrackingConfig;
import java.util.List;
import java.util.Set;
import org.apache.spark.sql.sources.Filter;

/**
 * What the skipping of one table's snapshot needs, for the pushed filters and for each set of
 * runtime filters alike: the schema, partition columns, session time zone, the materialized row ID
 * column and the row data version map. Holds no scan: a scan keeps it to skip by runtime filters.
 * The row data version map is found (and for a derived one, read) once, on first need.
 */
public final class TableSkipping {
  private final TransactionLog log;
  private final Snapshot snapshot;
  private final ReadConf conf;
  private final Set<String> partitionColumns;
  private RowDataVersions rowDataVersions;

  public TableSkipping(
      TransactionLog log, Snapshot snapshot, ReadConf conf, Set<String> partitionColumns) {
    this.log = log;
    this.snapshot = snapshot;
    this.conf = conf;
    this.partitionColumns = partitionColumns;
  }

  /**
   * The skipping of {@code filters}: the row data version map and footers are read only for filters
   * naming them; the files' statistics are parsed once per snapshot, for every scan of it.
   */
  public DataSkipping of(List<Filter> filters) {
    RowTrackingConfig rowTracking = RowTrackingConfig.of(snapshot);
    MaterializedRowIdRange materializedRowIds = null;
    if (rowTracking.enabled() && rowTracking.materializedRowIdColumn().isPresent()) {
      FilePathResolver paths = snapshot.paths();
      materializedRowIds =
          new MaterializedRowIdRange(
              conf.hadoopConf(),
              rowTracking.materializedRowIdColumn().get(),
              f -> paths.resolve(f.path()));
    }
    return new DataSkipping(
        snapshot.schema(),
        partitionColumns,
        filters,
        new PartitionValues(conf.sessionZone()),
        materializedRowIds,
        () -> rowTracking.enabled() ? rowDataVersions() : null,
        SnapshotColumnBounds.of(snapshot));
  }

  /** The table's row data version map, found (and for a derived one, read) on first need. */
  public synchronized RowDataVersions rowDataVersions() {
    if (rowDataVersions == null) {
      rowDataVersions = RowDataVersionFinder.forSnapshot(log, snapshot);
    }
    return rowDataVersions;
  }
}
