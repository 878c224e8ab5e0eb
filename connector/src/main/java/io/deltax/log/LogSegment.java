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

import java.util.List;
import java.util.Optional;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;

/**
 * The files that rebuild one version of a table: the newest complete checkpoint at or before it (if
 * any), then every commit after that checkpoint up to the version, in order and without gaps.
 */
public record LogSegment(
    Path tableRoot, long version, Optional<Checkpoint> checkpoint, List<FileStatus> commits) {

  /** The newest file of the segment: its last commit, else its checkpoint's first file. */
  public FileStatus lastFile() {
    return commits.isEmpty()
        ? checkpoint.orElseThrow().files().get(0)
        : commits.get(commits.size() - 1);
  }

  /** The modification time of the segment's last commit file (or of its checkpoint). */
  public long lastModificationTime() {
    if (!commits.isEmpty()) {
      return commits.get(commits.size() - 1).getModificationTime();
    }
    return checkpoint.map(c -> c.files().get(0).getModificationTime()).orElse(0L);
  }
}
