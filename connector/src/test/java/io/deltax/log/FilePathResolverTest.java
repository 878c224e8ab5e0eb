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
package io.deltax.log;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;

/**
 * Two log paths that name the same file have one canonical form: a plain relative path is its own.
 */
class FilePathResolverTest {
  private static final List<String> PATHS =
      List.of(
          "part-00000-1b2c.snappy.parquet",
          "p=1/part-0.parquet",
          "date=2024-01-01/h=03/x.c000.parquet",
          "a..b.parquet",
          ".hidden.parquet",
          "deletion_vector_1.bin",
          "p=a%20b/x.parquet",
          "./x.parquet",
          "a/../x.parquet",
          "a//x.parquet",
          "/abs/x.parquet",
          "file:/t/x.parquet",
          "s3://bucket/t/x.parquet",
          "p=a b/x.parquet",
          "a/./x.parquet",
          "x:y.parquet");

  /** A plain relative name resolves as URI resolution against the root resolves it. */
  @Test
  void plainNamesResolveAsByUri() {
    for (String root :
        List.of(
            "file:/tmp/table",
            "file:/tmp/a table/t",
            "file:/tmp/a%b/t",
            "file:///tmp/three-slashes",
            "s3a://bucket",
            "/tmp/no-scheme",
            "s3a://bucket/",
            "s3://bucket/warehouse/t",
            "hdfs://nn:8020/t",
            "abfss://c@acct.dfs.core.windows.net/t",
            "file:/")) {
      FilePathResolver paths = new FilePathResolver(new Path(root));
      for (String p : PATHS) {
        assertEquals(paths.resolveUri(p), paths.resolve(p), root + " + " + p);
        assertEquals(paths.resolveUri(p).toString(), paths.resolve(p).toString(), root + " + " + p);
        // Spark's file paths (and _metadata.file_path) are the URI's string.
        assertEquals(
            paths.resolveUri(p).toUri().toString(),
            paths.resolve(p).toUri().toString(),
            root + " + " + p);
      }
    }
  }

  @Test
  void fastPathAgreesWithResolution() {
    for (String root :
        List.of(
            "file:/tmp/table",
            "s3://bucket/warehouse/t",
            "hdfs://nn:8020/t",
            "s3a://bucket/",
            "file:/",
            "hdfs://nn:8020/")) {
      FilePathResolver paths = new FilePathResolver(new Path(root));
      for (String p : PATHS) {
        // The canonical form names the file the full URI resolution names, relative or not.
        String resolved = paths.resolve(p).toString();
        String canonical = paths.canonical(p);
        String prefix = root.endsWith("/") ? root : root + "/";
        assertTrue(
            resolved.equals(canonical) || resolved.equals(prefix + canonical),
            root + " + " + p + ": " + canonical);
      }
      // Different files, different keys.
      assertEquals(
          PATHS.stream().map(p -> paths.resolve(p).toString()).distinct().count(),
          PATHS.stream().map(paths::canonical).distinct().count(),
          root);
      assertSame(PATHS.get(1), paths.canonical(PATHS.get(1)));
      assertNotEquals(paths.canonical("a.parquet"), paths.canonical("b.parquet"));
      assertEquals(
          paths.canonical("x.parquet"),
          paths.canonical((root.endsWith("/") ? root : root + "/") + "x.parquet"));
    }
  }

  @Test
  void onlyPlainRelativePathsTakeTheFastPath() {
    assertTrue(FilePathResolver.isPlainRelative("p=1/part-0.snappy.parquet"));
    for (String p :
        List.of("", "/a", "a/", "./a", "a/../b", "a//b", "a%20b", "s3://b/a", "a b", "..")) {
      assertFalse(FilePathResolver.isPlainRelative(p), p);
    }
  }
}
