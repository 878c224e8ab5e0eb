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

import static io.deltax.conf.ReadOptions.ALLOW_SOURCE_COLUMN_DROP;
import static io.deltax.conf.ReadOptions.ALLOW_SOURCE_COLUMN_RENAME;
import static io.deltax.conf.ReadOptions.ALLOW_SOURCE_COLUMN_TYPE_CHANGE;
import static io.deltax.conf.ReadOptions.SCHEMA_LOCATION_ALIAS;
import static io.deltax.conf.ReadOptions.SCHEMA_TRACKING_LOCATION;
import static io.deltax.conf.ReadOptions.STREAMING_SOURCE_TRACKING_ID;

import java.time.ZoneId;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/**
 * A stream's schema log, as delta-spark's options ask for it: where it lives ({@code
 * schemaTrackingLocation}, or its alias {@code schemaLocation}), the suffix that tells two streams
 * of one table apart ({@code streamingSourceTrackingId}), and the reader options that unblock a
 * logged rename, drop or type change ({@code always} or the version the change was logged at); and
 * whether a restart reads past a run of commits that change only the metadata as one change, as
 * delta-spark's session conf {@value #MERGE_CONSECUTIVE_CHANGES_KEY} (true by default) says.
 *
 * @param location the root directory of the schema log, as given
 * @param sourceTrackingId the log directory's suffix, or null
 * @param allowRename {@code allowSourceColumnRename}, or null
 * @param allowDrop {@code allowSourceColumnDrop}, or null
 * @param allowTypeChange {@code allowSourceColumnTypeChange}, or null
 * @param mergeConsecutiveChanges whether the log's latest entry moves on over the metadata-only
 *     commits right after it when the stream is loaded
 */
public record SchemaTrackingRequest(
    String location,
    String sourceTrackingId,
    String allowRename,
    String allowDrop,
    String allowTypeChange,
    boolean mergeConsecutiveChanges) {

  /** delta-spark's session conf, which deltax honours with the same key and default. */
  public static final String MERGE_CONSECUTIVE_CHANGES_KEY =
      "spark.databricks.delta.streaming.schemaTracking.mergeConsecutiveSchemaChanges.enabled";

  private static final ConfEntry<Boolean> MERGE_CONSECUTIVE_CHANGES =
      ConfEntry.flag(
          MERGE_CONSECUTIVE_CHANGES_KEY,
          true,
          "whether a stream's schema log merges consecutive metadata-only commits into one entry");

  /** The request the options make, or null where they name no schema location. */
  static SchemaTrackingRequest parse(CaseInsensitiveStringMap options, SessionSettings session) {
    ZoneId zone = session.zone();
    String location = SCHEMA_TRACKING_LOCATION.from(options, zone);
    if (location == null) {
      location = options.get(SCHEMA_LOCATION_ALIAS);
    }
    if (location == null) {
      return null;
    }
    return new SchemaTrackingRequest(
        location,
        STREAMING_SOURCE_TRACKING_ID.from(options, zone),
        ALLOW_SOURCE_COLUMN_RENAME.from(options, zone),
        ALLOW_SOURCE_COLUMN_DROP.from(options, zone),
        ALLOW_SOURCE_COLUMN_TYPE_CHANGE.from(options, zone),
        session.get(MERGE_CONSECUTIVE_CHANGES));
  }
}
