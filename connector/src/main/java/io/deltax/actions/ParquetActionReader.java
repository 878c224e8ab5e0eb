package io.deltax.actions;

import io.deltax.actions.Action;
import io.deltax.actions.AddFile;
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
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.filter2.compat.FilterCompat;
import org.apache.parquet.filter2.predicate.FilterApi;
import org.apache.parquet.filter2.predicate.FilterPredicate;
import org.apache.parquet.hadoop.ParquetReader;
import org.apache.parquet.hadoop.api.InitContext;
import org.apache.parquet.hadoop.api.ReadSupport;
import org.apache.parquet.hadoop.example.GroupReadSupport;
import org.apache.parquet.hadoop.util.HadoopInputFile;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.Type;

/**
 * Reads the actions of a Parquet checkpoint or sidecar file with the parquet-hadoop reader Spark
 * ships. Only the columns deltax uses are read: the projection drops {@code stats_parsed},
 * {@code partitionValues_parsed} and the fields deltax does not know.
 */
public final class ParquetActionReader {
  public static final Set<String> ALL_ACTIONS = Set.of(
      "add", "remove", "metaData", "protocol", "txn", "domainMetadata", "sidecar");
  public static final Set<String> PROTOCOL_AND_METADATA = Set.of("metaData", "protocol");
  private static final Set<String> ADD_FIELDS = Set.of(
      "path", "partitionValues", "size", "modificationTime", "dataChange", "stats", "tags",
      "deletionVector", "baseRowId", "defaultRowCommitVersion", "clusteringProvider");
  private static final Set<String> REMOVE_FIELDS = Set.of("path", "deletionVector",
      "deletionTimestamp", "dataChange", "extendedFileMetadata", "partitionValues", "size", "tags",
      "baseRowId", "defaultRowCommitVersion");

  private ParquetActionReader() {}

  /** Reads the actions of the kinds named, e.g. {@link #ALL_ACTIONS}. */
  public static void read(Configuration conf, Path file, Set<String> actions, Consumer<Action> sink)
      throws IOException {
    InputFile input = HadoopInputFile.fromPath(file, conf);
    if (actions.equals(PROTOCOL_AND_METADATA)) {
      boolean[] delivered = new boolean[1];
      try {
        read(new GroupReaderBuilder(input, actions).withFilter(FilterCompat.get(PROTOCOL_OR_METADATA))
            .build(), action -> {
              delivered[0] = true;
              sink.accept(action);
            }, true);
        return;
      } catch (IllegalArgumentException e) {
        if (delivered[0]) {
          throw e;
        }
        // A writer that typed the two columns otherwise (the filter is checked against the
        // file's schema before any row is read): read every row instead.
      }
    }
    read(new GroupReaderBuilder(input, actions).build(), sink, actions.equals(PROTOCOL_AND_METADATA));
  }

  /**
   * A reader on the caller's Hadoop configuration. ({@code ParquetReader.builder(support, path)}
   * first builds a {@code new Configuration()}, which parses Hadoop's XML resources again: that
   * was half the time of reading a checkpoint's protocol and metadata.)
   */
  private static final class GroupReaderBuilder extends ParquetReader.Builder<Group> {
    private final Set<String> actions;

    GroupReaderBuilder(InputFile file, Set<String> actions) {
      super(file);
      this.actions = actions;
    }

    @Override
    protected ReadSupport<Group> getReadSupport() {
      return new ProjectingReadSupport(actions);
    }
  }

  /**
   * The rows that hold a protocol or a metadata action: a checkpoint has one of each among all
   * its file actions, so row groups and pages of nulls are skipped by their statistics.
   */
  private static final FilterPredicate PROTOCOL_OR_METADATA = FilterApi.or(
      FilterApi.notEq(FilterApi.intColumn("protocol.minReaderVersion"), null),
      FilterApi.notEq(FilterApi.binaryColumn("metaData.id"), null));

  /**
   * @param protocolAndMetadataOnly stop once both are read: a checkpoint holds exactly one of each
   *     (PROTOCOL.md, "Checkpoint Specs"), and writers put them first
   */
  private static void read(ParquetReader<Group> opened, Consumer<Action> sink,
      boolean protocolAndMetadataOnly) throws IOException {
    boolean protocol = false;
    boolean metadata = false;
    try (ParquetReader<Group> reader = opened) {
      Group row;
      while ((row = reader.read()) != null) {
        Action action = toAction(row);
        if (action != null) {
          sink.accept(action);
          protocol |= action instanceof Protocol;
          metadata |= action instanceof Metadata;
          if (protocolAndMetadataOnly && protocol && metadata) {
            return;
          }
        }
      }
    }
  }

  /** Reads only the action columns deltax understands, whatever else the writer put in the file. */
  private static final class ProjectingReadSupport extends GroupReadSupport {
    private final Set<String> actions;

    ProjectingReadSupport(Set<String> actions) {
      this.actions = actions;
    }

    @Override
    public ReadContext init(InitContext context) {
      MessageType file = context.getFileSchema();
      List<Type> kept = new ArrayList<>();
      for (Type field : file.getFields()) {
        if (!actions.contains(field.getName()) || field.isPrimitive()) {
          continue;
        }
        kept.add(switch (field.getName()) {
          case "add" -> keepOnly(field.asGroupType(), ADD_FIELDS);
          case "remove" -> keepOnly(field.asGroupType(), REMOVE_FIELDS);
          default -> field;
        });
      }
      return new ReadSupport.ReadContext(new MessageType(file.getName(), kept));
    }

    private static Type keepOnly(GroupType group, Set<String> names) {
      List<Type> fields = group.getFields().stream().filter(f -> names.contains(f.getName())).toList();
      return group.withNewFields(fields);
    }
  }

  private static Action toAction(Group row) {
    GroupType schema = row.getType();
    for (int i = 0; i < schema.getFieldCount(); i++) {
      if (row.getFieldRepetitionCount(i) == 0) {
        continue;
      }
      Group a = row.getGroup(i, 0);
      return switch (schema.getFieldName(i)) {
        case "add" -> new AddFile(
            string(a, "path"), stringMap(a, "partitionValues"), longValue(a, "size", 0),
            longValue(a, "modificationTime", 0), bool(a, "dataChange", false), string(a, "stats"),
            stringMap(a, "tags"), deletionVector(a), longOrNull(a, "baseRowId"),
            longOrNull(a, "defaultRowCommitVersion"), string(a, "clusteringProvider"));
        case "remove" -> new RemoveFile(string(a, "path"), deletionVector(a),
            longOrNull(a, "deletionTimestamp"), bool(a, "dataChange", false),
            bool(a, "extendedFileMetadata", false),
            has(a, "partitionValues") ? stringMap(a, "partitionValues") : null,
            longOrNull(a, "size"), stringMap(a, "tags"), longOrNull(a, "baseRowId"),
            longOrNull(a, "defaultRowCommitVersion"));
        case "metaData" -> metadata(a);
        case "protocol" -> new Protocol(
            (int) longValue(a, "minReaderVersion", 1), (int) longValue(a, "minWriterVersion", 2),
            stringSet(a, "readerFeatures"), stringSet(a, "writerFeatures"));
        case "txn" -> new SetTransaction(string(a, "appId"), longValue(a, "version", 0),
            longOrNull(a, "lastUpdated"));
        case "domainMetadata" -> new DomainMetadata(string(a, "domain"),
            string(a, "configuration"), bool(a, "removed", false));
        case "sidecar" -> new Sidecar(string(a, "path"), longValue(a, "sizeInBytes", 0),
            longValue(a, "modificationTime", 0));
        default -> null;
      };
    }
    return null;
  }

  private static Metadata metadata(Group a) {
    Group format = group(a, "format");
    return new Metadata(
        string(a, "id"), string(a, "name"), string(a, "description"),
        format == null ? "parquet" : string(format, "provider"),
        string(a, "schemaString"),
        Collections.unmodifiableList(new ArrayList<>(stringSet(a, "partitionColumns"))),
        stringMap(a, "configuration"),
        longOrNull(a, "createdTime"));
  }

  private static DeletionVectorDescriptor deletionVector(Group a) {
    Group dv = group(a, "deletionVector");
    if (dv == null) {
      return null;
    }
    Long offset = longOrNull(dv, "offset");
    return new DeletionVectorDescriptor(
        string(dv, "storageType"), string(dv, "pathOrInlineDv"),
        offset == null ? null : offset.intValue(),
        (int) longValue(dv, "sizeInBytes", 0), longValue(dv, "cardinality", 0),
        longOrNull(dv, "maxRowIndex"));
  }

  private static boolean has(Group g, String field) {
    return g.getType().containsField(field) && g.getFieldRepetitionCount(field) > 0;
  }

  private static Group group(Group g, String field) {
    return has(g, field) ? g.getGroup(field, 0) : null;
  }

  private static String string(Group g, String field) {
    return has(g, field) ? g.getString(field, 0) : null;
  }

  private static boolean bool(Group g, String field, boolean otherwise) {
    return has(g, field) ? g.getBoolean(field, 0) : otherwise;
  }

  private static Long longOrNull(Group g, String field) {
    if (!has(g, field)) {
      return null;
    }
    PrimitiveType type = g.getType().getType(field).asPrimitiveType();
    return type.getPrimitiveTypeName() == PrimitiveType.PrimitiveTypeName.INT32
        ? (long) g.getInteger(field, 0) : g.getLong(field, 0);
  }

  private static long longValue(Group g, String field, long otherwise) {
    Long v = longOrNull(g, field);
    return v == null ? otherwise : v;
  }

  /** A Parquet MAP: a group holding one repeated key/value group. */
  private static Map<String, String> stringMap(Group g, String field) {
    Group map = group(g, field);
    if (map == null || map.getFieldRepetitionCount(0) == 0) {
      return Map.of();
    }
    Map<String, String> result = new LinkedHashMap<>();
    for (int i = 0; i < map.getFieldRepetitionCount(0); i++) {
      Group entry = map.getGroup(0, i);
      String value = entry.getFieldRepetitionCount(1) == 0 ? null : entry.getString(1, 0);
      result.put(entry.getString(0, 0), value);
    }
    return Collections.unmodifiableMap(result);
  }

  /** A Parquet LIST of strings, in the three-level form or the legacy two-level form. */
  private static Set<String> stringSet(Group g, String field) {
    if (!has(g, field)) {
      return Set.of();
    }
    Type listType = g.getType().getType(field);
    Set<String> result = new LinkedHashSet<>();
    if (listType.isPrimitive()) {
      for (int i = 0; i < g.getFieldRepetitionCount(field); i++) {
        result.add(g.getString(field, i));
      }
      return Collections.unmodifiableSet(result);
    }
    Group list = g.getGroup(field, 0);
    for (int i = 0; i < list.getFieldRepetitionCount(0); i++) {
      if (list.getType().getType(0).isPrimitive()) {
        result.add(list.getString(0, i));
      } else {
        Group element = list.getGroup(0, i);
        if (element.getFieldRepetitionCount(0) > 0) {
          result.add(element.getString(0, 0));
        }
      }
    }
    return Collections.unmodifiableSet(result);
  }
}
