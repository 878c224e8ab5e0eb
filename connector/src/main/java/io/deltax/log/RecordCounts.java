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

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.deltax.actions.ActionJson;
import io.deltax.actions.AddFile;
import java.io.IOException;
import java.util.OptionalLong;

/**
 * Reads a file's {@code stats} (PROTOCOL.md, "Per-file Statistics") where a single figure is
 * needed.
 */
public final class RecordCounts {
  private RecordCounts() {}

  /**
   * The file's exact {@code numRecords}, or empty when its statistics do not give it. Streams the
   * top-level fields and stops at {@code numRecords}, which writers put first: the column
   * statistics after it are never parsed.
   */
  public static OptionalLong numRecords(AddFile file) {
    return numRecords(file.stats());
  }

  /** The same from the statistics JSON itself (null for none). */
  public static OptionalLong numRecords(String stats) {
    if (stats == null) {
      return OptionalLong.empty();
    }
    try (JsonParser parser = ActionJson.MAPPER.getFactory().createParser(stats)) {
      if (parser.nextToken() != JsonToken.START_OBJECT) {
        return OptionalLong.empty();
      }
      while (parser.nextToken() == JsonToken.FIELD_NAME) {
        String field = parser.currentName();
        JsonToken value = parser.nextToken();
        if ("numRecords".equals(field)) {
          if (value == JsonToken.VALUE_NUMBER_INT) {
            return OptionalLong.of(parser.getLongValue());
          }
          // A count some writer printed as 3.0.
          double d = value == JsonToken.VALUE_NUMBER_FLOAT ? parser.getDoubleValue() : Double.NaN;
          return d == Math.rint(d) ? OptionalLong.of((long) d) : OptionalLong.empty();
        }
        parser.skipChildren();
      }
      return OptionalLong.empty();
    } catch (IOException e) {
      return OptionalLong.empty();
    }
  }
}
