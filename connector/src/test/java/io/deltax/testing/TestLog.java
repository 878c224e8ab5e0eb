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
package io.deltax.testing;

import io.deltax.actions.Action;
import io.deltax.actions.ActionJson;
import io.deltax.log.LogFileName;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;

/**
 * A table's {@code _delta_log} written by hand, for unit tests that read it back: commits as JSON
 * lines or as actions, any other file of the log by name, and the action lines most tests need (a
 * table of one long column {@code v}, files named by letter).
 */
public final class TestLog {
  private TestLog() {}

  /** Reader version 1, writer version 2: no table feature. */
  public static final String PROTOCOL =
      "{\"protocol\":{\"minReaderVersion\":1,\"minWriterVersion\":2}}";

  /** The {@code _delta_log} of {@code table}. */
  public static Path dir(Path table) {
    return table.resolve(LogFileName.LOG_DIR);
  }

  /** Writes commit {@code version} of {@code table}, one JSON line each. */
  public static Path commit(Path table, long version, String... lines) throws IOException {
    return write(table, LogFileName.commitName(version), List.of(lines));
  }

  /** Writes commit {@code version} of {@code table}, one line per action. */
  public static Path commit(Path table, long version, Action... actions) throws IOException {
    List<String> lines = new ArrayList<>();
    for (Action action : actions) {
      lines.add(ActionJson.toJson(action));
    }
    return write(table, LogFileName.commitName(version), lines);
  }

  /** As {@link #commit(Path, long, String...)}, the file modified at {@code fileTime}. */
  public static Path commitAt(Path table, long version, long fileTime, String... lines)
      throws IOException {
    Path file = commit(table, version, lines);
    Files.setLastModifiedTime(file, FileTime.fromMillis(fileTime));
    return file;
  }

  /** Writes the file {@code name} of the log, such as a checkpoint in JSON, one line each. */
  public static Path write(Path table, String name, List<String> lines) throws IOException {
    Path file = Files.createDirectories(dir(table)).resolve(name);
    Files.writeString(file, String.join("\n", lines) + "\n");
    return file;
  }

  /**
   * A {@code schemaString}, escaped for a {@code metaData} line: of these columns, each {@code
   * name} (a long) or {@code name:type}; none for a table without columns.
   */
  public static String schema(String... columns) {
    List<String> fields = new ArrayList<>();
    for (String c : columns) {
      String[] nameAndType = (c.contains(":") ? c : c + ":long").split(":");
      fields.add(
          "{\\\"name\\\":\\\""
              + nameAndType[0]
              + "\\\",\\\"type\\\":\\\""
              + nameAndType[1]
              + "\\\",\\\"nullable\\\":true,\\\"metadata\\\":{}}");
    }
    return "{\\\"type\\\":\\\"struct\\\",\\\"fields\\\":[" + String.join(",", fields) + "]}";
  }

  /** A table {@code id} of one long column {@code v}, without properties. */
  public static String metadata(String id) {
    return metadata(id, "{}");
  }

  /**
   * @param configuration the table properties, as a JSON object
   */
  public static String metadata(String id, String configuration) {
    return metadata(id, schema("v"), configuration);
  }

  /**
   * @param schema a {@code schemaString} from {@link #schema}
   * @param configuration the table properties, as a JSON object
   */
  public static String metadata(String id, String schema, String configuration) {
    return "{\"metaData\":{\"id\":\""
        + id
        + "\","
        + "\"format\":{\"provider\":\"parquet\",\"options\":{}},"
        + "\"schemaString\":\""
        + schema
        + "\",\"partitionColumns\":[],\"configuration\":"
        + configuration
        + "}}";
  }

  /** The file {@code name}.parquet added, one row, as a data change. */
  public static String add(String name) {
    return add(name, true);
  }

  public static String add(String name, boolean dataChange) {
    return "{\"add\":{\"path\":\""
        + name
        + ".parquet\",\"partitionValues\":{},\"size\":1,"
        + "\"modificationTime\":1,\"dataChange\":"
        + dataChange
        + ",\"stats\":\"{\\\"numRecords\\\":1}\"}}";
  }

  /** The file {@code name}.parquet removed, as a data change. */
  public static String remove(String name) {
    return "{\"remove\":{\"path\":\""
        + name
        + ".parquet\",\"deletionTimestamp\":1,"
        + "\"dataChange\":true}}";
  }
}
