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
package io.deltax.snapshots;

import io.deltax.testing.LocalFileSystemUnderScheme;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;

/**
 * The local file system under the scheme {@code logreads:}, which records the name of every file
 * opened and of every file asked for its status (a HEAD on an object store), and counts the
 * listings: what a load of a snapshot read.
 */
public final class LogReadsFileSystem extends LocalFileSystemUnderScheme {
  public static final String SCHEME = "logreads";
  private static final List<String> OPENED = new ArrayList<>();
  private static final List<String> STATTED = new ArrayList<>();
  private static int listings;

  /** Set while {@link #open} runs: the local file system asks for the status of what it opens. */
  private static final ThreadLocal<Boolean> OPENING = ThreadLocal.withInitial(() -> false);

  public LogReadsFileSystem() {
    super(SCHEME);
  }

  /** A configuration that knows the scheme. */
  public static Configuration conf() {
    Configuration conf = new Configuration();
    conf.set("fs." + SCHEME + ".impl", LogReadsFileSystem.class.getName());
    conf.set("fs." + SCHEME + ".impl.disable.cache", "true");
    // The tests write their checkpoints through this scheme, which has no put-if-absent step of
    // its own; one writer at a time, so a plain create is safe.
    conf.set(io.deltax.conf.SessionSettings.COMMIT_SINGLE_WRITER.key(), "true");
    return conf;
  }

  public static String path(java.nio.file.Path dir) {
    return SCHEME + ":" + dir.toAbsolutePath();
  }

  public static synchronized void reset() {
    OPENED.clear();
    STATTED.clear();
    listings = 0;
  }

  /** The names of the files opened since {@link #reset}, in order. */
  public static synchronized List<String> opened() {
    return List.copyOf(OPENED);
  }

  /** The names of the files whose status was asked for since {@link #reset}, opens aside. */
  public static synchronized List<String> statted() {
    return List.copyOf(STATTED);
  }

  public static synchronized int listings() {
    return listings;
  }

  @Override
  public FSDataInputStream open(Path f, int bufferSize) throws IOException {
    synchronized (LogReadsFileSystem.class) {
      OPENED.add(f.getName());
    }
    OPENING.set(true);
    try {
      return super.open(f, bufferSize);
    } finally {
      OPENING.set(false);
    }
  }

  @Override
  public FileStatus getFileStatus(Path f) throws IOException {
    if (!OPENING.get()) {
      synchronized (LogReadsFileSystem.class) {
        STATTED.add(f.getName());
      }
    }
    return super.getFileStatus(f);
  }

  @Override
  public FileStatus[] listStatus(Path f) throws IOException {
    synchronized (LogReadsFileSystem.class) {
      listings++;
    }
    return super.listStatus(f);
  }
}
