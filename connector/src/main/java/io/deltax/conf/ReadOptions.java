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

import io.deltax.conf.ChangeFeedRequest.ChangeMode;
import io.deltax.errors.DeltaXErrors;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Every read and stream option deltax takes ({@code .option(key, value)}), one typed entry each,
 * with delta-spark's names and defaults. {@link ReadConf} parses them once, where a load starts.
 */
public final class ReadOptions {
  private ReadOptions() {}

  public static final ConfEntry<String> PATH =
      ConfEntry.text(
          "path",
          "path",
          "the table's root directory (what `.load(path)` sets); a path ending `@v<version>` or "
              + "`@yyyyMMddHHmmssSSS` (session time zone) that names no directory is time travel "
              + "on the path before the `@`, as in delta-spark");
  public static final ConfEntry<Long> VERSION_AS_OF =
      ConfEntry.version(
          "versionAsOf",
          "read the table as of this version; a version no longer in the log is an error naming "
              + "the available range");
  public static final ConfEntry<Long> TIMESTAMP_AS_OF =
      ConfEntry.timestampMillis(
          "timestampAsOf",
          "read the newest version committed at or before this time (session time zone, or an ISO"
              + " timestamp with zone); in-commit timestamps where the table has them");

  public static final ConfEntry<Boolean> READ_CHANGE_FEED =
      ConfEntry.flag(
          "readChangeFeed",
          false,
          "`true`: read the changes of a range of versions instead of a snapshot");
  public static final ConfEntry<Boolean> READ_CHANGE_DATA =
      ConfEntry.flag(
          "readChangeData",
          false,
          "delta-spark's older name of `readChangeFeed`, which it still accepts");
  public static final ConfEntry<Long> STARTING_VERSION =
      ConfEntry.version(
          "startingVersion",
          "the first version of the change feed's range, required unless `startingTimestamp` is "
              + "given; in a stream, where it starts (`latest`: after the latest version; without "
              + "a start, the table's snapshot first)");
  public static final ConfEntry<Long> STARTING_TIMESTAMP =
      ConfEntry.timestampMillis(
          "startingTimestamp",
          "the change feed or stream starts at the first version committed "
              + "at or after this time");
  public static final ConfEntry<Long> ENDING_VERSION =
      ConfEntry.version(
          "endingVersion",
          "the last version of the change feed's range; default the latest, and a later version "
              + "reads to the latest");
  public static final ConfEntry<Long> ENDING_TIMESTAMP =
      ConfEntry.timestampMillis(
          "endingTimestamp",
          "the change feed's range ends at the last version committed at or " + "before this time");
  public static final ConfEntry<ChangeMode> CHANGE_MODE =
      new ConfEntry<>(
          "changeMode",
          "enum (all, net)",
          ChangeMode.ALL,
          "all",
          "`all`: every change of every commit; `net`: each row's change over the whole range "
              + "(an insert, a delete, or an update's pre- and post-image; in a stream: over each "
              + "micro-batch's commits)",
          (key, text, zone) ->
              switch (text.trim().toLowerCase(java.util.Locale.ROOT)) {
                case "all" -> ChangeMode.ALL;
                case "net" -> ChangeMode.NET;
                default -> throw DeltaXErrors.badOption(key, text.trim(), "all or net");
              });

  /** {@link #STARTING_VERSION} of a stream: only the commits after the latest version. */
  public static final String STARTING_VERSION_LATEST = "latest";

  public static final ConfEntry<Long> MAX_FILES_PER_TRIGGER =
      ConfEntry.wholeNumber(
          "maxFilesPerTrigger",
          1000,
          WholeNumberRange.FILES_PER_TRIGGER,
          "stream: the most files "
              + "one micro-batch reads (unbounded when only `maxBytesPerTrigger` is given)");
  public static final ConfEntry<Long> MAX_BYTES_PER_TRIGGER =
      ConfEntry.bytes(
          "maxBytesPerTrigger",
          null,
          "",
          "stream: a soft limit on a micro-batch's bytes (`512m`, "
              + "`10g`; a bare number is bytes)");
  public static final ConfEntry<Boolean> SKIP_CHANGE_COMMITS =
      ConfEntry.flag(
          "skipChangeCommits",
          false,
          "stream: `true` skips commits that remove data (UPDATE, "
              + "DELETE, MERGE) instead of failing");
  public static final ConfEntry<Boolean> IGNORE_DELETES =
      ConfEntry.flag(
          "ignoreDeletes",
          false,
          "stream: `true` skips commits that remove data and add none instead of failing");
  public static final ConfEntry<Boolean> IGNORE_CHANGES =
      ConfEntry.flag(
          "ignoreChanges",
          false,
          "stream: `true` reads what a commit that also removes data adds (rewritten rows again) "
              + "instead of failing; deprecated in delta-spark");
  public static final ConfEntry<Boolean> IGNORE_FILE_DELETION =
      ConfEntry.flag(
          "ignoreFileDeletion",
          false,
          "stream: delta-spark's older, deprecated name of " + "`ignoreChanges`");
  public static final ConfEntry<Pattern> EXCLUDE_REGEX =
      ConfEntry.regex(
          "excludeRegex",
          "stream: a Java regular expression; files whose log path it finds are not read, in "
              + "`readChangeFeed` streams too");
  public static final ConfEntry<Boolean> FAIL_ON_DATA_LOSS =
      ConfEntry.flag(
          "failOnDataLoss",
          true,
          "stream: `true` fails when log clean-up removed versions the stream has not read, "
              + "naming them; `false` skips ahead to the next version the log holds");

  public static final ConfEntry<String> SCHEMA_TRACKING_LOCATION =
      ConfEntry.text(
          "schemaTrackingLocation",
          "path",
          "stream: a directory under the query's checkpoint location where the stream keeps its"
              + " schema log, as delta-spark's; the stream then reads on across renames, drops and"
              + " type changes once unblocked (see the streams page). `schemaLocation` is its"
              + " alias");
  public static final String SCHEMA_LOCATION_ALIAS = "schemaLocation";
  public static final ConfEntry<String> STREAMING_SOURCE_TRACKING_ID =
      ConfEntry.text(
          "streamingSourceTrackingId",
          "text",
          "stream: a suffix of the schema log's directory, for two streams of one table that "
              + "share a `schemaTrackingLocation`");
  public static final ConfEntry<String> ALLOW_SOURCE_COLUMN_RENAME =
      ConfEntry.text(
          "allowSourceColumnRename",
          "`always` or a version",
          "stream: with a schema log, lets a restarted stream read on past column renames "
              + "(always, or those logged at this version)");
  public static final ConfEntry<String> ALLOW_SOURCE_COLUMN_DROP =
      ConfEntry.text(
          "allowSourceColumnDrop",
          "`always` or a version",
          "stream: with a schema log, lets a restarted stream read on past dropped columns "
              + "(always, or those logged at this version)");
  public static final ConfEntry<String> ALLOW_SOURCE_COLUMN_TYPE_CHANGE =
      ConfEntry.text(
          "allowSourceColumnTypeChange",
          "`always` or a version",
          "stream: with a schema log, lets a restarted stream read on past widened types "
              + "(always, or those logged at this version)");

  /** Every option, in the order the configuration reference lists them. */
  public static final List<ConfEntry<?>> ALL =
      List.of(
          PATH,
          VERSION_AS_OF,
          TIMESTAMP_AS_OF,
          READ_CHANGE_FEED,
          READ_CHANGE_DATA,
          STARTING_VERSION,
          STARTING_TIMESTAMP,
          ENDING_VERSION,
          ENDING_TIMESTAMP,
          CHANGE_MODE,
          MAX_FILES_PER_TRIGGER,
          MAX_BYTES_PER_TRIGGER,
          SKIP_CHANGE_COMMITS,
          IGNORE_DELETES,
          IGNORE_CHANGES,
          IGNORE_FILE_DELETION,
          EXCLUDE_REGEX,
          FAIL_ON_DATA_LOSS,
          SCHEMA_TRACKING_LOCATION,
          STREAMING_SOURCE_TRACKING_ID,
          ALLOW_SOURCE_COLUMN_RENAME,
          ALLOW_SOURCE_COLUMN_DROP,
          ALLOW_SOURCE_COLUMN_TYPE_CHANGE);
}
