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
package io.deltax.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@link Json}'s text, checked character by character and read back by Jackson. */
class JsonTest {
  @Test
  void valuesInTheirOrder() {
    Map<String, Object> object = new LinkedHashMap<>();
    object.put("table", "file:/data/t");
    object.put("version", 12L);
    object.put("runs", 3);
    object.put("enabled", true);
    object.put("column", null);
    object.put("versions", List.of(5L, 6L));
    object.put("empty", List.of());
    object.put("rows", List.of(Map.of("feature", "rowTracking")));
    assertEquals(
        "{\"table\":\"file:/data/t\",\"version\":12,\"runs\":3,\"enabled\":true,\"column\":null,"
            + "\"versions\":[5,6],\"empty\":[],\"rows\":[{\"feature\":\"rowTracking\"}]}",
        Json.write(object));
  }

  @Test
  void stringsAreEscapedToAscii() throws Exception {
    String text = "a \"quoted\" C:\\path\n\ttab\r\b\f\u0000\u001f\u007f é \u2028 \ud83d\ude00 /";
    String json = Json.write(text);
    assertEquals(
        "\"a \\\"quoted\\\" C:\\\\path\\n\\ttab\\r\\b\\f\\u0000\\u001f\\u007f \\u00e9 \\u2028"
            + " \\ud83d\\ude00 /\"",
        json);
    assertTrue(json.chars().allMatch(c -> c >= 0x20 && c < 0x7f), json);
    assertEquals(text, new ObjectMapper().readValue(json, String.class));
  }

  @Test
  void whatHasNoJsonFormIsRefused() {
    assertThrows(IllegalArgumentException.class, () -> Json.write(1.5));
    assertThrows(IllegalArgumentException.class, () -> Json.write(Arrays.asList(new Object())));
  }
}
