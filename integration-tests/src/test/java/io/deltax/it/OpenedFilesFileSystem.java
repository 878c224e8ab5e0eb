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
package io.deltax.it;

import io.deltax.testing.LocalFileSystemUnderScheme;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.Path;

/**
 * The local file system under the scheme {@code opened:}, known to Hadoop only through read options
 * ({@link #OPTIONS}), which records the name of every file opened outside {@code _delta_log}: data
 * files, deletion vectors, change data files.
 */
public final class OpenedFilesFileSystem extends LocalFileSystemUnderScheme {
  public static final String SCHEME = "opened";

  /** The read options that make Hadoop use it, uncached. */
  public static final Map<String, String> OPTIONS =
      Map.of(
          "fs." + SCHEME + ".impl",
          OpenedFilesFileSystem.class.getName(),
          "fs." + SCHEME + ".impl.disable.cache",
          "true");

  private static final Queue<String> OPENED = new ConcurrentLinkedQueue<>();

  public OpenedFilesFileSystem() {
    super(SCHEME);
  }

  @Override
  public FSDataInputStream open(Path f, int bufferSize) throws IOException {
    if (!f.toString().contains("/_delta_log/")) {
      OPENED.add(f.getParent().getName() + "/" + f.getName());
    }
    return super.open(f, bufferSize);
  }

  /** Forgets the files opened so far. */
  public static void clear() {
    OPENED.clear();
  }

  /** Each open since {@link #clear}, as {@code <folder>/<file name>}. */
  public static List<String> opened() {
    return List.copyOf(OPENED);
  }

  /** How many opens since {@link #clear} were of files whose name starts with {@code prefix}. */
  public static long opensOf(String prefix) {
    return OPENED.stream().filter(n -> n.substring(n.indexOf('/') + 1).startsWith(prefix)).count();
  }
}
