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
package io.deltax.testing;

import java.io.IOException;
import java.nio.file.Files;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RawLocalFileSystem;
import org.apache.hadoop.fs.permission.FsPermission;

/**
 * Hadoop's local file system, but for two of the calls that start a process when Hadoop's native
 * library is not loaded (as in the tests), the two that writing tables makes often: {@code
 * setPermission}, a {@code chmod} for every file and {@code .crc} created, and {@code
 * getFileLinkStatus}, a {@code readlink} for the source and the target of every rename. Here both
 * use {@code java.nio}: the mode is set by {@code chmod(2)} (all twelve bits, as Hadoop's {@code
 * chmod} command gets them), and a path that is not a symbolic link gets the status Hadoop gives
 * it. A process costs about 10 ms on this project's machine, and delta-spark, the tests' oracle,
 * writes every table of the tests through these calls. Registered for {@code file:} by the
 * integration tests' {@code core-site.xml}, with {@link ShellFreeLocalFileSystem} and {@link
 * ShellFreeLocalFs}.
 */
public class ShellFreeRawLocalFileSystem extends RawLocalFileSystem {
  @Override
  public void setPermission(Path p, FsPermission permission) throws IOException {
    Files.setAttribute(pathToFile(p).toPath(), "unix:mode", (int) permission.toShort());
  }

  @Override
  public FileStatus getFileLinkStatus(Path f) throws IOException {
    if (Files.isSymbolicLink(pathToFile(f).toPath())) {
      return super.getFileLinkStatus(f);
    }
    return getFileStatus(f); // what Hadoop returns for a path that is not a link
  }
}
