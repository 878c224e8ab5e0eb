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

import java.util.List;
import java.util.Map;

/**
 * JSON text (RFC 8259) of plain Java values, for {@code --json}: a {@code Map} with text keys is an
 * object in the map's order, a {@code List} an array, a {@code String} a string, a {@code Boolean}
 * {@code true} or {@code false}, an {@code Integer} or {@code Long} a number, null {@code null}.
 * The text is one line of ASCII: quotes, backslashes, control characters and every character past
 * ASCII are escaped, so a terminal's encoding cannot change it.
 */
final class Json {
  private Json() {}

  static String write(Object value) {
    StringBuilder json = new StringBuilder();
    write(json, value);
    return json.toString();
  }

  private static void write(StringBuilder json, Object value) {
    if (value == null) {
      json.append("null");
    } else if (value instanceof String text) {
      string(json, text);
    } else if (value instanceof Boolean || value instanceof Integer || value instanceof Long) {
      json.append(value);
    } else if (value instanceof Map<?, ?> map) {
      json.append('{');
      String separator = "";
      for (Map.Entry<?, ?> entry : map.entrySet()) {
        json.append(separator);
        string(json, (String) entry.getKey());
        json.append(':');
        write(json, entry.getValue());
        separator = ",";
      }
      json.append('}');
    } else if (value instanceof List<?> list) {
      json.append('[');
      String separator = "";
      for (Object element : list) {
        json.append(separator);
        write(json, element);
        separator = ",";
      }
      json.append(']');
    } else {
      throw new IllegalArgumentException("no JSON form for a " + value.getClass().getName());
    }
  }

  private static void string(StringBuilder json, String text) {
    json.append('"');
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      switch (c) {
        case '"' -> json.append("\\\"");
        case '\\' -> json.append("\\\\");
        case '\n' -> json.append("\\n");
        case '\r' -> json.append("\\r");
        case '\t' -> json.append("\\t");
        case '\b' -> json.append("\\b");
        case '\f' -> json.append("\\f");
        default -> {
          if (c < 0x20 || c > 0x7e) {
            json.append(String.format("\\u%04x", (int) c));
          } else {
            json.append(c);
          }
        }
      }
    }
    json.append('"');
  }
}
