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
package io.deltax.log;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.deltax.actions.AddFile;
import io.deltax.actions.DeletionVectorDescriptor;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A compact file list gives back every field of every file exactly as it was added. */
class CompactFileListTest {
  private static final String UUID = "0c3f1d2e-4b5a-4c6d-8e7f-90a1b2c3d4e5";

  private static AddFile file(String path, Map<String, String> partitionValues, String stats) {
    return new AddFile(
        path, partitionValues, 1024, 1764000000000L, true, stats, Map.of(), null, null, null, null);
  }

  private static List<AddFile> files() {
    Map<String, String> nullValue = new HashMap<>();
    nullValue.put("p", null);
    DeletionVectorDescriptor dv = new DeletionVectorDescriptor("u", "ab^-aa", 1, 36, 2L, null);
    DeletionVectorDescriptor inline =
        new DeletionVectorDescriptor("i", "wi5b=000010000siXQKl0rr91000f", null, 10, 1L, 4L);
    return List.of(
        file("part-00000-" + UUID + "-c000.snappy.parquet", Map.of(), "{\"numRecords\":1}"),
        file("p=1/part-00001-" + UUID + "-c000.snappy.parquet", Map.of("p", "1"), null),
        // Upper-case hex is not the canonical form: kept as text.
        file("part-00000-" + UUID.toUpperCase() + "-c000.snappy.parquet", Map.of(), "{}"),
        file(
            "p=%C3%A9t%C3%A9/données 日本.parquet",
            Map.of("p", "été"), "{\"minValues\":{\"v\":\"é\"}}"),
        file("s3://bucket/other/table/x.parquet", nullValue, null),
        file("no-directory.parquet", null, ""),
        new AddFile("a.parquet", Map.of(), 0, 0, false, null, null, null, null, null, null),
        new AddFile(
            "b.parquet",
            Map.of("p", "1"),
            Long.MAX_VALUE,
            -1,
            false,
            "{}",
            Map.of("INSERTION_TIME", "1", "tag", "v"),
            dv,
            0L,
            0L,
            "liquid"),
        new AddFile(
            "c.parquet",
            Map.of(),
            7,
            Long.MIN_VALUE,
            true,
            null,
            Map.of(),
            inline,
            Long.MAX_VALUE,
            12L,
            null),
        new AddFile(UUID, Map.of(), 1, 1, true, null, Map.of(), null, -5L, null, null));
  }

  @Test
  void everyFieldRoundTrips() {
    FileListEncoder encoder = new FileListEncoder(null);
    List<AddFile> files = files();
    for (int i = 0; i < files.size(); i++) {
      encoder.add(files.get(i), i % 3 == 0 ? -1 : i);
    }
    CompactFileList list = encoder.build();
    assertEquals(files, list);
    for (int i = 0; i < files.size(); i++) {
      AddFile f = files.get(i);
      assertEquals(f.path(), list.path(i));
      assertEquals(f.stats(), list.stats(i));
      assertEquals(f.partitionValues(), list.partitionValues(i));
      int partition = list.partitionIndex(i);
      assertEquals(f.partitionValues() == null, partition == -1, f.path());
      assertTrue(partition < list.partitionCount(), f.path());
      assertEquals(f.size(), list.size(i));
      assertEquals(f.baseRowId(), list.baseRowId(i));
      assertEquals(f.defaultRowCommitVersion(), list.defaultRowCommitVersion(i));
      assertEquals(f.deletionVectorId(), list.deletionVectorId(i));
      assertEquals(f.tags(), list.get(i).tags(), f.path());
      assertEquals(i % 3 == 0 ? -1 : i, list.firstAdded(i), f.path());
    }
    assertNull(list.get(6).tags()); // null stays null, empty stays empty
    assertEquals(Map.of(), list.get(0).tags());
  }

  @Test
  void filesOfOnePartitionShareTheirValues() {
    FileListEncoder encoder = new FileListEncoder(null);
    encoder.add(file("p=1/a.parquet", new HashMap<>(Map.of("p", "1")), null), -1);
    encoder.add(file("p=1/b.parquet", new HashMap<>(Map.of("p", "1")), null), -1);
    encoder.add(file("p=2/c.parquet", new HashMap<>(Map.of("p", "2")), null), -1);
    CompactFileList list = encoder.build();
    assertSame(list.partitionValues(0), list.partitionValues(1));
    // A scan judges a partition once, by this index.
    assertEquals(list.partitionIndex(0), list.partitionIndex(1));
    assertNotEquals(list.partitionIndex(0), list.partitionIndex(2));
    assertEquals(Map.of("p", "2"), list.partitionValues(2));
  }

  @Test
  void anAdvancedListKeepsTheOlderEntriesAndTheirFirstAddedVersions() {
    FileListEncoder older = new FileListEncoder(null);
    List<AddFile> files = files();
    for (int i = 0; i < files.size(); i++) {
      older.add(files.get(i), i);
    }
    CompactFileList base = older.build();
    FileListEncoder newer = new FileListEncoder(base);
    AddFile added = file("p=2/part-00003-" + UUID + "-c000.snappy.parquet", Map.of("p", "2"), null);
    newer.add(added, 9);
    List<AddFile> expected = new ArrayList<>(List.of(added));
    for (int i = 1; i < files.size(); i += 2) {
      newer.addEncoded(i);
      expected.add(files.get(i));
    }
    CompactFileList list = newer.build();
    assertEquals(expected, list);
    assertEquals(9, list.firstAdded(0));
    for (int i = 1; i < list.size(); i++) {
      assertEquals(2L * i - 1, list.firstAdded(i));
    }
  }

  /** Whether some file has a deletion vector, as a walk of the {@code AddFile}s finds it. */
  private static void assertDeletionVectors(boolean expected, CompactFileList list) {
    assertEquals(expected, list.stream().anyMatch(f -> f.deletionVector() != null));
    assertEquals(expected, list.hasDeletionVectors());
  }

  @Test
  void whetherSomeFileHasADeletionVectorIsKnownOnceWritten() {
    List<AddFile> files = files();
    FileListEncoder all = new FileListEncoder(null);
    files.forEach(f -> all.add(f, -1));
    CompactFileList base = all.build();
    assertDeletionVectors(true, base);
    assertDeletionVectors(false, new FileListEncoder(null).build());

    // An advanced list: the older entries it keeps count, those it drops do not.
    FileListEncoder keepsOne = new FileListEncoder(base);
    keepsOne.add(files.get(0), 1);
    keepsOne.addEncoded(7);
    assertDeletionVectors(true, keepsOne.build());
    FileListEncoder dropsThem = new FileListEncoder(base);
    for (int i = 0; i < files.size(); i++) {
      if (files.get(i).deletionVector() == null) {
        dropsThem.addEncoded(i);
      }
    }
    dropsThem.add(files.get(0), 1);
    assertDeletionVectors(false, dropsThem.build());
    FileListEncoder addsOne = new FileListEncoder(dropsThem.build());
    addsOne.add(files.get(8), 2);
    assertDeletionVectors(true, addsOne.build());
  }
}
