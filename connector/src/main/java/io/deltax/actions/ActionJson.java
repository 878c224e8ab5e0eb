package io.deltax.actions;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;

/**
 * The JSON form of log actions: one action per line of a commit file or of a V2 JSON checkpoint
 * (PROTOCOL.md, "Delta Log Entries"), field by field as each action's {@link ActionSchema} lists
 * them. Parsing: actions deltax has no use for ({@code cdc}, {@code checkpointMetadata}, unknown
 * future actions) parse to null. Writing: fields in the schema's order, left out where null.
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
          case "baseRowId" -> baseRowId = value == JsonToken.VALUE_NUMBER_INT ? p.getLongValue() : null;
          case "stats" -> stats = p.getValueAsString();
          default -> p.skipChildren();
        }
      }
      return new FileActionSummary(action.equals("add"), path, baseRowId, stats);
    }
  }

  /** The action of one line, or null for an action deltax has no use for. */
  public static Action parseLine(String line) throws IOException {
    JsonNode root = MAPPER.readTree(line);
    if (root == null || !root.isObject()) {
      throw new IOException("not a JSON object: " + abbreviate(line));
    }
    Iterator<Map.Entry<String, JsonNode>> fields = root.fields();
    if (!fields.hasNext()) {
      return null;
    }
    Map.Entry<String, JsonNode> entry = fields.next();
    ActionSchema<? extends Action> schema = Actions.forKey(entry.getKey());
    return schema == null ? null : read(schema, entry.getValue());
  }

  private static <T> T read(ActionSchema<T> schema, JsonNode node) {
    List<ActionField<T>> fields = schema.fields();
    Object[] values = new Object[fields.size()];
    for (int i = 0; i < values.length; i++) {
      ActionField<T> field = fields.get(i);
      JsonNode value = node.get(field.name());
      values[i] = value == null || value.isNull() ? field.absent() : read(field, value);
    }
    return schema.create(values);
  }

  private static Object read(ActionField<?> field, JsonNode value) {
    return switch (field.type()) {
      case STRING -> value.asText();
      case INT -> value.asInt();
      case LONG -> value.asLong();
      case BOOLEAN -> value.asBoolean();
      case STRING_MAP -> stringMap(value);
      case STRING_LIST -> Collections.unmodifiableList(strings(value, new ArrayList<>()));
      case STRING_SET -> Collections.unmodifiableSet(strings(value, new LinkedHashSet<>()));
      case STRUCT -> read(field.struct(), value);
    };
  }

  private static Map<String, String> stringMap(JsonNode node) {
    if (node.isEmpty()) {
      return Map.of();
    }
    Map<String, String> map = new LinkedHashMap<>();
    node.fields().forEachRemaining(e -> map.put(e.getKey(),
        e.getValue().isNull() ? null : e.getValue().asText()));
    return Collections.unmodifiableMap(map);
  }

  private static <C extends Collection<String>> C strings(JsonNode array, C into) {
    array.forEach(n -> into.add(n.asText()));
    return into;
  }

  // Writing: one JSON line per action, fields absent where the value is null, as delta-spark writes.

  /** Any action, e.g. the add, protocol, metaData and domainMetadata a backfill commits. */
  public static String toJson(Action action) {
    ActionSchema<Action> schema = Actions.of(action);
    return wrap(schema.name(), write(schema, action));
  }

  private static <T> ObjectNode write(ActionSchema<T> schema, T record) {
    ObjectNode node = MAPPER.createObjectNode();
    for (ActionField<T> field : schema.fields()) {
      Object value = field.value().apply(record);
      if (value == null) {
        continue;
      }
      String name = field.name();
      switch (field.type()) {
        case STRING -> node.put(name, (String) value);
        case INT -> node.put(name, (Integer) value);
        case LONG -> node.put(name, (Long) value);
        case BOOLEAN -> node.put(name, (Boolean) value);
        case STRING_MAP, STRING_LIST, STRING_SET -> node.set(name, MAPPER.valueToTree(value));
        case STRUCT -> node.set(name, writeStruct(field.struct(), value));
      }
    }
    return node;
  }

  @SuppressWarnings("unchecked")
  private static <S> ObjectNode writeStruct(ActionSchema<S> schema, Object value) {
    return write(schema, (S) value);
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
