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

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * One Azurite for a test class ({@code @RegisterExtension static}): started before its tests with
 * its settings in the shared SparkSession's Hadoop configuration, stopped after them. Each test,
 * not the class, is skipped when Azurite is not installed: so the reason shows beside every one.
 */
final class AzuriteExtension implements BeforeAllCallback, BeforeEachCallback, AfterAllCallback {
  private Azurite azurite;

  @Override
  public void beforeAll(ExtensionContext context) throws Exception {
    // Under target/: the build's clean removes the server's storage.
    Path location =
        Files.createTempDirectory(Files.createDirectories(Path.of("target")), "azurite");
    azurite = Azurite.startForSpark(location);
  }

  @Override
  public void beforeEach(ExtensionContext context) {
    Azurite.assumeRunning(azurite);
  }

  @Override
  public void afterAll(ExtensionContext context) throws Exception {
    if (azurite != null) {
      azurite.closeForSpark();
    }
  }

  Azurite server() {
    return azurite;
  }
}
