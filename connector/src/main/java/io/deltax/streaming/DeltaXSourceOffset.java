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
package io.deltax.streaming;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.deltax.errors.StreamErrors;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.spark.sql.connector.read.streaming.Offset;

/**
 * Where a stream stands, as delta-spark's {@code DeltaSourceOffset} says it: every file at or
 * before {@code (version, index)} has been read. {@code index} is a file's position in its commit
 * (its data-changing {@code add}s in the order the commit lists them) or, inside the initial
 * snapshot, in the snapshot's stable order; {@link #BASE_INDEX} stands before a version's first
 * file. Written as JSON that names its fields, so a checkpoint stays readable across deltax
 * versions: {@code
 * {"sourceVersion":1,"tableId":"…","version":12,"index":-1,"isInitialSnapshot":false}}.
 */
public final class DeltaXSourceOffset extends Offset implements Comparable<DeltaXSourceOffset> {
  /** The offset format this deltax writes; a newer one is refused, not misread. */
  static final int SOURCE_VERSION = 1;

  /** Before the first file of a version. */
  static final long BASE_INDEX = -1;

  /**
   * At a version whose metadata differs from the one a stream with a schema log reads with, before
   * its files: the end of the batch before it ({@code SchemaBarriers}). delta-spark's {@code
   * METADATA_CHANGE_INDEX}.
   */
  static final long METADATA_CHANGE_INDEX = -20;

  /**
   * Right after {@link #METADATA_CHANGE_INDEX}, still before the version's files: the offset that
   * ends the batch after the barrier, so that Spark commits the barrier. delta-spark's {@code
   * POST_METADATA_CHANGE_INDEX}.
   */
  static final long POST_METADATA_CHANGE_INDEX = -19;

  private static final ObjectMapper JSON = new ObjectMapper();

  private final String tableId;
  private final long version;
  private final long index;
  private final boolean initialSnapshot;

  DeltaXSourceOffset(String tableId, long version, long index, boolean initialSnapshot) {
    this.tableId = tableId;
    this.version = version;
    this.index = index;
    this.initialSnapshot = initialSnapshot;
  }

  /** Before the first file of {@code version}'s commit. */
  static DeltaXSourceOffset before(String tableId, long version) {
    return new DeltaXSourceOffset(tableId, version, BASE_INDEX, false);
  }

  /** At the metadata change of {@code version}, before its files. */
  static DeltaXSourceOffset metadataChange(String tableId, long version) {
    return new DeltaXSourceOffset(tableId, version, METADATA_CHANGE_INDEX, false);
  }

  /** Whether this offset is at a metadata change (either of its two indexes). */
  boolean atMetadataChange() {
    return !initialSnapshot
        && (index == METADATA_CHANGE_INDEX || index == POST_METADATA_CHANGE_INDEX);
  }

  /** The offset after this one at a metadata change. */
  DeltaXSourceOffset postMetadataChange() {
    return new DeltaXSourceOffset(tableId, version, POST_METADATA_CHANGE_INDEX, false);
  }

  String tableId() {
    return tableId;
  }

  long version() {
    return version;
  }

  long index() {
    return index;
  }

  boolean isInitialSnapshot() {
    return initialSnapshot;
  }

  @Override
  public String json() {
    Map<String, Object> fields = new LinkedHashMap<>();
    fields.put("sourceVersion", SOURCE_VERSION);
    fields.put("tableId", tableId);
    fields.put("version", version);
    fields.put("index", index);
    fields.put("isInitialSnapshot", initialSnapshot);
    try {
      return JSON.writeValueAsString(fields);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Reads an offset this class wrote; {@code table} names the table in errors. */
  static DeltaXSourceOffset fromJson(String table, String json) {
    JsonNode node;
    try {
      node = JSON.readTree(json);
    } catch (JsonProcessingException e) {
      throw StreamErrors.badStreamOffset(table, json, "it is not JSON");
    }
    if (node == null
        || !node.has("sourceVersion")
        || !node.has("tableId")
        || !node.has("version")
        || !node.has("index")) {
      throw StreamErrors.badStreamOffset(
          table, json, "it is not a deltax offset (sourceVersion, tableId, version, index)");
    }
    int sourceVersion = node.get("sourceVersion").asInt();
    if (sourceVersion < 1 || sourceVersion > SOURCE_VERSION) {
      throw StreamErrors.badStreamOffset(
          table,
          json,
          "its sourceVersion "
              + sourceVersion
              + " is not one this deltax reads (1 to "
              + SOURCE_VERSION
              + ")");
    }
    return new DeltaXSourceOffset(
        node.get("tableId").asText(),
        node.get("version").asLong(),
        node.get("index").asLong(),
        node.path("isInitialSnapshot").asBoolean(false));
  }

  /** Whether the file at {@code (version, index)} is at or before this offset. */
  boolean covers(long fileVersion, long fileIndex) {
    return fileVersion < version
        || (fileVersion == version && positionIn(fileIndex) <= positionIn(index));
  }

  /** By position: an initial snapshot at version V precedes the commits after V. */
  @Override
  public int compareTo(DeltaXSourceOffset other) {
    int byVersion = Long.compare(version, other.version);
    return byVersion != 0 ? byVersion : Long.compare(positionIn(index), positionIn(other.index));
  }

  /**
   * An index's place in its version: {@link #BASE_INDEX}, then the metadata change's two indexes,
   * then the files. {@code BASE_INDEX} is -1 in the checkpoints deltax has written, above the
   * metadata change's -20 and -19 (delta-spark's values, below its own base of -100), so the order
   * is by place, not by value.
   */
  private static long positionIn(long index) {
    if (index == BASE_INDEX) {
      return Long.MIN_VALUE;
    }
    if (index == METADATA_CHANGE_INDEX) {
      return Long.MIN_VALUE + 1;
    }
    if (index == POST_METADATA_CHANGE_INDEX) {
      return Long.MIN_VALUE + 2;
    }
    return index;
  }
}
