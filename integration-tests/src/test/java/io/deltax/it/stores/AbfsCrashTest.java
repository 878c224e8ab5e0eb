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

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link StoreCrashTests} on ADLS through ABFS, against Azurite's Blob endpoint (FNS: a commit is a
 * copy with {@code If-None-Match: *}, then a delete of the temporary file). Skipped when Azurite is
 * not installed ({@code .ci/run} installs it).
 */
class AbfsCrashTest extends StoreCrashTests {
  @RegisterExtension static final AzuriteExtension AZURITE = new AzuriteExtension();
  @TempDir static Path dir;

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
