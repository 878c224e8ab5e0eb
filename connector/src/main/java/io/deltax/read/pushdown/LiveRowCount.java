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

import io.deltax.actions.AddFile;
import io.deltax.log.RecordCounts;
import java.util.List;
import java.util.OptionalLong;

/**
 * The live rows of files: their exact {@code numRecords} (PROTOCOL.md, "Per-file Statistics") less
 * the rows their deletion vectors remove (the vector's {@code cardinality}).
 */
public final class LiveRowCount {
  private LiveRowCount() {}

  /** The live row count of the files, or empty when a file lacks {@code numRecords}. */
  public static OptionalLong of(List<AddFile> files) {
    long total = 0;
    for (AddFile f : files) {
      OptionalLong rows = of(f);
      if (rows.isEmpty()) {
        return OptionalLong.empty();
      }
      total += rows.getAsLong();
    }
    return OptionalLong.of(total);
  }

  /** The live rows of one file, or empty when it lacks {@code numRecords}. */
  public static OptionalLong of(AddFile file) {
    OptionalLong records = RecordCounts.numRecords(file);
    return records.isEmpty() ? records : OptionalLong.of(of(file, records.getAsLong()));
  }

  /** The live rows of a file of {@code numRecords} rows. */
  static long of(AddFile file, long numRecords) {
    return numRecords - (file.deletionVector() == null ? 0 : file.deletionVector().cardinality());
  }
}
