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
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocalFileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RawLocalFileSystem;
import org.apache.hadoop.fs.permission.FsPermission;

/**
 * Creates new files of the log on Hadoop's local file system with {@code java.nio}, as Hadoop's
 * {@code create} would but without starting a process: without Hadoop's native library (as in
 * Spark's own distribution) Hadoop sets a new file's permissions with a {@code chmod} process, for
 * the file and again for its {@code .crc}, 10 to 17 ms each on this project's machine. The file
 * gets the permissions Hadoop would give it ({@code 0666} less {@code fs.permissions.umask-mode}),
 * set by a system call, and no {@code .crc}.
 */
final class LocalFileWrites {
  private LocalFileWrites() {}

  /**
   * Whether files of {@code fs} are created here: Hadoop's own local file system under {@code
   * file:}; a file system a user put there in its place keeps being asked.
   */
  static boolean applies(FileSystem fs) {
    return "file".equals(fs.getUri().getScheme())
        && (fs instanceof LocalFileSystem || fs instanceof RawLocalFileSystem);
  }

  static java.nio.file.Path local(FileSystem fs, Path path) {
    return java.nio.file.Path.of(fs.makeQualified(path).toUri());
  }

  /**
   * Creates {@code path}, which must not exist, with Hadoop's permissions for a new file, and
   * writes {@code content} to it (none: an empty file for a writer to fill). A missing directory is
   * made through Hadoop, as its {@code create} would.
   */
  static java.nio.file.Path create(FileSystem fs, Configuration conf, Path path, byte[] content)
      throws IOException {
    java.nio.file.Path file = local(fs, path);
    try {
      Files.write(file, content, StandardOpenOption.CREATE_NEW);
    } catch (NoSuchFileException e) {
      fs.mkdirs(path.getParent());
      Files.write(file, content, StandardOpenOption.CREATE_NEW);
    }
    if (file.getFileSystem().supportedFileAttributeViews().contains("posix")) {
      // rwxr-xr-x form: a umask-applied 0666 has no sticky bit, the one letter this would not take
      FsPermission permission =
          FsPermission.getFileDefault().applyUMask(FsPermission.getUMask(conf));
      Files.setPosixFilePermissions(file, PosixFilePermissions.fromString(permission.toString()));
    }
    return file;
  }
}
