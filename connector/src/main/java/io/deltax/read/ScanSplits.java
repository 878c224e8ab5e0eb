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
import io.deltax.columnmapping.ColumnMapping;
import io.deltax.log.FilePathResolver;
import io.deltax.log.Snapshot;
import io.deltax.partitions.PartitionValues;
import io.deltax.read.files.DeltaXInputPartition;
import io.deltax.read.files.FileSplit;
import io.deltax.read.files.FileSplitter;
import io.deltax.read.files.KeyedInputPartition;
import io.deltax.read.files.SparkParquet;
import io.deltax.read.metadata.MetadataReadPlan;
import io.deltax.read.metadata.SplitConstants;
import java.nio.ByteBuffer;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.fs.Path;
import org.apache.spark.paths.SparkPath;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.execution.datasources.PartitionedFile;
import org.apache.spark.sql.types.StructType;

/**
 * The tasks of a batch scan: its planned files cut into splits as Spark's file sources cut them,
 * each with its partition values and, where the scan selects {@code _metadata}, the file's constant
 * fields. Where the scan reports its partitioning, no task mixes two partitions' files.
 */
final class ScanSplits {
  private ScanSplits() {}

  /**
   * @param metadataPlan the scan's {@code _metadata} read plan, or null
   * @param readPartitionSchema the partition columns read, under their logical names
   * @param keyed whether each task holds the files of one partition, keyed by its values ({@link
   *     KeyedInputPartition}): the scan reports them to Spark
   */
  static InputPartition[] of(
      SparkSession spark,
      Snapshot snapshot,
      List<AddFile> files,
      MetadataReadPlan metadataPlan,
      StructType readPartitionSchema,
      ZoneId sessionZone,
      boolean keyed) {
    FilePathResolver paths = snapshot.paths();
    PartitionValues partitionValues = new PartitionValues(sessionZone);
    // The log keys partition values by physical name.
    StructType physicalPartitionSchema =
        (StructType) ColumnMapping.physical(readPartitionSchema, snapshot.schema());
    List<FileSplitter.SplitSource> sources = new ArrayList<>();
    // Keyed: the files of each partition, by its values (binary ones compared by content).
    Map<List<Object>, List<FileSplitter.SplitSource>> byPartition = new LinkedHashMap<>();
    Map<List<Object>, Object[]> keyValues = new HashMap<>();
    for (AddFile file : files) {
      if (metadataPlan != null) {
        RowTrackingFiles.check(snapshot, file, metadataPlan);
      }
      Path path = paths.resolve(file.path());
      Object[] values = partitionValues.toValues(physicalPartitionSchema, file.partitionValues());
      InternalRow partitionRow = new GenericInternalRow(values);
      SparkPath sparkPath = SparkPath.fromPath(path);
      FileSplitter.SplitSource source =
          new FileSplitter.SplitSource() {
            @Override
            public long size() {
              return file.size();
            }

            @Override
            public FileSplit split(long start, long length) {
              InternalRow row =
                  metadataPlan == null
                      ? partitionRow
                      : metadataPlan.partitionRow(
                          values,
                          new SplitConstants(
                              sparkPath.toString(),
                              path.getName(),
                              file.size(),
                              start,
                              length,
                              file.modificationTime(),
                              file.baseRowId(),
                              file.defaultRowCommitVersion()));
              return new FileSplit(
                  new PartitionedFile(
                      row,
                      sparkPath,
                      start,
                      length,
                      new String[0],
                      file.modificationTime(),
                      file.size(),
                      scala.collection.immutable.Map$.MODULE$.empty()),
                  file.deletionVector());
            }
          };
      if (keyed) {
        List<Object> key = groupKey(values);
        keyValues.putIfAbsent(key, values);
        byPartition.computeIfAbsent(key, v -> new ArrayList<>()).add(source);
      } else {
        sources.add(source);
      }
    }
    FileSplitter splitter =
        new FileSplitter(
            SparkParquet.maxPartitionBytes(),
            SparkParquet.openCostInBytes(),
            SparkParquet.minPartitionNum(spark));
    if (keyed) {
      return keyedTasks(splitter, byPartition, keyValues);
    }
    return splitter.partitions(sources).toArray(new InputPartition[0]);
  }

  /** Each partition's files in tasks of their own, each keyed by the partition's values. */
  private static InputPartition[] keyedTasks(
      FileSplitter splitter,
      Map<List<Object>, List<FileSplitter.SplitSource>> byPartition,
      Map<List<Object>, Object[]> keyValues) {
    List<List<Object>> keys = new ArrayList<>(byPartition.keySet());
    List<List<DeltaXInputPartition>> tasks =
        splitter.partitionsPerGroup(new ArrayList<>(byPartition.values()));
    List<InputPartition> result = new ArrayList<>();
    for (int i = 0; i < keys.size(); i++) {
      InternalRow key = new GenericInternalRow(keyValues.get(keys.get(i)));
      for (DeltaXInputPartition task : tasks.get(i)) {
        result.add(new KeyedInputPartition(task, key));
      }
    }
    return result.toArray(new InputPartition[0]);
  }

  /**
   * {@code tasks} (keyed) with only the splits of {@code files}, a subset of the files they were
   * planned from; a task left with none goes.
   *
   * @throws IllegalStateException where a file is in none of the tasks: its rows would be lost
   */
  static InputPartition[] keeping(InputPartition[] tasks, Snapshot snapshot, List<AddFile> files) {
    Set<SparkPath> kept = new HashSet<>();
    for (AddFile file : files) {
      kept.add(sparkPath(snapshot, file));
    }
    Set<SparkPath> found = new HashSet<>();
    List<InputPartition> result = new ArrayList<>();
    for (InputPartition task : tasks) {
      KeyedInputPartition keyed = (KeyedInputPartition) task;
      FileSplit[] splits =
          Arrays.stream(keyed.partition().splits())
              .filter(split -> kept.contains(split.file().filePath()))
              .toArray(FileSplit[]::new);
      for (FileSplit split : splits) {
        found.add(split.file().filePath());
      }
      if (splits.length > 0) {
        result.add(new KeyedInputPartition(new DeltaXInputPartition(splits), keyed.partitionKey()));
      }
    }
    if (found.size() != kept.size()) {
      throw new IllegalStateException(
          "A grouped scan's runtime filters kept files it did not plan in " + snapshot.tableRoot());
    }
    return result.toArray(new InputPartition[0]);
  }

  /** The path Spark's tasks read {@code file} by. */
  private static SparkPath sparkPath(Snapshot snapshot, AddFile file) {
    return SparkPath.fromPath(snapshot.paths().resolve(file.path()));
  }

  /** A partition's values as a grouping key: binary values compare by content, not identity. */
  private static List<Object> groupKey(Object[] values) {
    List<Object> key = new ArrayList<>(values.length);
    for (Object v : values) {
      key.add(v instanceof byte[] bytes ? ByteBuffer.wrap(bytes) : v);
    }
    return key;
  }
}
