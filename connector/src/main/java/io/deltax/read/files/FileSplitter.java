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
package io.deltax.read.files;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Cuts files into splits and packs them into input partitions the way Spark's file sources do
 * ({@code FilePartition.maxSplitBytes} and {@code getFilePartitions}): splits of at most {@code
 * maxSplitBytes}, largest first, each partition filled until the next split would overflow it,
 * every file counted with {@code openCostInBytes} extra.
 */
public final class FileSplitter {
  private final long maxPartitionBytes;
  private final long openCostInBytes;
  private final int minPartitionNum;

  public FileSplitter(long maxPartitionBytes, long openCostInBytes, int minPartitionNum) {
    this.maxPartitionBytes = maxPartitionBytes;
    this.openCostInBytes = openCostInBytes;
    this.minPartitionNum = Math.max(1, minPartitionNum);
  }

  /** A file to read: everything a split needs but its byte range. */
  public interface SplitSource {
    long size();

    FileSplit split(long start, long length);
  }

  long maxSplitBytes(List<? extends SplitSource> files) {
    long totalBytes = 0;
    for (SplitSource f : files) {
      totalBytes += f.size() + openCostInBytes;
    }
    long bytesPerCore = totalBytes / minPartitionNum;
    return Math.min(maxPartitionBytes, Math.max(openCostInBytes, bytesPerCore));
  }

  public List<DeltaXInputPartition> partitions(List<? extends SplitSource> files) {
    return pack(files, maxSplitBytes(files));
  }

  /**
   * Each group's files packed into partitions of their own, cut with the split size of all the
   * groups' files together: no partition holds files of two groups.
   *
   * @return the partitions of each group, in the order of {@code groups}
   */
  public List<List<DeltaXInputPartition>> partitionsPerGroup(
      List<? extends List<? extends SplitSource>> groups) {
    List<SplitSource> all = new ArrayList<>();
    groups.forEach(all::addAll);
    long maxSplitBytes = maxSplitBytes(all);
    List<List<DeltaXInputPartition>> result = new ArrayList<>();
    for (List<? extends SplitSource> group : groups) {
      result.add(pack(group, maxSplitBytes));
    }
    return result;
  }

  private List<DeltaXInputPartition> pack(List<? extends SplitSource> files, long maxSplitBytes) {
    List<FileSplit> splits = new ArrayList<>();
    for (SplitSource file : files) {
      long size = file.size();
      if (size == 0) {
        splits.add(file.split(0, 0));
      }
      for (long offset = 0; offset < size; offset += maxSplitBytes) {
        splits.add(file.split(offset, Math.min(maxSplitBytes, size - offset)));
      }
    }
    splits.sort(Comparator.comparingLong((FileSplit s) -> s.file().length()).reversed());

    List<DeltaXInputPartition> partitions = new ArrayList<>();
    List<FileSplit> current = new ArrayList<>();
    long currentSize = 0;
    for (FileSplit split : splits) {
      long length = split.file().length();
      if (currentSize + length > maxSplitBytes && !current.isEmpty()) {
        partitions.add(new DeltaXInputPartition(current.toArray(new FileSplit[0])));
        current = new ArrayList<>();
        currentSize = 0;
      }
      currentSize += length + openCostInBytes;
      current.add(split);
    }
    if (!current.isEmpty()) {
      partitions.add(new DeltaXInputPartition(current.toArray(new FileSplit[0])));
    }
    return partitions;
  }
}
