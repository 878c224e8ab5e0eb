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
package io.deltax.it.stores;

import static io.deltax.it.DeltaOracle.spark;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link StoreCrashTests} on HDFS ({@code MiniDFSCluster}): commits are renames without overwrite.
 */
class HdfsCrashTest extends StoreCrashTests {
  @TempDir static Path dir;
  static MiniHdfs hdfs;

  @BeforeAll
  static void start() throws IOException {
    spark();
    hdfs = MiniHdfs.start(dir.resolve("hdfs"));
  }

  @AfterAll
  static void stop() throws IOException {
    if (hdfs != null) {
      hdfs.close();
    }
  }

  @Override
  String url(String path) {
    return hdfs.url(path);
  }

  @Override
  Map<String, String> hadoopSettings() {
    return Map.of(); // the hdfs:// URI says it all
  }

  @Override
  Path workDir() {
    return dir;
  }
}
