package io.deltax.it.stores;

import static io.deltax.it.DeltaOracle.spark;

import java.nio.file.Path;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link StoreCrashTests} on ADLS through ABFS, against Azurite's Blob endpoint (FNS: a commit is
 * a copy with {@code If-None-Match: *}, then a delete of the temporary file). Skipped when
 * Azurite is not installed ({@code .ci/run} installs it).
 */
class AbfsCrashTest extends StoreCrashTests {
  @TempDir
  static Path dir;
  static Azurite azurite;

  @BeforeAll
  static void start() throws Exception {
    Path binary = Azurite.binary().orElse(null);
    if (binary != null) {
      azurite = Azurite.start(binary, dir);
      azurite.hadoopSettings().forEach(spark().sparkContext().hadoopConfiguration()::set);
    }
  }

  @BeforeEach
  void needsAzurite() {
    Assumptions.assumeTrue(azurite != null, "Azurite is not installed: .ci/run installs it into "
        + ".ci/node, or set DELTAX_AZURITE_BLOB to an azurite-blob command");
  }

  @AfterAll
  static void stop() throws Exception {
    if (azurite != null) {
      Configuration conf = spark().sparkContext().hadoopConfiguration();
      azurite.hadoopSettings().keySet().forEach(conf::unset);
      azurite.close();
    }
  }

  @Override
  String url(String path) {
    return azurite.url(path);
  }

  @Override
  Map<String, String> hadoopSettings() {
    return azurite.hadoopSettings();
  }

  @Override
  Path workDir() {
    return dir;
  }
}
