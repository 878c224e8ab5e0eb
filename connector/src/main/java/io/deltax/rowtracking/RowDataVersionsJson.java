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
package io.deltax.rowtracking;

import static io.deltax.rowtracking.RowDataVersions.UNKNOWN;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.Arrays;

/**
 * The JSON form of a {@link RowDataVersions} map, as stored in its domain: a format number, the
 * backfill versions, the runs as {@code [first row ID, version]} ({@code null} for unknown) and the
 * end row ID.
 */
final class RowDataVersionsJson {
  private static final ObjectMapper MAPPER = new ObjectMapper();
  private static final int FORMAT = 1;

  private RowDataVersionsJson() {}

  static String toJson(long[] backfillVersions, long[] starts, long[] versions, long endRowId) {
    ObjectNode root = MAPPER.createObjectNode();
    root.put("format", FORMAT);
    ArrayNode backfills = root.putArray("backfillVersions");
    for (long v : backfillVersions) {
      backfills.add(v);
    }
    ArrayNode runs = root.putArray("runs");
    for (int i = 0; i < starts.length; i++) {
      ArrayNode run = runs.addArray().add(starts[i]);
      if (versions[i] == UNKNOWN) {
        run.addNull();
      } else {
        run.add(versions[i]);
      }
    }
    root.put("endRowId", endRowId);
    try {
      return MAPPER.writeValueAsString(root);
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  /**
   * @throws IllegalArgumentException when {@code json} is not a map this version of deltax reads
   */
  static RowDataVersions fromJson(String json) {
    JsonNode root;
    try {
      root = MAPPER.readTree(json);
    } catch (IOException e) {
      throw new IllegalArgumentException(
          "not JSON: " + e.getMessage().lines().findFirst().orElse(""), e);
    }
    if (root == null
        || root.path("format").asInt() != FORMAT
        || !root.path("runs").isArray()
        || !root.path("backfillVersions").isArray()
        || !root.path("endRowId").canConvertToLong()) {
      throw new IllegalArgumentException("not a format " + FORMAT + " row data version map");
    }
    long[] backfills = new long[root.get("backfillVersions").size()];
    for (int i = 0; i < backfills.length; i++) {
      backfills[i] = root.get("backfillVersions").get(i).asLong();
    }
    Arrays.sort(backfills);
    JsonNode runs = root.get("runs");
    long[] starts = new long[runs.size()];
    long[] versions = new long[runs.size()];
    for (int i = 0; i < starts.length; i++) {
      JsonNode run = runs.get(i);
      if (!run.isArray()
          || run.size() != 2
          || !run.get(0).canConvertToLong()
          || !(run.get(1).isNull() || run.get(1).canConvertToLong())) {
        throw new IllegalArgumentException("run " + i + " is not [first row ID, version]");
      }
      starts[i] = run.get(0).asLong();
      versions[i] = run.get(1).isNull() ? UNKNOWN : run.get(1).asLong();
      if (i > 0 && starts[i] <= starts[i - 1]) {
        throw new IllegalArgumentException("runs out of order at " + starts[i]);
      }
    }
    long end = root.get("endRowId").asLong();
    if (starts.length > 0 && end <= starts[starts.length - 1]) {
      throw new IllegalArgumentException("endRowId " + end + " is not past the last run");
    }
    return new RowDataVersions(backfills, starts, versions, end);
  }
}
