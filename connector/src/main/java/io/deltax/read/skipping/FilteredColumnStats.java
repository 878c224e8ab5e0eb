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
package io.deltax.read.skipping;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * The parts of one file's {@code stats} (PROTOCOL.md, "Per-file Statistics") that a scan's filters
 * need: {@code numRecords}, and {@code minValues}, {@code maxValues} and {@code nullCount} of the
 * columns the filters name. One streaming pass; the values of every other column are skipped
 * unparsed, which matters for wide tables whose filters name one or two columns.
 */
final class FilteredColumnStats {
  /** Decimal statistics kept exact: a double would round a max below its value and skip a match. */
  private static final ObjectMapper MAPPER =
      new ObjectMapper().enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS);

  static final FilteredColumnStats NONE =
      new FilteredColumnStats(null, null, Map.of(), Map.of(), Map.of());

  /** Null when the statistics do not give it. */
  private final Long numRecords;

  /** False where the bounds may be wider than the live rows' values; null when not given. */
  private final Boolean tightBounds;

  /** By physical column name; only the requested columns. */
  private final Map<String, JsonNode> min;

  private final Map<String, JsonNode> max;
  private final Map<String, JsonNode> nullCount;

  private FilteredColumnStats(
      Long numRecords,
      Boolean tightBounds,
      Map<String, JsonNode> min,
      Map<String, JsonNode> max,
      Map<String, JsonNode> nullCount) {
    this.numRecords = numRecords;
    this.tightBounds = tightBounds;
    this.min = min;
    this.max = max;
    this.nullCount = nullCount;
  }

  /**
   * @param json the file's {@code stats}, or null
   * @param columns the physical names of the columns whose statistics are kept
   * @return {@link #NONE} where there are no statistics or they are not valid JSON
   */
  static FilteredColumnStats parse(String json, Set<String> columns) {
    if (json == null) {
      return NONE;
    }
    Long numRecords = null;
    Boolean tightBounds = null;
    Map<String, JsonNode> min = new HashMap<>();
    Map<String, JsonNode> max = new HashMap<>();
    Map<String, JsonNode> nullCount = new HashMap<>();
    try (JsonParser parser = MAPPER.getFactory().createParser(json)) {
      if (parser.nextToken() != JsonToken.START_OBJECT) {
        return NONE;
      }
      while (parser.nextToken() == JsonToken.FIELD_NAME) {
        String field = parser.currentName();
        JsonToken value = parser.nextToken();
        switch (field) {
          case "numRecords" -> numRecords = wholeNumber(parser, value);
          case "tightBounds" -> {
            tightBounds = value.isBoolean() ? parser.getBooleanValue() : null;
            parser.skipChildren();
          }
          case "minValues" -> readColumns(parser, columns, min);
          case "maxValues" -> readColumns(parser, columns, max);
          case "nullCount" -> readColumns(parser, columns, nullCount);
          default -> parser.skipChildren();
        }
      }
    } catch (IOException e) {
      return NONE;
    }
    // Compact copies: a snapshot keeps them for each of its files (SnapshotColumnBounds).
    return new FilteredColumnStats(
        numRecords, tightBounds, Map.copyOf(min), Map.copyOf(max), Map.copyOf(nullCount));
  }

  /** A count; some writers print it as {@code 3.0}. */
  private static Long wholeNumber(JsonParser parser, JsonToken value) throws IOException {
    if (value == JsonToken.VALUE_NUMBER_INT) {
      return parser.getLongValue();
    }
    if (value == JsonToken.VALUE_NUMBER_FLOAT) {
      double d = parser.getDoubleValue();
      return d == Math.rint(d) ? (long) d : null;
    }
    parser.skipChildren();
    return null;
  }

  /** The requested columns of one per-column object; nested objects (structs) of others skipped. */
  private static void readColumns(
      JsonParser parser, Set<String> columns, Map<String, JsonNode> into) throws IOException {
    if (parser.currentToken() != JsonToken.START_OBJECT) {
      parser.skipChildren();
      return;
    }
    while (parser.nextToken() == JsonToken.FIELD_NAME) {
      String column = parser.currentName();
      parser.nextToken();
      if (columns.contains(column)) {
        into.put(column, MAPPER.readTree(parser));
      } else {
        parser.skipChildren();
      }
    }
  }

  Long numRecords() {
    return numRecords;
  }

  Boolean tightBounds() {
    return tightBounds;
  }

  JsonNode min(String column) {
    return min.get(column);
  }

  JsonNode max(String column) {
    return max.get(column);
  }

  JsonNode nullCount(String column) {
    return nullCount.get(column);
  }

  /** The columns some value was read for: never more than were asked for. */
  Set<String> parsedColumns() {
    Set<String> parsed = new HashSet<>(min.keySet());
    parsed.addAll(max.keySet());
    parsed.addAll(nullCount.keySet());
    return parsed;
  }
}
