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
package io.deltax.read;

import io.deltax.testing.LocalFileSystemUnderScheme;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.net.URI;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;

/**
 * The local file system under the scheme {@code counting:}, known to Hadoop only where a
 * configuration names it ({@code fs.counting.impl}), like a store whose connector or credentials a
 * user passes as read options. Counts what is asked of it.
 */
public final class CountingFileSystem extends LocalFileSystemUnderScheme {
  public static final String SCHEME = "counting";

  /** File systems created, and calls that list or look up files, since {@link #reset}. */
  public static final AtomicInteger CREATED = new AtomicInteger();

  public static final AtomicInteger LOOKUPS = new AtomicInteger();

  public CountingFileSystem() {
    super(SCHEME);
  }

  public static void reset() {
    CREATED.set(0);
    LOOKUPS.set(0);
  }

  @Override
  public void initialize(URI uri, Configuration conf) throws IOException {
    CREATED.incrementAndGet();
    super.initialize(uri, conf);
  }

  @Override
  public FileStatus[] listStatus(Path f) throws FileNotFoundException, IOException {
    LOOKUPS.incrementAndGet();
    return super.listStatus(f);
  }

  @Override
  public FileStatus getFileStatus(Path f) throws IOException {
    LOOKUPS.incrementAndGet();
    return super.getFileStatus(f);
  }
}
