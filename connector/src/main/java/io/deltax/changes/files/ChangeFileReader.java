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
package io.deltax.changes.files;

import io.deltax.actions.DeletionVectorDescriptor;
import io.deltax.changes.derive.ChangeFeedColumns;
import io.deltax.changes.derive.FileRows;
import io.deltax.changes.plan.ChangeFile;
import io.deltax.deletionvectors.DeletedRows;
import io.deltax.deletionvectors.DeletionVectorStore;
import io.deltax.errors.DeltaXErrors;
import io.deltax.log.FilePathResolver;
import io.deltax.partitions.PartitionValues;
import io.deltax.read.metadata.MetadataBatchAssembler;
import io.deltax.read.metadata.MetadataRowAssembler;
import io.deltax.read.metadata.SplitConstants;
import java.io.IOException;
import java.time.ZoneId;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.spark.paths.SparkPath;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.execution.datasources.PartitionedFile;
import org.apache.spark.sql.types.StructType;

/**
 * Reads the files of a change feed on an executor (data files and change data files), whole files
 * one at a time, through Spark's Parquet reader and a {@code _metadata} assembler (which computes
 * row IDs and row commit versions and drops the rows a deletion vector removes): by batches where
 * the read schema allows ({@link LiveRowsByBatch}), else by rows ({@link LiveRowsByRow}).
 */
public final class ChangeFileReader implements FileRows {
  private final TaskReadFunctions reads;

  /** Where {@code _change_type} is in a row read from a change data file. */
  private final int changeTypeAt;

  private final StructType physicalPartitionSchema;
  private final PartitionValues partitionValues;
  private final FilePathResolver paths;
  private final Path tableRoot;
  private final Configuration hadoopConf;

  public ChangeFileReader(
      TaskReadFunctions reads,
      StructType physicalPartitionSchema,
      ZoneId sessionZone,
      String tableRoot,
      Configuration hadoopConf) {
    this.reads = reads;
    this.changeTypeAt =
        reads.changeData() == null
            ? -1
            : reads.changeData().parquetOutput().fieldIndex(ChangeFeedColumns.CHANGE_TYPE);
    this.physicalPartitionSchema = physicalPartitionSchema;
    this.partitionValues = new PartitionValues(sessionZone);
    this.tableRoot = new Path(tableRoot);
    this.paths = new FilePathResolver(this.tableRoot);
    this.hadoopConf = hadoopConf;
  }

  @Override
  public RowIterator rows(ChangeFile file) {
    return open(
        file,
        file.hasRowIds() ? reads.withRowIds() : reads.withoutRowIds(),
        physicalPartitionSchema,
        false);
  }

  @Override
  public RowIterator rows(ChangeFile file, RowFilter keep) {
    LiveRows rows = open(file, reads.withRowIds(), physicalPartitionSchema, false);
    rows.keepIds(keep);
    return rows;
  }

  @Override
  public RowIterator rowIds(ChangeFile file) {
    return open(file, reads.rowIdsOnly(), new StructType(), true);
  }

  /**
   * Reads the file with its row indexes, which {@code vector} is asked at (the file's own deletion
   * vector drops its rows first). A file without row IDs (a commit before row tracking) is read the
   * same way, and the row ID struct computed for it, which means nothing there, is left out.
   */
  @Override
  public RowIterator hiddenRows(ChangeFile file, DeletionVectorDescriptor vector) {
    DeletedRows hiding = load(vector, file);
    LiveRows rows = open(file, reads.withRowIds(), physicalPartitionSchema, false);
    rows.keepOnly(hiding::contains);
    return file.hasRowIds() ? rows : RowsWithoutField.lastOf(rows);
  }

  @Override
  public RecordedRows changeDataRows(ChangeFile file) {
    return new RecordedChangeRows(
        open(file, reads.changeData(), physicalPartitionSchema, false),
        changeTypeAt,
        tableRoot.toString(),
        paths.resolve(file.path()).toString());
  }

  private DeletedRows load(DeletionVectorDescriptor dv, ChangeFile file) {
    try {
      return DeletionVectorStore.load(dv, tableRoot, hadoopConf);
    } catch (IOException | RuntimeException e) {
      throw DeltaXErrors.unreadableDeletionVector(
          tableRoot.toString(), paths.resolve(file.path()).toString(), e);
    }
  }

  private LiveRows open(
      ChangeFile file, ReadFunction read, StructType partitionSchema, boolean idsOnly) {
    Path path = paths.resolve(file.path());
    Object[] values = partitionValues.toValues(partitionSchema, file.partitionValues());
    SparkPath sparkPath = SparkPath.fromPath(path);
    InternalRow partitionRow =
        read.plan()
            .partitionRow(
                values,
                new SplitConstants(
                    sparkPath.toString(),
                    path.getName(),
                    file.size(),
                    0,
                    file.size(),
                    file.modificationTime(),
                    file.baseRowId(),
                    file.defaultRowCommitVersion()));
    PartitionedFile split =
        new PartitionedFile(
            partitionRow,
            sparkPath,
            0,
            file.size(),
            new String[0],
            file.modificationTime(),
            file.size(),
            scala.collection.immutable.Map$.MODULE$.empty());
    DeletedRows deleted = file.deletionVector() == null ? null : load(file.deletionVector(), file);
    if (read.batch()) {
      return new LiveRowsByBatch(
          read.readFunction().apply(split),
          partitionRow,
          deleted,
          new MetadataBatchAssembler(read.plan()),
          read.plan().selectsMetadata(),
          idsOnly);
    }
    return new LiveRowsByRow(
        read.readFunction().apply(split),
        partitionRow,
        deleted,
        new MetadataRowAssembler(read.plan(), read.parquetOutput()),
        idsOnly);
  }
}
