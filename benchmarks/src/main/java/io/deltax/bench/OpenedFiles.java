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
package io.deltax.bench;

import java.io.IOException;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.LocalFileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.impl.OpenFileParameters;

/**
 * The local file system, recording which files are opened for reading, so that a benchmark can
 * count the data files a query reads, the same way for deltax and delta-spark (neither reports it:
 * Spark's scan metrics exist for file sources only). Installed as {@code fs.file.impl} by {@link
 * Benchmarks}; executors run in the driver's JVM ({@code local[2]}), so one set sees every task.
 * Recording is off unless a benchmark turns it on.
 */
public final class OpenedFiles extends LocalFileSystem {
  private static final Set<String> OPENED = ConcurrentHashMap.newKeySet();
  private static volatile boolean recording;

  /** Starts recording, forgetting what was recorded before. */
  static void start() {
    OPENED.clear();
    recording = true;
  }

  /** Stops recording; the distinct paths opened since {@link #start}. */
  static Set<String> stop() {
    recording = false;
    return Set.copyOf(OPENED);
  }

  @Override
  public FSDataInputStream open(Path path, int bufferSize) throws IOException {
    record(path);
    return super.open(path, bufferSize);
  }

  @Override
  protected CompletableFuture<FSDataInputStream> openFileWithOptions(
      Path path, OpenFileParameters parameters) throws IOException {
    record(path);
    return super.openFileWithOptions(path, parameters);
  }

  private static void record(Path path) {
    if (recording) {
      OPENED.add(path.toUri().getPath());
    }
  }
}
