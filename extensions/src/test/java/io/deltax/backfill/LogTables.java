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
package io.deltax.backfill;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.LocalFileSystem;

/**
 * Delta tables written as a log alone, for the backfill's unit tests: the backfill reads only the
 * log (row IDs come from the adds' {@code numRecords}), so no data file and no Spark is needed. And
 * a local file system that counts which files are opened.
 */
final class LogTables {
  private static final String SCHEMA =
      "{\\\"type\\\":\\\"struct\\\",\\\"fields\\\":[{\\\"name\\\":\\\"id\\\",\\\"type\\\":\\\"long\\\","
          + "\\\"nullable\\\":true,\\\"metadata\\\":{}}]}";

  private LogTables() {}

  /**
   * A table of {@code files} commits at protocol (1, 2), commit {@code v} adding one file of {@code
   * v + 1} rows: version 0 creates the table with the first file.
   */
  static Path table(Path dir, int files) {
    Path log = dir.resolve("_delta_log");
    try {
      Files.createDirectories(log);
      for (int v = 0; v < files; v++) {
        List<String> lines = new ArrayList<>();
        lines.add(
            "{\"commitInfo\":{\"timestamp\":"
                + (1_700_000_000_000L + v)
                + ",\"operation\":\""
                + (v == 0 ? "CREATE TABLE" : "WRITE")
                + "\",\"operationParameters\":{}}}");
        if (v == 0) {
          lines.add("{\"protocol\":{\"minReaderVersion\":1,\"minWriterVersion\":2}}");
          lines.add(
              "{\"metaData\":{\"id\":\"5b1e7c4e-0000-4000-8000-000000000001\",\"format\":"
                  + "{\"provider\":\"parquet\",\"options\":{}},\"schemaString\":\""
                  + SCHEMA
                  + "\",\"partitionColumns\":[],\"configuration\":{\"delta.checkpointInterval\":\"1000\"},"
                  + "\"createdTime\":1700000000000}}");
        }
        lines.add(
            "{\"add\":{\"path\":\"part-"
                + v
                + ".parquet\",\"partitionValues\":{},\"size\":100,"
                + "\"modificationTime\":1700000000000,\"dataChange\":true,\"stats\":\"{\\\"numRecords\\\":"
                + (v + 1)
                + "}\"}}");
        Files.writeString(
            log.resolve(String.format("%020d.json", v)),
            String.join("\n", lines) + "\n",
            StandardCharsets.UTF_8);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return dir;
  }

  /**
   * A Hadoop configuration whose {@code file:} paths are opened through {@link CountingFileSystem}.
   */
  static Configuration countingConf() {
    Configuration conf = new Configuration();
    conf.set("fs.file.impl", CountingFileSystem.class.getName());
    conf.setBoolean("fs.file.impl.disable.cache", true);
    return conf;
  }

  /** The local file system, counting how often each file name is opened. */
  public static final class CountingFileSystem extends LocalFileSystem {
    static final Map<String, AtomicInteger> OPENED = new ConcurrentHashMap<>();

    @Override
    public FSDataInputStream open(org.apache.hadoop.fs.Path f, int bufferSize) throws IOException {
      OPENED.computeIfAbsent(f.getName(), name -> new AtomicInteger()).incrementAndGet();
      return super.open(f, bufferSize);
    }

    static int opened(long version) {
      AtomicInteger n = OPENED.get(String.format("%020d.json", version));
      return n == null ? 0 : n.get();
    }
  }
}
