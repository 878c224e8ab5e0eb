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
package io.deltax.actions;

import java.io.IOException;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Options;
import org.apache.hadoop.util.functional.FutureIO;

/**
 * Opens a file the log's listing already describes. {@code fs.open(path)} makes S3A (and ABFS) ask
 * the store for the file's length first, a HEAD per file; with the listed status it does not.
 */
public final class LogFileOpener {
  private LogFileOpener() {}

  /**
   * Opens {@code file} with its listed status and a read policy ("sequential", "whole-file", ...).
   */
  public static FSDataInputStream open(FileSystem fs, FileStatus file, String readPolicy)
      throws IOException {
    return FutureIO.awaitFuture(
        fs.openFile(file.getPath())
            .withFileStatus(file)
            .opt(Options.OpenFileOptions.FS_OPTION_OPENFILE_READ_POLICY, readPolicy)
            .build());
  }
}
