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

import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.fs.Path;

/**
 * Recognizes the names of files in {@code _delta_log} (PROTOCOL.md, "Delta Log Entries" and
 * "Checkpoints"): commits {@code N.json}, classic checkpoints {@code N.checkpoint.parquet},
 * multi-part checkpoints {@code N.checkpoint.o.p.parquet} and UUID-named V2 checkpoints {@code
 * N.checkpoint.<uuid>.json|parquet}. Anything else parses to null. Also where the log is, and the
 * names deltax writes.
 */
public record LogFileName(long version, Kind kind, int part, int numParts) {
  /** The log's directory under the table root. */
  public static final String LOG_DIR = "_delta_log";

  /** The directory of V2 checkpoints' sidecars, under the log directory. */
  public static final String SIDECAR_DIR = "_sidecars";

  public enum Kind {
    COMMIT,
    CLASSIC_CHECKPOINT,
    MULTI_PART_CHECKPOINT,
    V2_CHECKPOINT
  }

  private static final Pattern COMMIT = Pattern.compile("(\\d+)\\.json");
  private static final Pattern CLASSIC = Pattern.compile("(\\d+)\\.checkpoint\\.parquet");
  private static final Pattern MULTI_PART =
      Pattern.compile("(\\d+)\\.checkpoint\\.(\\d+)\\.(\\d+)\\.parquet");

  /**
   * PROTOCOL.md names the part a UUID; delta-spark and Delta Kernel take any part without a dot,
   * and so does deltax, not to pass over a checkpoint another writer named otherwise.
   */
  private static final Pattern V2 = Pattern.compile("(\\d+)\\.checkpoint\\.[^.]+\\.(json|parquet)");

  /**
   * The log file {@code fileName} names, or null: also where a number in it is too large to be one.
   */
  public static LogFileName parse(String fileName) {
    try {
      return parseNumbers(fileName);
    } catch (NumberFormatException tooLarge) {
      return null;
    }
  }

  private static LogFileName parseNumbers(String fileName) {
    Matcher m;
    if ((m = COMMIT.matcher(fileName)).matches()) {
      return new LogFileName(Long.parseLong(m.group(1)), Kind.COMMIT, 1, 1);
    }
    if ((m = CLASSIC.matcher(fileName)).matches()) {
      return new LogFileName(Long.parseLong(m.group(1)), Kind.CLASSIC_CHECKPOINT, 1, 1);
    }
    if ((m = MULTI_PART.matcher(fileName)).matches()) {
      int part = Integer.parseInt(m.group(2));
      int numParts = Integer.parseInt(m.group(3));
      if (part < 1 || part > numParts) {
        return null;
      }
      return new LogFileName(
          Long.parseLong(m.group(1)), Kind.MULTI_PART_CHECKPOINT, part, numParts);
    }
    if ((m = V2.matcher(fileName)).matches()) {
      return new LogFileName(Long.parseLong(m.group(1)), Kind.V2_CHECKPOINT, 1, 1);
    }
    return null;
  }

  public boolean isCheckpoint() {
    return kind != Kind.COMMIT;
  }

  /** The name of commit {@code version}: the version zero-padded to 20 digits. */
  public static String commitName(long version) {
    return String.format("%020d.json", version);
  }

  /** The name of the checksum file of {@code version} (PROTOCOL.md, "Version Checksum File"). */
  public static String checksumName(long version) {
    return String.format("%020d.crc", version);
  }

  /** The name of the classic checkpoint of {@code version}. */
  public static String classicCheckpointName(long version) {
    return String.format("%020d.checkpoint.parquet", version);
  }

  /** The name of a V2 checkpoint of {@code version}; {@code extension} is json or parquet. */
  public static String v2CheckpointName(long version, UUID id, String extension) {
    return String.format("%020d.checkpoint.%s.%s", version, id, extension);
  }

  /** The log directory of the table at {@code tableRoot}. */
  public static Path logDir(Path tableRoot) {
    return new Path(tableRoot, LOG_DIR);
  }
}
