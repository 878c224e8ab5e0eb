package io.deltax.it.stores;

import static io.deltax.it.DeltaOracle.spark;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;

/** {@link StoreCrashTests} on HDFS ({@code MiniDFSCluster}): commits are renames without overwrite. */
class HdfsCrashTest extends StoreCrashTests {
  @TempDir
  static Path dir;
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
    return Map.of();   // the hdfs:// URI says it all
  }

  @Override
  Path workDir() {
    return dir;
  }
}
