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
package io.deltax.conf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * {@code docs/configuration.md} is what the entries of {@link ReadOptions} and {@link
 * SessionSettings} say. Where it differs, the expected text is written to {@code
 * connector/target/configuration.md} and the test fails.
 *
 * <p>To refresh the documented file after changing an entry, from the repository's root: {@code mvn
 * -B -o test -pl connector -Dtest=ConfigurationReferenceTest
 * -Ddeltax.writeConfigurationReference=true}, then review and commit {@code docs/configuration.md}.
 */
class ConfigurationReferenceTest {
  /** The module's directory is the tests' working directory. */
  private static final Path DOCUMENTED = Path.of("..", "docs", "configuration.md");

  @Test
  void theDocumentedTableIsTheEntries() throws IOException {
    String expected = ConfigurationReference.markdown();
    if (Boolean.getBoolean("deltax.writeConfigurationReference")) {
      Files.writeString(DOCUMENTED, expected, StandardCharsets.UTF_8);
    }
    String documented =
        Files.exists(DOCUMENTED) ? Files.readString(DOCUMENTED, StandardCharsets.UTF_8) : "";
    if (!expected.equals(documented)) {
      Path written = Path.of("target", "configuration.md");
      Files.createDirectories(written.getParent());
      Files.writeString(written, expected, StandardCharsets.UTF_8);
      System.out.println(expected);
    }
    assertEquals(
        expected,
        documented,
        "docs/configuration.md is out of date: see this test's "
            + "javadoc to refresh it (expected text in connector/target/configuration.md)");
  }

  @Test
  void everyKeyIsListedOnceAndDescribed() {
    Set<String> keys = new HashSet<>();
    for (List<ConfEntry<?>> entries : List.of(ReadOptions.ALL, SessionSettings.ALL)) {
      for (ConfEntry<?> entry : entries) {
        assertTrue(keys.add(entry.key().toLowerCase(Locale.ROOT)), entry.key());
        assertTrue(!entry.description().isBlank() && !entry.type().isBlank(), entry.key());
      }
    }
    for (ConfEntry<?> entry : SessionSettings.ALL) {
      assertTrue(entry.key().startsWith("spark.deltax."), entry.key());
      if (entry.defaultValue() != null) {
        assertEquals(entry.defaultValue(), entry.parse(entry.defaultText()), entry.key());
      }
    }
  }
}
