package io.deltax.actions;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.deltax.actions.Action;
import io.deltax.actions.AddFile;
import io.deltax.actions.CommitInfo;
import io.deltax.actions.DeletionVectorDescriptor;
import io.deltax.actions.DomainMetadata;
import io.deltax.actions.Metadata;
import io.deltax.actions.Protocol;
import io.deltax.actions.RemoveFile;
import io.deltax.actions.SetTransaction;
import io.deltax.actions.Sidecar;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The JSON form of log actions: one action per line of a commit file or of a V2 JSON checkpoint
 * (PROTOCOL.md, "Delta Log Entries"). Parsing: actions deltax has no use for ({@code cdc},
 * {@code checkpointMetadata}, unknown future actions) parse to null. Writing: the actions a
 * row tracking backfill commits.
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
    JsonNode a = entry.getValue();
    return switch (entry.getKey()) {
      case "add" -> add(a);
      case "remove" -> new RemoveFile(text(a, "path"), deletionVector(a.get("deletionVector")),
          longOrNull(a, "deletionTimestamp"), a.path("dataChange").asBoolean(true),
          a.path("extendedFileMetadata").asBoolean(false),
          a.has("partitionValues") ? stringMap(a.get("partitionValues")) : null,
          longOrNull(a, "size"), stringMap(a.get("tags")), longOrNull(a, "baseRowId"),
          longOrNull(a, "defaultRowCommitVersion"));
      case "metaData" -> metadata(a);
      case "protocol" -> protocol(a);
      case "txn" -> new SetTransaction(text(a, "appId"), a.path("version").asLong(),
          longOrNull(a, "lastUpdated"));
      case "domainMetadata" -> new DomainMetadata(text(a, "domain"), text(a, "configuration"),
          a.path("removed").asBoolean(false));
      case "sidecar" -> new Sidecar(text(a, "path"), a.path("sizeInBytes").asLong(),
          a.path("modificationTime").asLong());
      case "commitInfo" -> new CommitInfo(text(a, "operation"), longOrNull(a, "inCommitTimestamp"),
          longOrNull(a, "timestamp"));
      default -> null;
    };
  }

  private static AddFile add(JsonNode a) {
    return new AddFile(
        text(a, "path"),
        stringMap(a.get("partitionValues")),
        a.path("size").asLong(),
        a.path("modificationTime").asLong(),
        a.path("dataChange").asBoolean(true),
        text(a, "stats"),
        stringMap(a.get("tags")),
        deletionVector(a.get("deletionVector")),
        longOrNull(a, "baseRowId"),
        longOrNull(a, "defaultRowCommitVersion"),
        text(a, "clusteringProvider"));
  }

  private static Metadata metadata(JsonNode a) {
    List<String> partitionColumns = new ArrayList<>();
    a.path("partitionColumns").forEach(n -> partitionColumns.add(n.asText()));
    JsonNode format = a.get("format");
    return new Metadata(
        text(a, "id"),
        text(a, "name"),
        text(a, "description"),
        format == null ? "parquet" : text(format, "provider"),
        text(a, "schemaString"),
        Collections.unmodifiableList(partitionColumns),
        stringMap(a.get("configuration")),
        longOrNull(a, "createdTime"));
  }

  private static Protocol protocol(JsonNode a) {
    return new Protocol(
        a.path("minReaderVersion").asInt(1),
        a.path("minWriterVersion").asInt(2),
        stringSet(a.get("readerFeatures")),
        stringSet(a.get("writerFeatures")));
  }

  static DeletionVectorDescriptor deletionVector(JsonNode dv) {
    if (dv == null || dv.isNull()) {
      return null;
    }
    JsonNode offset = dv.get("offset");
    return new DeletionVectorDescriptor(
        text(dv, "storageType"),
        text(dv, "pathOrInlineDv"),
        offset == null || offset.isNull() ? null : offset.asInt(),
        dv.path("sizeInBytes").asInt(),
        dv.path("cardinality").asLong(),
        longOrNull(dv, "maxRowIndex"));
  }

  private static String text(JsonNode node, String field) {
    JsonNode v = node.get(field);
    return v == null || v.isNull() ? null : v.asText();
  }

  private static Long longOrNull(JsonNode node, String field) {
    JsonNode v = node.get(field);
    return v == null || v.isNull() ? null : v.asLong();
  }

  private static Map<String, String> stringMap(JsonNode node) {
    if (node == null || node.isNull() || node.isEmpty()) {
      return Map.of();
    }
    Map<String, String> map = new LinkedHashMap<>();
    node.fields().forEachRemaining(e -> map.put(e.getKey(),
        e.getValue().isNull() ? null : e.getValue().asText()));
    return Collections.unmodifiableMap(map);
  }

  private static Set<String> stringSet(JsonNode node) {
    if (node == null || node.isNull()) {
      return Set.of();
    }
    Set<String> set = new LinkedHashSet<>();
    node.forEach(n -> set.add(n.asText()));
    return Collections.unmodifiableSet(set);
  }

  // Writing: one JSON line per action, fields absent where the value is null, as delta-spark writes.

  /** Any action deltax writes: add, protocol, metaData or domainMetadata. */
  public static String toJson(Action action) {
    if (action instanceof AddFile add) {
      return toJson(add);
    } else if (action instanceof Protocol protocol) {
      return toJson(protocol);
    } else if (action instanceof Metadata metadata) {
      return toJson(metadata);
    } else if (action instanceof DomainMetadata domain) {
      return toJson(domain);
    }
    throw new IllegalArgumentException("deltax does not write " + action.getClass().getSimpleName());
  }

  public static String toJson(AddFile add) {
    ObjectNode a = MAPPER.createObjectNode();
    a.put("path", add.path());
    a.set("partitionValues", MAPPER.valueToTree(add.partitionValues()));
    a.put("size", add.size());
    a.put("modificationTime", add.modificationTime());
    a.put("dataChange", add.dataChange());
    putIfNotNull(a, "stats", add.stats());
    if (!add.tags().isEmpty()) {
      a.set("tags", MAPPER.valueToTree(add.tags()));
    }
    if (add.deletionVector() != null) {
      DeletionVectorDescriptor dv = add.deletionVector();
      ObjectNode d = a.putObject("deletionVector");
      d.put("storageType", dv.storageType());
      d.put("pathOrInlineDv", dv.pathOrInlineDv());
      if (dv.offset() != null) {
        d.put("offset", dv.offset());
      }
      d.put("sizeInBytes", dv.sizeInBytes());
      d.put("cardinality", dv.cardinality());
      if (dv.maxRowIndex() != null) {
        d.put("maxRowIndex", dv.maxRowIndex());
      }
    }
    if (add.baseRowId() != null) {
      a.put("baseRowId", add.baseRowId());
    }
    if (add.defaultRowCommitVersion() != null) {
      a.put("defaultRowCommitVersion", add.defaultRowCommitVersion());
    }
    putIfNotNull(a, "clusteringProvider", add.clusteringProvider());
    return wrap("add", a);
  }

  public static String toJson(Protocol protocol) {
    ObjectNode p = MAPPER.createObjectNode();
    p.put("minReaderVersion", protocol.minReaderVersion());
    p.put("minWriterVersion", protocol.minWriterVersion());
    if (protocol.supportsReaderFeatures()) {
      p.set("readerFeatures", MAPPER.valueToTree(protocol.readerFeatures()));
    }
    if (protocol.supportsWriterFeatures()) {
      p.set("writerFeatures", MAPPER.valueToTree(protocol.writerFeatures()));
    }
    return wrap("protocol", p);
  }

  public static String toJson(Metadata metadata) {
    ObjectNode m = MAPPER.createObjectNode();
    m.put("id", metadata.id());
    putIfNotNull(m, "name", metadata.name());
    putIfNotNull(m, "description", metadata.description());
    ObjectNode format = m.putObject("format");
    format.put("provider", metadata.formatProvider());
    format.putObject("options");
    m.put("schemaString", metadata.schemaString());
    m.set("partitionColumns", MAPPER.valueToTree(metadata.partitionColumns()));
    m.set("configuration", MAPPER.valueToTree(metadata.configuration()));
    if (metadata.createdTime() != null) {
      m.put("createdTime", metadata.createdTime());
    }
    return wrap("metaData", m);
  }

  public static String toJson(DomainMetadata domain) {
    ObjectNode d = MAPPER.createObjectNode();
    d.put("domain", domain.domain());
    d.put("configuration", domain.configuration());
    d.put("removed", domain.removed());
    return wrap("domainMetadata", d);
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

  private static void putIfNotNull(ObjectNode node, String field, String value) {
    if (value != null) {
      node.put(field, value);
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
