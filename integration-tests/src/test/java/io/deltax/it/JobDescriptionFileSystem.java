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
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.Path;
import org.apache.spark.SparkContext;

/**
 * The local file system under the scheme {@code described:}, known to Hadoop only where a conf
 * names it, which records the Spark job description of the thread that opens each commit file: what
 * a Spark job started at that point would carry.
 */
public final class JobDescriptionFileSystem extends LocalFileSystemUnderScheme {
  public static final String SCHEME = "described";
  private static final List<String> DESCRIPTIONS = new ArrayList<>();

  public JobDescriptionFileSystem() {
    super(SCHEME);
  }

  static synchronized void reset() {
    DESCRIPTIONS.clear();
  }

  /** The description of each commit file's opener since {@link #reset}, in order. */
  static synchronized List<String> descriptions() {
    return List.copyOf(DESCRIPTIONS);
  }

  @Override
  public FSDataInputStream open(Path f, int bufferSize) throws IOException {
    if (f.getName().endsWith(".json") && f.getParent().getName().equals("_delta_log")) {
      String description = SparkContext.getOrCreate().getLocalProperty("spark.job.description");
      synchronized (JobDescriptionFileSystem.class) {
        DESCRIPTIONS.add(String.valueOf(description));
      }
    }
    return super.open(f, bufferSize);
  }
}
