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
import java.util.List;
import java.util.OptionalLong;

/**
 * The files a pushed {@code LIMIT} needs: the first files, in the scan's order, whose live rows
 * ({@link LiveRowCount}) reach the limit. Spark still applies the limit to the rows. Only for a
 * scan whose filters are all exact, as Spark pushes a limit only then: every live row counted is
 * one the query returns.
 */
public final class FilesForLimit {
  private FilesForLimit() {}

  /**
   * The leading files of {@code files} that hold at least {@code limit} live rows; all of them
   * where fewer do, or where a file before the limit is reached lacks {@code numRecords}.
   */
  public static List<AddFile> take(List<AddFile> files, int limit) {
    long rows = 0;
    for (int i = 0; i < files.size(); i++) {
      if (rows >= limit) {
        return files.subList(0, i);
      }
      OptionalLong live = LiveRowCount.of(files.get(i));
      if (live.isEmpty()) {
        return files;
      }
      rows += live.getAsLong();
    }
    return files;
  }
}
