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
package io.deltax.it.streaming;

import io.deltax.testing.LocalFileSystemUnderScheme;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.Path;

/**
 * The local file system under the scheme {@code commitopens:}, known to Hadoop only through read
 * options, which records the version of every commit file ({@code _delta_log/<version>.json})
 * opened: which commits a stream's run read.
 */
public final class CommitOpensFileSystem extends LocalFileSystemUnderScheme {
  public static final String SCHEME = "commitopens";
  private static final Pattern COMMIT = Pattern.compile("(\\d{20})\\.json");
  private static final List<Long> OPENED = new ArrayList<>();

  public CommitOpensFileSystem() {
    super(SCHEME);
  }

  static synchronized void reset() {
    OPENED.clear();
  }

  /** The versions of the commit files opened since {@link #reset}, in order. */
  static synchronized List<Long> opened() {
    return List.copyOf(OPENED);
  }

  @Override
  public FSDataInputStream open(Path f, int bufferSize) throws IOException {
    Matcher commit = COMMIT.matcher(f.getName());
    if (commit.matches()) {
      synchronized (CommitOpensFileSystem.class) {
        OPENED.add(Long.parseLong(commit.group(1)));
      }
    }
    return super.open(f, bufferSize);
  }
}
