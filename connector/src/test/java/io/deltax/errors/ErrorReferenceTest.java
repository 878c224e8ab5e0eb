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
package io.deltax.errors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * {@code docs/errors.md} is what {@link ErrorReference} writes from the table of conditions. Where
 * it differs, the expected text is written to {@code connector/target/errors.md} and the test
 * fails.
 *
 * <p>To refresh the documented file after changing a condition, from the repository's root: {@code
 * mvn -B -o test -pl connector -Dtest=ErrorReferenceTest -Ddeltax.writeErrorReference=true}, then
 * review and commit {@code docs/errors.md}.
 */
class ErrorReferenceTest {
  /** The module's directory is the tests' working directory. */
  private static final Path DOCUMENTED = Path.of("..", "docs", "errors.md");

  @Test
  void theDocumentedPageIsTheConditions() throws IOException {
    String expected = ErrorReference.markdown();
    if (Boolean.getBoolean("deltax.writeErrorReference")) {
      Files.writeString(DOCUMENTED, expected, StandardCharsets.UTF_8);
    }
    String documented =
        Files.exists(DOCUMENTED) ? Files.readString(DOCUMENTED, StandardCharsets.UTF_8) : "";
    if (!expected.equals(documented)) {
      Path written = Path.of("target", "errors.md");
      Files.createDirectories(written.getParent());
      Files.writeString(written, expected, StandardCharsets.UTF_8);
    }
    assertEquals(
        expected,
        documented,
        "docs/errors.md is out of date: see this test's javadoc to refresh it (expected text in"
            + " connector/target/errors.md)");
  }

  @Test
  void everyConditionSaysWhatToDo() {
    Set<DeltaXErrorCondition> missing = EnumSet.allOf(DeltaXErrorCondition.class);
    missing.removeAll(ErrorReference.WHAT_TO_DO.keySet());
    assertTrue(missing.isEmpty(), "no advice for " + missing);
    ErrorReference.WHAT_TO_DO.forEach(
        (c, text) -> assertTrue(!text.isBlank() && text.endsWith("."), c.name()));
  }

  @Test
  void parametersBecomeCodeAndMarkdownIsEscaped() {
    assertEquals(
        "No table at `<tablePath>` in \\_delta\\_log, 1 &lt; 2.",
        ErrorReference.message("No table at <tablePath> in _delta_log, 1 < 2."));
  }
}
