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

import static io.deltax.conf.ReadOptions.MAX_BYTES_PER_TRIGGER;
import static io.deltax.conf.ReadOptions.MAX_FILES_PER_TRIGGER;
import static io.deltax.conf.ReadOptions.STARTING_TIMESTAMP;
import static io.deltax.conf.ReadOptions.STARTING_VERSION;

import io.deltax.errors.ChangeFeedErrors;
import java.time.ZoneId;
import java.util.regex.Pattern;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/**
 * What a stream ({@code spark.readStream.format("deltax")}) asks for, checked before the log is
 * listed, with delta-spark's option names and meanings.
 *
 * @param startingVersion the first version whose commits the stream reads (no initial snapshot), or
 *     null
 * @param startAtLatest {@code startingVersion = latest}: only commits after the latest version
 * @param startingTimestampMillis the first version committed at or after this time, or null
 * @param startingTimestamp the start as the user wrote it, for errors, or null
 * @param maxFilesPerTrigger the most files one micro-batch admits (at least one)
 * @param maxBytesPerTrigger a soft limit on a micro-batch's bytes (at least one file), or null
 * @param skipChangeCommits skip whole commits that remove data (UPDATE, DELETE, MERGE)
 * @param ignoreDeletes skip commits that only remove data (no file added)
 * @param ignoreChanges read what a commit that also removes data adds (its rewritten rows again);
 *     commits that only remove data are skipped ({@code ignoreChanges} or delta-spark's older
 *     {@code ignoreFileDeletion})
 * @param excludeRegex files whose log path it finds are not read, or null
 * @param failOnDataLoss fail when log clean-up removed commits the stream has not read; false: skip
 *     ahead to the next commit the log holds
 * @param schemaTracking {@code schemaTrackingLocation} and its options, or null without one
 */
public record StreamRequest(
    Long startingVersion,
    boolean startAtLatest,
    Long startingTimestampMillis,
    String startingTimestamp,
    int maxFilesPerTrigger,
    Long maxBytesPerTrigger,
    boolean skipChangeCommits,
    boolean ignoreDeletes,
    boolean ignoreChanges,
    Pattern excludeRegex,
    boolean failOnDataLoss,
    SchemaTrackingRequest schemaTracking) {

  /**
   * A stream's start and admission options, checked; needs no file system. {@code startingVersion}
   * may be {@value ReadOptions#STARTING_VERSION_LATEST}; without a start the stream begins with the
   * table's snapshot, as delta-spark's source.
   */
  public static StreamRequest parse(CaseInsensitiveStringMap options, SessionSettings session) {
    ZoneId zone = session.zone();
    String startVersion = options.get(STARTING_VERSION.key());
    String startTimestamp = options.get(STARTING_TIMESTAMP.key());
    if (startVersion != null && startTimestamp != null) {
      throw ChangeFeedErrors.conflictingOptions(STARTING_VERSION.key(), STARTING_TIMESTAMP.key());
    }
    boolean latest =
        startVersion != null
            && startVersion.trim().equalsIgnoreCase(ReadOptions.STARTING_VERSION_LATEST);
    boolean filesGiven = options.get(MAX_FILES_PER_TRIGGER.key()) != null;
    Long maxBytes = MAX_BYTES_PER_TRIGGER.from(options, zone);
    return new StreamRequest(
        latest ? null : STARTING_VERSION.from(options, zone),
        latest,
        STARTING_TIMESTAMP.from(options, zone),
        startTimestamp,
        // As delta-spark's AdmissionLimits: a byte limit alone bounds no file count.
        filesGiven || maxBytes == null
            ? MAX_FILES_PER_TRIGGER.from(options, zone).intValue()
            : Integer.MAX_VALUE,
        maxBytes,
        ReadOptions.SKIP_CHANGE_COMMITS.from(options, zone),
        ReadOptions.IGNORE_DELETES.from(options, zone),
        ReadOptions.IGNORE_CHANGES.from(options, zone)
            || ReadOptions.IGNORE_FILE_DELETION.from(options, zone),
        ReadOptions.EXCLUDE_REGEX.from(options, zone),
        ReadOptions.FAIL_ON_DATA_LOSS.from(options, zone),
        SchemaTrackingRequest.parse(options, session));
  }

  /** Whether the stream starts with the table's snapshot (no starting version or timestamp). */
  public boolean startsWithSnapshot() {
    return startingVersion == null && !startAtLatest && startingTimestampMillis == null;
  }

  /** Whether {@code excludeRegex} leaves the file at {@code path} (as the log writes it) out. */
  public boolean excludes(String path) {
    return excludeRegex != null && excludeRegex.matcher(path).find();
  }
}
