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

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.StandardCopyOption;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Options;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes a file of the log that is only a hint, such as {@code _last_checkpoint}, replacing the one
 * there: the last writer wins (PROTOCOL.md, "Last Checkpoint File"), so unlike {@link
 * LogFilePublisher} no put-if-absent is needed, only a file that appears whole.
 */
public final class HintFileWriter {
  private static final Logger LOG = LoggerFactory.getLogger(HintFileWriter.class);

  private final Configuration conf;
  private final TemporaryFiles temporary;

  public HintFileWriter(Configuration conf) {
    this.conf = conf;
    this.temporary = new TemporaryFiles(conf);
  }

  /**
   * Writes {@code content} as {@code target}, replacing it, atomically where the store can: one
   * upload on an object store, else a temporary file moved over the target.
   */
  public void replace(Path target, byte[] content) throws IOException {
    FileSystem fs = target.getFileSystem(conf);
    PutIfAbsentMethod method = PutIfAbsentMethod.forScheme(fs.getUri().getScheme());
    if (method.writesFinalNameDirectly()) {
      try (OutputStream out = fs.create(target, true)) { // one PUT: the object appears whole
        out.write(content);
      }
      return;
    }
    Path temp = TemporaryFiles.nameFor(target);
    try {
      temporary.write(fs, temp, content, true);
      if (method == PutIfAbsentMethod.HARD_LINK) {
        java.nio.file.Files.move(
            LocalFileWrites.local(fs, temp),
            LocalFileWrites.local(fs, target),
            StandardCopyOption.REPLACE_EXISTING,
            StandardCopyOption.ATOMIC_MOVE);
        TemporaryFiles.dropStaleChecksum(fs, target);
      } else {
        renameOverHint(fs, temp, target);
      }
    } finally {
      TemporaryFiles.deleteQuietly(fs, temp);
    }
  }

  /**
   * Renames over a hint file. On ABFS's Blob endpoint an overwriting rename is a delete and then a
   * conditional copy, so when two writers replace the hint at once the second copy is refused
   * ("rename ... failed"). The other writer's hint is then in place, which is as good as ours: the
   * hint only shortens a listing (PROTOCOL.md, "Last Checkpoint File").
   */
  private void renameOverHint(FileSystem fs, Path temp, Path target) throws IOException {
    try {
      temporary.rename(temp, target, Options.Rename.OVERWRITE);
    } catch (IOException e) {
      if (!fs.exists(target)) {
        throw e;
      }
      LOG.info(
          "Another writer replaced {} at the same time; its hint is kept ({})",
          target,
          e.toString());
    }
  }
}
