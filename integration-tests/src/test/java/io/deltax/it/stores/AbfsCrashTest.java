package io.deltax.it.stores;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link StoreCrashTests} on ADLS through ABFS, against Azurite's Blob endpoint (FNS: a commit is
 * a copy with {@code If-None-Match: *}, then a delete of the temporary file). Skipped when
 * Azurite is not installed ({@code .ci/run} installs it).
 */
class AbfsCrashTest extends StoreCrashTests {
  @RegisterExtension
  static final AzuriteExtension AZURITE = new AzuriteExtension();
  @TempDir
  static Path dir;

  @Override
  String url(String path) {
    return AZURITE.server().url(path);
  }

  @Override
  Map<String, String> hadoopSettings() {
    return AZURITE.server().hadoopSettings();
  }

  @Override
  Path workDir() {
    return dir;
  }
}
