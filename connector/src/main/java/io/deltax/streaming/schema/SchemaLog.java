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
package io.deltax.streaming.schema;

import io.deltax.errors.StreamErrors;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.UUID;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * A stream's schema log on disk, in delta-spark's format ({@code SchemaTrackingLog}, an {@code
 * HDFSMetadataLog}): the directory {@code <schemaTrackingLocation>/_schema_log_<tableId>} (then
 * {@code _<streamingSourceTrackingId>} where given) holds one file per entry, named by its sequence
 * number from 0, each the line {@code v1} then a {@link PersistedMetadata} as JSON. Files whose
 * names are not numbers (temporary files, checksums) are not entries. An entry is written aside,
 * then renamed into place, never over another.
 */
public final class SchemaLog {
  /** The entry format this deltax reads and writes, as delta-spark's {@code VERSION}. */
  static final int FORMAT_VERSION = 1;

  private final String table;
  private final FileSystem fs;
  private final Path dir;

  /** One entry and its sequence number. */
  public record Entry(long seqNum, PersistedMetadata metadata) {}

  SchemaLog(String table, Path dir, Configuration hadoopConf) {
    this.table = table;
    this.dir = dir;
    try {
      this.fs = dir.getFileSystem(hadoopConf);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The log directory of {@code tableId}'s stream under {@code root}, as delta-spark names it. */
  public static Path directory(String root, String tableId, String sourceTrackingId) {
    return new Path(
        root, "_schema_log_" + tableId + (sourceTrackingId == null ? "" : "_" + sourceTrackingId));
  }

  Path dir() {
    return dir;
  }

  /** The entry with the highest sequence number, if any. */
  public Optional<Entry> latest() {
    long latest = -1;
    try {
      if (!fs.exists(dir)) {
        return Optional.empty();
      }
      for (FileStatus f : fs.listStatus(dir)) {
        Long seq = seqNum(f.getPath().getName());
        if (seq != null && f.isFile()) {
          latest = Math.max(latest, seq);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return latest < 0 ? Optional.empty() : Optional.of(new Entry(latest, read(latest)));
  }

  /** Entry {@code seqNum}, if the log holds it. */
  public Optional<PersistedMetadata> at(long seqNum) {
    try {
      return seqNum >= 0 && fs.exists(new Path(dir, Long.toString(seqNum)))
          ? Optional.of(read(seqNum))
          : Optional.empty();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The entry before {@code latest}: the one it points back at, else the one numbered before. */
  public Optional<PersistedMetadata> previous(Entry latest) {
    return at(previousSeqNum(latest));
  }

  /**
   * The number of the entry before {@code latest}, as delta-spark's {@code
   * getPreviousTrackedSeqNum}: -1 where {@code latest} is the first.
   */
  static long previousSeqNum(Entry latest) {
    Long back = latest.metadata().previousMetadataSeqNum();
    return back != null ? back : latest.seqNum() - 1;
  }

  private static Long seqNum(String name) {
    try {
      return name.isEmpty() || !Character.isDigit(name.charAt(0)) ? null : Long.parseLong(name);
    } catch (NumberFormatException e) {
      return null;
    }
  }

  private PersistedMetadata read(long seqNum) {
    Path file = new Path(dir, Long.toString(seqNum));
    String text;
    try (InputStream in = fs.open(file)) {
      text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    int newline = text.indexOf('\n');
    String version = newline < 0 ? text : text.substring(0, newline);
    if (!version.matches("v[0-9]+")) {
      throw corrupt(file, "entry " + seqNum + " does not start with a format version (v1)", null);
    }
    int format = Integer.parseInt(version.substring(1));
    if (format < 1 || format > FORMAT_VERSION) {
      throw corrupt(
          file, "entry " + seqNum + " is of format " + version + "; this deltax reads v1", null);
    }
    String json = newline < 0 ? "{}" : text.substring(newline + 1).trim();
    try {
      PersistedMetadata m = PersistedMetadata.fromJson(json.isEmpty() ? "{}" : json);
      m.dataSchema();
      m.partitionSchema();
      return m;
    } catch (IOException | RuntimeException e) {
      throw corrupt(file, "entry " + seqNum + " is not a schema log entry", e);
    }
  }

  private RuntimeException corrupt(Path file, String why, Throwable cause) {
    return StreamErrors.corruptSchemaLog(table, file.toString(), why, cause);
  }

  /**
   * Writes entry {@code seqNum}; fails where it is there already (another query wrote it), as
   * delta-spark's log does.
   */
  void write(long seqNum, PersistedMetadata metadata) {
    Path file = new Path(dir, Long.toString(seqNum));
    Path temp = new Path(dir, "." + seqNum + "." + UUID.randomUUID() + ".tmp");
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    bytes.writeBytes(("v" + FORMAT_VERSION + "\n").getBytes(StandardCharsets.UTF_8));
    bytes.writeBytes(metadata.toJson().getBytes(StandardCharsets.UTF_8));
    try {
      fs.mkdirs(dir);
      try (OutputStream out = fs.create(temp, false)) {
        out.write(bytes.toByteArray());
      }
      if (fs.exists(file) || !fs.rename(temp, file)) {
        fs.delete(temp, false);
        throw new IllegalStateException(
            "Entry "
                + seqNum
                + " of the schema log at "
                + dir
                + " was written by another query: give each stream its own schema location");
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
