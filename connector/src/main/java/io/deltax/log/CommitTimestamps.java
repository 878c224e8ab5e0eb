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

import io.deltax.actions.CommitInfo;
import io.deltax.actions.Metadata;
import io.deltax.protocol.TableProperties;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;

/** The commit time of the version a snapshot is rebuilt or advanced to. */
final class CommitTimestamps {
  private final Path tableRoot;
  private final LogFiles files;

  CommitTimestamps(Path tableRoot, LogFiles files) {
    this.tableRoot = tableRoot;
    this.files = files;
  }

  /**
   * The commit time of a segment's version: its commit's in-commit timestamp where they are
   * enabled, else its file's modification time. Where a checkpoint of that very version rebuilds
   * the table, the segment holds no commit: the in-commit timestamp is then read from the first
   * line of the version's commit file (PROTOCOL.md, "In-Commit Timestamps": the timestamp of a
   * commit is its {@code inCommitTimestamp}, not the time of any file). Where that file is gone too
   * (another tool's clean-up), the version's checksum file may still record it.
   *
   * @param newestFirst the segment's commits after its checkpoint, newest first
   * @param versionCommit the version's commit file, where it is still listed
   * @param segmentTime the segment's newest file time, for a version whose commit is gone
   */
  long of(
      Metadata metadata,
      long version,
      List<LogFiles.CommitActions> newestFirst,
      Optional<FileStatus> versionCommit,
      long segmentTime) {
    long fileTime = versionCommit.map(FileStatus::getModificationTime).orElse(segmentTime);
    if (!TableProperties.of(tableRoot.toString(), metadata).inCommitTimestampsEnabled()) {
      return fileTime;
    }
    if (!newestFirst.isEmpty() && newestFirst.get(0).version() == version) {
      return newestFirst.get(0).actions().stream()
          .filter(CommitInfo.class::isInstance)
          .map(CommitInfo.class::cast)
          .findFirst()
          .map(CommitInfo::inCommitTimestamp)
          .orElse(fileTime);
    }
    return versionCommit.isPresent()
        ? files.inCommitTimestamp(versionCommit.get()).orElse(fileTime)
        : files.checksumInCommitTimestamp(version).orElse(fileTime);
  }
}
