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

import io.deltax.actions.AddFile;
import io.deltax.errors.DeltaXThrowable;
import io.deltax.log.Snapshot;
import io.deltax.read.DeltaXScanBuilder;
import io.deltax.read.FileStreams.FileStreamScan;
import io.deltax.read.metadata.MetadataColumns;
import io.deltax.read.metadata.MetadataField;
import io.deltax.snapshots.LoadedSnapshot;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.connector.read.Batch;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.PartitionReaderFactory;
import org.apache.spark.sql.connector.read.Scan;
import org.apache.spark.sql.connector.read.streaming.Offset;
import org.apache.spark.sql.connector.read.streaming.ReadLimit;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * {@code spark.readStream.format("deltax").load(path)}: the table's snapshot, then the files of
 * every later commit that adds data, with delta-spark's options ({@code startingVersion}, {@code
 * startingTimestamp}, {@code maxFilesPerTrigger}, {@code maxBytesPerTrigger}, {@code
 * skipChangeCommits}, {@code ignoreDeletes}, {@code failOnDataLoss}). Which files a batch admits is
 * {@link StreamFiles}'s; each batch is read by the read chain ({@link
 * DeltaXScanBuilder#streamBatch}).
 */
final class DeltaXMicroBatchStream extends LogMicroBatchStream {
  private final FileStreamScan scan;
  private final StreamSchema schema;
  private final StreamFiles files;

  /** Where batches end at metadata changes: with {@code schemaTrackingLocation} only. */
  private final SchemaBarriers barriers;

  /** Whether the schema at the offset this query resumed from was checked. */
  private boolean resumeChecked;

  /** Decided once per run: Spark asks again for each batch until one commits. */
  private DeltaXSourceOffset initialOffset;

  /**
   * Whether the batches read row tracking fields: Spark 4.1 asks a stream for the whole {@code
   * _metadata} struct, whatever the query selects (see {@code DeltaXScan}).
   */
  private final boolean readsRowTracking;

  DeltaXMicroBatchStream(FileStreamScan scan) {
    super(scan.conf(), scan.snapshot().tableRoot().toString(), scan.snapshot().metadata().id());
    this.scan = scan;
    this.schema = new StreamSchema(table, scan.snapshot());
    this.barriers = schemaBarriers(scan.checkpointLocation(), scan.log(), scan.snapshot());
    this.files = new StreamFiles(table, tableId, schema, request, missing, barriers);
    this.readsRowTracking = readsRowTracking(scan.requiredSchema());
  }

  private static boolean readsRowTracking(StructType requiredSchema) {
    for (StructField column : requiredSchema.fields()) {
      if (column.name().equalsIgnoreCase(MetadataColumns.METADATA)
          && column.dataType() instanceof StructType metadata) {
        for (MetadataField field : MetadataField.values()) {
          if (field.isRowTracking() && metadata.getFieldIndex(field.fieldName()).isDefined()) {
            return true;
          }
        }
      }
    }
    return false;
  }

  @Override
  public synchronized Offset initialOffset() {
    if (initialOffset == null) {
      LoadedSnapshot loaded = latest();
      initialOffset = StartingVersion.initialOffset(request, loaded.log(), loaded.snapshot());
    }
    return initialOffset;
  }

  /** The offset after the files this trigger admits; {@code start} itself when there are none. */
  @Override
  public Offset latestOffset(Offset start, ReadLimit limit) {
    LoadedSnapshot loaded = latest();
    DeltaXSourceOffset from = own(start);
    if (barriers.active()) {
      barriers.start(loaded.log(), loaded.snapshot(), from);
      DeltaXSourceOffset held =
          from.atMetadataChange()
              ? barriers.held(from, files.commit(loaded.log(), from.version()))
              : null;
      if (held != null) {
        return held;
      }
    } else if (start != null && !resumeChecked) {
      checkResumable(loaded, from);
      resumeChecked = true;
    }
    long last = lastVersion(loaded);
    ReadLimits limits = ReadLimits.of(limit);
    StreamFiles.Admission admitted =
        files.admit(loaded.log(), from, last, null, limits.maxFiles(), limits.maxBytes());
    return admitted.end().equals(from) ? from : admitted.end();
  }

  /**
   * The schema the rows at {@code from} were written with, against the one this query reads with,
   * as delta-spark checks the snapshot at its batch's start version. A new query's start names the
   * first version it reads; a restart's offset before a version follows the files of the version
   * before it, which delta-spark's offsets name (the last file read), so that version is checked.
   */
  private void checkResumable(LoadedSnapshot loaded, DeltaXSourceOffset from) {
    boolean newQuery;
    synchronized (this) {
      newQuery = from.equals(initialOffset);
    }
    long version =
        from.isInitialSnapshot() || from.index() >= 0 || newQuery
            ? from.version()
            : from.version() - 1;
    version = Math.min(version, loaded.snapshot().version());
    if (version < loaded.log().listing().earliestRecreatableVersion()) {
      return; // gone from the log: reading the commits after it reports that
    }
    Snapshot at =
        version == loaded.snapshot().version()
            ? loaded.snapshot()
            : loaded.log().snapshotAt(version);
    schema.checkResumable(at.metadata(), version, newQuery);
  }

  @Override
  public InputPartition[] planInputPartitions(Offset start, Offset end) {
    DeltaXSourceOffset to = own(end);
    DeltaXSourceOffset from = batchStart(own(start), to);
    LoadedSnapshot loaded = latest();
    StreamFiles.Admission batch =
        files.admit(
            loaded.log(), from, loaded.snapshot().version(), to, Long.MAX_VALUE, Long.MAX_VALUE);
    if (batch.files().isEmpty()) {
      scan.batchMetrics().plannedNothing(loaded.load());
      return new InputPartition[0];
    }
    List<AddFile> adds = new ArrayList<>();
    long lastVersion = 0;
    for (IndexedFile f : batch.files()) {
      // As delta-spark's: excluded files count in admission, and are left out of the read.
      if (!request.excludes(f.add().path())) {
        adds.add(f.add());
      }
      lastVersion = Math.max(lastVersion, f.version());
    }
    if (adds.isEmpty()) {
      scan.batchMetrics().plannedNothing(loaded.load());
      return new InputPartition[0];
    }
    if (readsRowTracking) {
      adds = BackfilledRowIds.assign(adds, loaded.log(), loaded.snapshot(), table);
    }
    // The files are read with the schema and row tracking fields of the batch's last version.
    long version = lastVersion;
    Snapshot snapshot =
        files
            .initialSnapshot(version)
            .orElseGet(
                () ->
                    version == loaded.snapshot().version()
                        ? loaded.snapshot()
                        : loaded.log().snapshotAt(version));
    // Files written before the query's start with a schema it reads are read with its own. With a
    // schema log, a batch holds no metadata change: its files read with their own snapshot.
    Snapshot readWith =
        !barriers.active() && schema.readsWithStreamSchema(snapshot.metadata(), version)
            ? schema.snapshot()
            : snapshot;
    Scan read =
        DeltaXScanBuilder.streamBatch(
            SparkSession.active(),
            loaded.log(),
            readWith,
            loaded.load(),
            adds,
            scan.requiredSchema(),
            conf);
    Batch tasks = read.toBatch();
    PartitionReaderFactory factory = tasks.createReaderFactory();
    InputPartition[] partitions = tasks.planInputPartitions();
    // Spark asks the stream's scan for its driver metrics once this batch is planned.
    scan.batchMetrics().planned(read.reportDriverMetrics());
    return StreamReaderFactory.wrap(
        partitions, factory, ColumnOrder.of(scan.requiredSchema(), read.readSchema()));
  }

  /**
   * Files and bytes not yet read, and the offset after the latest commit: in {@code
   * StreamingQueryProgress.sources}. The files are counted only where at most {@code
   * spark.deltax.stream.metricsMaxCommits} commits are to be read for it (a stream far behind would
   * read them all at each trigger).
   */
  @Override
  public Map<String, String> metrics(Optional<Offset> latestConsumedOffset) {
    Map<String, String> metrics = new HashMap<>();
    if (latestConsumedOffset.isEmpty()) {
      return metrics;
    }
    try {
      LoadedSnapshot loaded = latest();
      long latest = loaded.snapshot().version();
      DeltaXSourceOffset consumed = own(latestConsumedOffset.get());
      metrics.put("latestOffset", DeltaXSourceOffset.before(tableId, latest + 1).json());
      if (latest - consumed.version() + 1 <= metricsMaxCommits) {
        StreamFiles.Admission outstanding =
            files.admit(loaded.log(), consumed, latest, null, Long.MAX_VALUE, Long.MAX_VALUE);
        metrics.put("numFilesOutstanding", Long.toString(outstanding.files().size()));
        metrics.put("numBytesOutstanding", Long.toString(outstanding.bytes()));
      }
    } catch (Exception e) {
      if (!(e instanceof DeltaXThrowable)) {
        throw e;
      }
      return Map.of(); // the next batch reports the error; metrics never fail a query
    }
    return metrics;
  }

  /** At a metadata change, with a schema log: logs it and stops the query. */
  @Override
  public void commit(Offset end) {
    DeltaXSourceOffset o = own(end);
    if (barriers.active() && o.atMetadataChange()) {
      barriers.committed(o, files.commit(latest().log(), o.version()));
    }
  }

  @Override
  public String toString() {
    return "DeltaXSource[" + table + "]";
  }
}
