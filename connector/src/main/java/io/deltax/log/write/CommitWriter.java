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
package io.deltax.log.write;

import io.deltax.log.LogFileName;
import io.deltax.log.LogFilePublisher;
import java.io.IOException;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;

/**
 * Writes commit {@code N.json} only if no other writer wrote it first (PROTOCOL.md, "Delta Log
 * Entries": mutual exclusion is the writer's job). The commit is written whole and published in one
 * atomic put-if-absent step, chosen per store by {@link LogFilePublisher}; on a store where that
 * cannot be done, the first write fails with {@code [DELTAX_UNSAFE_COMMIT_STORE]} before anything
 * is written, unless single-writer mode is accepted.
 */
public final class CommitWriter {
  private final Path logDir;
  private final LogFilePublisher publisher;

  public CommitWriter(Path logDir, Configuration conf) {
    this.logDir = logDir;
    this.publisher = new LogFilePublisher(conf);
  }

  /**
   * Writes the commit.
   *
   * @return false when commit {@code version} already exists: another writer won the race
   */
  public boolean write(long version, List<String> actions) throws IOException {
    return write(version, content(actions));
  }

  /** A commit file's bytes: one action per line. */
  public static byte[] content(List<String> actions) {
    return LogFilePublisher.lines(actions);
  }

  /** Writes a commit file whose bytes {@link #content} made; false as above. */
  public boolean write(long version, byte[] content) throws IOException {
    return publisher.write(new Path(logDir, LogFileName.commitName(version)), content);
  }
}
