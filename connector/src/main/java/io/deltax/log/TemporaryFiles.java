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
import java.lang.ref.Reference;
import java.util.UUID;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.ChecksumFileSystem;
import org.apache.hadoop.fs.FileContext;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Options;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A log file's hidden temporary twin beside it, on stores where a file is published by a link or a
 * rename: its name, its writing, its move into place and its clean-up. Shared by the put-if-absent
 * publish ({@link LogFilePublisher}) and the hint's replacement ({@link HintFileWriter}).
 */
final class TemporaryFiles {
  private static final Logger LOG = LoggerFactory.getLogger(TemporaryFiles.class);

  private final Configuration conf;

  TemporaryFiles(Configuration conf) {
    this.conf = conf;
  }

  /** A hidden temporary name beside {@code target}: no reader of the log takes it for one. */
  static Path nameFor(Path target) {
    return new Path(target.getParent(), "." + target.getName() + "." + UUID.randomUUID() + ".tmp");
  }

  /**
   * Writes a temporary file beside its target: on Hadoop's local file system without Hadoop's
   * {@code create} ({@link LocalFileWrites}: no process started, no {@code .crc}), elsewhere
   * through the cached FileSystem, not a FileContext (see {@link #rename}). {@code overwrite} is
   * Hadoop's flag; a local temporary name is always new.
   */
  void write(FileSystem fs, Path temp, byte[] content, boolean overwrite) throws IOException {
    if (LocalFileWrites.applies(fs)) {
      LocalFileWrites.create(fs, conf, temp, content);
      return;
    }
    try (OutputStream out = fs.create(temp, overwrite)) {
      out.write(content);
    }
  }

  /**
   * {@code FileContext.rename}, the one call that renames atomically with or without overwrite on
   * every store that has it. A FileContext is not cached: each one wraps a new FileSystem, and
   * hadoop-azure's {@code Abfs} closes that FileSystem when it is finalized, which ABFS's own
   * streams and calls do not prevent (a commit's temporary file once failed with "Executor Service
   * closed before writes could be completed"). So the context stays reachable until the rename has
   * returned, and files are created through the cached FileSystem instead.
   */
  void rename(Path from, Path to, Options.Rename option) throws IOException {
    FileContext context = FileContext.getFileContext(to.toUri(), conf);
    try {
      context.rename(from, to, option);
    } finally {
      Reference.reachabilityFence(context);
    }
  }

  /**
   * On Hadoop's checksummed local file system, removes a {@code .crc} file left beside {@code
   * target} by an older file of that name (one delta-spark wrote, say): it would make every read of
   * the new file fail. The published file has none, as deltax's commits never had.
   */
  static void dropStaleChecksum(FileSystem fs, Path target) {
    if (fs instanceof ChecksumFileSystem checksummed) {
      try {
        java.nio.file.Files.deleteIfExists(
            LocalFileWrites.local(fs, checksummed.getChecksumFile(target)));
      } catch (IOException e) {
        // The file is published: a stale checksum beside it must not make that look like a failure.
        LOG.warn("Cannot delete the stale checksum file beside {}: {}", target, e.toString());
      }
    }
  }

  /** Deletes a temporary file and, on a checksummed local file system, its {@code .crc} file. */
  static void deleteQuietly(FileSystem fs, Path temp) {
    try {
      if (fs instanceof ChecksumFileSystem checksummed) {
        checksummed.getRawFileSystem().delete(checksummed.getChecksumFile(temp), false);
        checksummed.getRawFileSystem().delete(temp, false);
      } else {
        fs.delete(temp, false);
      }
    } catch (IOException ignored) {
      // gone already, after a rename; or left hidden, where no reader of the log looks
    }
  }
}
