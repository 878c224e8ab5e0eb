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
package io.deltax.errors;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Every condition deltax raises, and the kind of exception it is. Its SQLSTATE and its message
 * templates live in one table, the resource {@value #RESOURCE}, as Spark's own {@code
 * error/error-conditions.json}: a condition holds one template per factory method that raises it
 * ({@link DeltaXErrors}, {@link WriteErrors}, {@link ChangeFeedErrors}, {@link StreamErrors}),
 * keyed by the method's name, written as fragments joined by a space.
 */
public enum DeltaXErrorCondition {
  DELTAX_TABLE_NOT_FOUND(Kind.ANALYSIS),
  DELTAX_NOT_A_DELTA_TABLE(Kind.ANALYSIS),
  DELTAX_TABLE_WITHOUT_COLUMNS(Kind.ANALYSIS),
  DELTAX_MISSING_PATH(Kind.ILLEGAL_ARGUMENT),
  DELTAX_LOG_INCOMPLETE(Kind.RUNTIME),
  DELTAX_CORRUPT_LOG(Kind.RUNTIME),
  DELTAX_CORRUPT_CHANGE_DATA(Kind.RUNTIME),
  DELTAX_CORRUPT_DELETION_VECTOR(Kind.RUNTIME),
  DELTAX_UNSUPPORTED_READER_FEATURE(Kind.ANALYSIS),
  DELTAX_UNSUPPORTED_READER_VERSION(Kind.ANALYSIS),
  DELTAX_UNSUPPORTED_TYPE_CHANGE(Kind.ANALYSIS),
  DELTAX_UNSUPPORTED_TABLE(Kind.ANALYSIS),
  DELTAX_UNSUPPORTED_WRITER_FEATURE(Kind.ANALYSIS),
  DELTAX_WRITE_NOT_SUPPORTED(Kind.ANALYSIS),
  DELTAX_VERSION_NOT_AVAILABLE(Kind.ANALYSIS),
  DELTAX_TIMESTAMP_NOT_AVAILABLE(Kind.ANALYSIS),
  DELTAX_INVALID_OPTION(Kind.ILLEGAL_ARGUMENT),
  DELTAX_UNSUPPORTED_OPTION(Kind.ILLEGAL_ARGUMENT),
  DELTAX_INVALID_ARGUMENT(Kind.ILLEGAL_ARGUMENT),
  DELTAX_INVALID_TABLE_PROPERTY(Kind.ANALYSIS),
  DELTAX_ROW_TRACKING_INCOMPLETE(Kind.ANALYSIS),
  DELTAX_IO_ERROR(Kind.RUNTIME),
  DELTAX_PROCEDURE_NOT_FOUND(Kind.ANALYSIS),
  DELTAX_MISSING_STATS(Kind.ANALYSIS),
  DELTAX_BACKFILL_INCOMPLETE(Kind.RUNTIME),
  DELTAX_TOO_MANY_CONFLICTS(Kind.RUNTIME),
  DELTAX_UNSAFE_COMMIT_STORE(Kind.RUNTIME),
  DELTAX_INVALID_CHANGE_RANGE(Kind.ANALYSIS),
  DELTAX_CHANGE_RANGE_NOT_AVAILABLE(Kind.ANALYSIS),
  DELTAX_UNSUPPORTED_CHANGE_RANGE(Kind.ANALYSIS),
  DELTAX_STREAM_DATA_REMOVED(Kind.RUNTIME),
  DELTAX_STREAM_TABLE_CHANGED(Kind.RUNTIME),
  DELTAX_STREAM_VERSIONS_MISSING(Kind.RUNTIME),
  DELTAX_STREAM_SCHEMA_CHANGED(Kind.RUNTIME),
  DELTAX_STREAM_BAD_OFFSET(Kind.RUNTIME),
  DELTAX_STREAM_METADATA_EVOLUTION(Kind.RUNTIME),
  DELTAX_STREAM_SCHEMA_CHANGE_BLOCKED(Kind.RUNTIME),
  DELTAX_STREAM_SCHEMA_LOG(Kind.RUNTIME);

  /** The table of conditions, on the class path. */
  public static final String RESOURCE = "error/deltax-error-conditions.json";

  /** Which exception a condition is, so that Spark users catch it as they catch Spark's own. */
  public enum Kind {
    /** A query that cannot run as asked: {@link DeltaXAnalysisException}. */
    ANALYSIS,
    /** A bad option or argument: {@link DeltaXIllegalArgumentException}. */
    ILLEGAL_ARGUMENT,
    /** A failure while running, such as a damaged log: {@link DeltaXRuntimeException}. */
    RUNTIME
  }

  private final Kind kind;

  DeltaXErrorCondition(Kind kind) {
    this.kind = kind;
  }

  public Kind kind() {
    return kind;
  }

  /** The SQLSTATE, from the table. */
  public String sqlState() {
    return Table.CONDITIONS.get(name()).path("sqlState").asText(null);
  }

  /** The template that the factory method {@code message} renders for this condition. */
  public String template(String message) {
    JsonNode fragments = Table.CONDITIONS.get(name()).path("messages").path(message);
    if (!fragments.isArray() || fragments.isEmpty()) {
      throw new IllegalStateException(
          "No message " + message + " of " + name() + " in " + RESOURCE);
    }
    StringBuilder template = new StringBuilder();
    fragments.forEach(f -> template.append(template.isEmpty() ? "" : " ").append(f.asText()));
    return template.toString();
  }

  /** A parameter in a template: {@code <tablePath>}. */
  public static final Pattern PARAMETER = Pattern.compile("<([A-Za-z][A-Za-z0-9]*)>");

  /**
   * {@code template} with each {@code <name>} replaced by its parameter's value, in one pass, so
   * that a value holding {@code <…>} (a schema) stays as it is; a name without a value is kept.
   */
  public static String render(String template, Map<String, String> parameters) {
    Matcher m = PARAMETER.matcher(template);
    StringBuilder text = new StringBuilder();
    while (m.find()) {
      String value = parameters.get(m.group(1));
      m.appendReplacement(text, Matcher.quoteReplacement(value != null ? value : m.group()));
    }
    return m.appendTail(text).toString();
  }

  /** The resource, read once when a condition is first asked for its SQLSTATE or a template. */
  private static final class Table {
    static final Map<String, JsonNode> CONDITIONS = read();

    private static Map<String, JsonNode> read() {
      try (InputStream in =
          DeltaXErrorCondition.class.getClassLoader().getResourceAsStream(RESOURCE)) {
        if (in == null) {
          throw new IllegalStateException(RESOURCE + " is not on the class path");
        }
        Map<String, JsonNode> conditions = new HashMap<>();
        new ObjectMapper()
            .readTree(in)
            .properties()
            .forEach(e -> conditions.put(e.getKey(), e.getValue()));
        for (DeltaXErrorCondition c : values()) {
          if (!conditions.containsKey(c.name())) {
            throw new IllegalStateException("No condition " + c + " in " + RESOURCE);
          }
        }
        return conditions;
      } catch (IOException e) {
        throw new UncheckedIOException("Cannot read " + RESOURCE, e);
      }
    }
  }
}
