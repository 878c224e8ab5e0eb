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
package io.deltax.actions;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;

/**
 * The JSON form of log actions: one action per line of a commit file or of a V2 JSON checkpoint
 * (PROTOCOL.md, "Delta Log Entries"), field by field as each action's {@link ActionSchema} lists
 * them. Parsing: actions deltax has no use for ({@code checkpointMetadata}, unknown future actions)
 * parse to null. Writing: fields in the schema's order, left out where null.
 */
public final class ActionJson {
  public static final ObjectMapper MAPPER = new ObjectMapper();

  private ActionJson() {}

  /**
   * The path, {@code baseRowId} and {@code stats} of an {@code add} or {@code remove} line,
   * streamed, the other fields skipped unparsed; null for any other action.
   */
  public static FileActionSummary parseFileAction(String line) throws IOException {
    try (JsonParser p = MAPPER.getFactory().createParser(line)) {
      if (p.nextToken() != JsonToken.START_OBJECT) {
        throw new IOException("not a JSON object: " + abbreviate(line));
      }
      if (p.nextToken() != JsonToken.FIELD_NAME) {
        return null;
      }
      String action = p.currentName();
      if (!action.equals("add") && !action.equals("remove")) {
        p.nextToken();
        p.skipChildren(); // still read to its end, so a broken line is noticed
        return null;
      }
      if (p.nextToken() != JsonToken.START_OBJECT) {
        throw new IOException("the " + action + " action is not an object: " + abbreviate(line));
      }
      String path = null;
      Long baseRowId = null;
      String stats = null;
      while (p.nextToken() == JsonToken.FIELD_NAME) {
        String field = p.currentName();
        JsonToken value = p.nextToken();
        switch (field) {
          case "path" -> path = p.getValueAsString();
          case "baseRowId" ->
              baseRowId = value == JsonToken.VALUE_NUMBER_INT ? p.getLongValue() : null;
          case "stats" -> stats = p.getValueAsString();
          default -> p.skipChildren();
        }
      }
      return new FileActionSummary(action.equals("add"), path, baseRowId, stats);
    }
  }

  /**
   * The action of one line, or null for an action deltax has no use for. Streamed: the fields the
   * action's schema does not declare are skipped unparsed, yet the line is read to its end, so a
   * broken line is noticed.
   */
  public static Action parseLine(String line) throws IOException {
    try (JsonParser p = MAPPER.getFactory().createParser(line)) {
      if (p.nextToken() != JsonToken.START_OBJECT) {
        throw new IOException("not a JSON object: " + abbreviate(line));
      }
      if (p.nextToken() != JsonToken.FIELD_NAME) {
        return null;
      }
      ActionSchema<? extends Action> schema = Actions.forKey(p.currentName());
      JsonToken body = p.nextToken();
      Action action = null;
      if (schema == null) {
        p.skipChildren();
      } else {
        try {
          action = readStruct(schema, body, p);
        } catch (MissingActionFieldException e) {
          throw new IOException(e.getMessage(), e);
        }
      }
      while (p.nextToken() == JsonToken.FIELD_NAME) {
        p.nextToken();
        p.skipChildren();
      }
      return action;
    }
  }

  /** The record of an object whose first token has been read; anything else reads as all absent. */
  private static <T> T readStruct(ActionSchema<T> schema, JsonToken start, JsonParser p)
      throws IOException {
    List<ActionField<T>> fields = schema.fields();
    Object[] values = new Object[fields.size()];
    if (start == JsonToken.START_OBJECT) {
      while (p.nextToken() == JsonToken.FIELD_NAME) {
        int i = schema.position(p.currentName());
        JsonToken token = p.nextToken();
        if (i < 0) {
          p.skipChildren();
        } else {
          values[i] = read(fields.get(i), token, p);
        }
      }
    } else {
      p.skipChildren();
    }
    for (int i = 0; i < values.length; i++) {
      if (values[i] == null) {
        values[i] = fields.get(i).absent();
      }
    }
    return schema.create(values);
  }

  /** One field's value, or null where it is null or not of the declared kind. */
  private static Object read(ActionField<?> field, JsonToken token, JsonParser p)
      throws IOException {
    if (token == JsonToken.VALUE_NULL) {
      return null;
    }
    FieldType type = field.type();
    if (type == FieldType.STRUCT) {
      return readStruct(field.struct(), token, p);
    }
    boolean container = token == JsonToken.START_OBJECT || token == JsonToken.START_ARRAY;
    boolean wanted =
        switch (type) {
          case STRING_MAP -> token == JsonToken.START_OBJECT;
          case STRING_LIST, STRING_SET -> token == JsonToken.START_ARRAY;
          default -> !container;
        };
    if (!wanted) {
      p.skipChildren();
      return null;
    }
    return switch (type) {
      case STRING -> p.getValueAsString();
      case INT -> p.getValueAsInt();
      case LONG -> p.getValueAsLong();
      case BOOLEAN -> p.getValueAsBoolean();
      case STRING_MAP -> stringMap(p);
      case STRING_LIST -> Collections.unmodifiableList(strings(p, new ArrayList<>()));
      case STRING_SET -> Collections.unmodifiableSet(strings(p, new LinkedHashSet<>()));
      case STRUCT -> throw new IllegalStateException("read above");
    };
  }

  /** An object of strings; a value that is null (or not a string) reads as null. */
  private static Map<String, String> stringMap(JsonParser p) throws IOException {
    Map<String, String> map = null;
    while (p.nextToken() == JsonToken.FIELD_NAME) {
      String key = p.currentName();
      JsonToken value = p.nextToken();
      p.skipChildren();
      if (map == null) {
        map = new LinkedHashMap<>();
      }
      map.put(
          key,
          value == JsonToken.VALUE_NULL || value.isStructStart() ? null : p.getValueAsString());
    }
    return map == null ? Map.of() : Collections.unmodifiableMap(map);
  }

  /** An array of strings; nulls and anything else are left out. */
  private static <C extends Collection<String>> C strings(JsonParser p, C into) throws IOException {
    JsonToken token;
    while ((token = p.nextToken()) != JsonToken.END_ARRAY) {
      if (token == null) {
        throw new IOException("unexpected end of an array");
      }
      if (token.isStructStart()) {
        p.skipChildren();
      } else if (token != JsonToken.VALUE_NULL) {
        into.add(p.getValueAsString());
      }
    }
    return into;
  }

  // Writing: one JSON line per action, fields absent where the value is null, as delta-spark
  // writes.

  /** Any action, e.g. the add, protocol, metaData and domainMetadata a backfill commits. */
  public static String toJson(Action action) {
    ActionSchema<Action> schema = Actions.of(action);
    StringWriter out = new StringWriter(256);
    try (JsonGenerator g = MAPPER.getFactory().createGenerator(out)) {
      g.writeStartObject();
      g.writeFieldName(schema.name());
      write(schema, action, g);
      g.writeEndObject();
    } catch (IOException e) {
      throw new IllegalStateException(e); // a StringWriter does not fail
    }
    return out.toString();
  }

  private static <T> void write(ActionSchema<T> schema, T record, JsonGenerator g)
      throws IOException {
    g.writeStartObject();
    for (ActionField<T> field : schema.fields()) {
      Object value = field.value().apply(record);
      if (value == null) {
        continue;
      }
      g.writeFieldName(field.name());
      switch (field.type()) {
        case STRING -> g.writeString((String) value);
        case INT -> g.writeNumber((Integer) value);
        case LONG -> g.writeNumber((Long) value);
        case BOOLEAN -> g.writeBoolean((Boolean) value);
        case STRING_MAP -> {
          g.writeStartObject();
          for (Map.Entry<?, ?> e : ((Map<?, ?>) value).entrySet()) {
            g.writeStringField((String) e.getKey(), (String) e.getValue());
          }
          g.writeEndObject();
        }
        case STRING_LIST, STRING_SET -> {
          g.writeStartArray();
          for (Object element : (Collection<?>) value) {
            g.writeString((String) element);
          }
          g.writeEndArray();
        }
        case STRUCT -> writeStruct(field.struct(), value, g);
      }
    }
    g.writeEndObject();
  }

  @SuppressWarnings("unchecked")
  private static <S> void writeStruct(ActionSchema<S> schema, Object value, JsonGenerator g)
      throws IOException {
    write(schema, (S) value, g);
  }

  /** A {@code commitInfo} action from its fields, in the order given. */
  public static String commitInfoJson(Map<String, Object> fields) {
    return wrap("commitInfo", MAPPER.valueToTree(fields));
  }

  /** A JSON object as text, for values such as the row tracking domain's configuration. */
  public static String objectJson(Map<String, Object> fields) {
    try {
      return MAPPER.writeValueAsString(fields);
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  private static String wrap(String action, JsonNode body) {
    ObjectNode line = MAPPER.createObjectNode();
    line.set(action, body);
    try {
      return MAPPER.writeValueAsString(line);
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  private static String abbreviate(String s) {
    return s.length() <= 80 ? s : s.substring(0, 80) + "...";
  }
}
