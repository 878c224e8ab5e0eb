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

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.spark.paths.SparkPath;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.execution.datasources.PartitionedFile;
import org.junit.jupiter.api.Test;

/** Splits and packing as Spark's file sources do them. */
class FileSplitterTest {
  private static FileSplitter.SplitSource file(String name, long size) {
    return new FileSplitter.SplitSource() {
      @Override
      public long size() {
        return size;
      }

      @Override
      public FileSplit split(long start, long length) {
        return new FileSplit(
            new PartitionedFile(
                InternalRow.empty(),
                SparkPath.fromPathString("/t/" + name),
                start,
                length,
                new String[0],
                0,
                size,
                scala.collection.immutable.Map$.MODULE$.empty()),
            null);
      }
    };
  }

  @Test
  void largeFilesAreCutIntoSplitsThatCoverEveryByte() {
    FileSplitter splitter = new FileSplitter(100, 10, 1);
    List<DeltaXInputPartition> partitions = splitter.partitions(List.of(file("a", 250)));
    List<long[]> ranges = new ArrayList<>();
    partitions.forEach(
        p ->
            Arrays.stream(p.splits())
                .forEach(s -> ranges.add(new long[] {s.file().start(), s.file().length()})));
    ranges.sort((x, y) -> Long.compare(x[0], y[0]));
    assertEquals(3, ranges.size());
    assertEquals(List.of(0L, 100L, 200L), ranges.stream().map(r -> r[0]).toList());
    assertEquals(List.of(100L, 100L, 50L), ranges.stream().map(r -> r[1]).toList());
  }

  @Test
  void smallFilesArePackedWithTheirOpenCost() {
    FileSplitter splitter = new FileSplitter(100, 10, 1);
    List<FileSplitter.SplitSource> files = new ArrayList<>();
    for (int i = 0; i < 6; i++) {
      files.add(file("f" + i, 30));
    }
    // Each file counts 40 bytes: two fit in 100, a third does not.
    List<DeltaXInputPartition> partitions = splitter.partitions(files);
    assertEquals(3, partitions.size());
    partitions.forEach(p -> assertEquals(2, p.splits().length));
  }

  @Test
  void maxSplitBytesFollowsParallelism() {
    // 4 files of 1000 bytes over 4 cores: (4 * (1000 + 10)) / 4 = 1010 < 128 MiB.
    FileSplitter splitter = new FileSplitter(128L << 20, 10, 4);
    List<FileSplitter.SplitSource> files =
        List.of(file("a", 1000), file("b", 1000), file("c", 1000), file("d", 1000));
    assertEquals(1010, splitter.maxSplitBytes(files));
    assertEquals(4, splitter.partitions(files).size());
  }

  @Test
  void groupsArePackedApartWithTheSplitSizeOfAllTheirFiles() {
    FileSplitter splitter = new FileSplitter(128L << 20, 10, 2);
    // Split size (2050 bytes with open costs) / 2 cores = 1025; group a alone would get 25, and a
    // partition per file.
    List<List<FileSplitter.SplitSource>> groups =
        List.of(
            List.of(file("a1", 15), file("a2", 15)), List.of(file("b1", 1000), file("b2", 980)));
    List<List<DeltaXInputPartition>> partitions = splitter.partitionsPerGroup(groups);
    assertEquals(2, partitions.size());
    for (int g = 0; g < groups.size(); g++) {
      String group = g == 0 ? "/t/a" : "/t/b";
      for (DeltaXInputPartition p : partitions.get(g)) {
        for (FileSplit split : p.splits()) {
          assertEquals(
              true, split.file().filePath().toString().startsWith(group), split.toString());
          assertEquals(split.file().fileSize(), split.file().length(), "no file is cut");
        }
      }
    }
    // The two small files share one partition; the large ones fill one each.
    assertEquals(1, partitions.get(0).size());
    assertEquals(2, partitions.get(1).size());
  }
}
