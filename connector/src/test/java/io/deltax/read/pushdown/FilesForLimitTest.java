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
package io.deltax.read.pushdown;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.deltax.actions.AddFile;
import io.deltax.actions.DeletionVectorDescriptor;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The files a pushed limit needs. */
class FilesForLimitTest {
  private static AddFile file(String name, Long records, long deleted) {
    DeletionVectorDescriptor dv =
        deleted == 0 ? null : new DeletionVectorDescriptor("u", "x", 1, 10, deleted, null);
    String stats = records == null ? null : "{\"numRecords\":" + records + "}";
    return new AddFile(name, Map.of(), 1, 1, true, stats, Map.of(), dv, null, null, null);
  }

  private static List<String> take(List<AddFile> files, int limit) {
    return FilesForLimit.take(files, limit).stream().map(AddFile::path).toList();
  }

  @Test
  void leadingFilesUpToTheLimitCountingLiveRows() {
    List<AddFile> files = List.of(file("a", 5L, 0), file("b", 5L, 4), file("c", 5L, 0));
    assertEquals(List.of("a"), take(files, 5));
    assertEquals(List.of("a", "b", "c"), take(files, 7)); // b has one live row
    assertEquals(List.of("a", "b"), take(files, 6));
    assertEquals(List.of(), take(files, 0));
    assertEquals(List.of("a", "b", "c"), take(files, 100)); // fewer rows than the limit
  }

  @Test
  void aFileWithoutNumRecordsPlansEveryFile() {
    List<AddFile> files = List.of(file("a", 2L, 0), file("b", null, 0), file("c", 5L, 0));
    assertEquals(List.of("a", "b", "c"), take(files, 3));
    assertEquals(List.of("a"), take(files, 2)); // reached before the file without statistics
  }
}
