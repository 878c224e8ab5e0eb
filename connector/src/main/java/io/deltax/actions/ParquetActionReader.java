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

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.conf.HadoopParquetConfiguration;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.convert.GroupRecordConverter;
import org.apache.parquet.filter2.compat.FilterCompat;
import org.apache.parquet.filter2.predicate.FilterApi;
import org.apache.parquet.filter2.predicate.FilterPredicate;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.util.HadoopInputFile;
import org.apache.parquet.io.ColumnIOFactory;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.MessageColumnIO;
import org.apache.parquet.io.RecordReader;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.Type;

/**
 * Reads the actions of a Parquet checkpoint or sidecar file with the parquet-hadoop reader Spark
 * ships. Only the columns the actions' {@link ActionSchema}s declare are read: the projection drops
 * {@code partitionValues_parsed}, the fields deltax does not know, and {@code stats_parsed} unless
 * the adds have no {@code stats} ({@link StatsParsedAsJson}). Every read opens the file with its
 * footer from the {@link ParquetFooterCache} where it is there.
 */
public final class ParquetActionReader {
  private ParquetActionReader() {}

  /**
   * Checkpoint files up to this size are read whole in one request ({@link InMemoryInputFile});
   * larger ones are read as Parquet's reader asks, with the listed length (no HEAD).
   */
  private static final long READ_WHOLE_MAX_BYTES = 8L << 20;

  /**
   * The file as Parquet reads it, from the listing's status: a small one read whole now, in one
   * request ({@link #readsWhole}), which a caller may keep for a second read of the file.
   */
  public static InputFile open(Configuration conf, FileStatus file) throws IOException {
    if (file.getLen() <= READ_WHOLE_MAX_BYTES) {
      return InMemoryInputFile.read(file.getPath().getFileSystem(conf), file, conf);
    }
    return HadoopInputFile.fromStatus(file, conf);
  }

  /** Whether {@link #open} reads {@code file} whole, into memory. */
  public static boolean readsWhole(FileStatus file) {
    return file.getLen() <= READ_WHOLE_MAX_BYTES;
  }

  /** As {@link #read(Configuration, Path, List, Consumer)}, for a file the listing describes. */
  public static void read(
      Configuration conf,
      FileStatus file,
      List<ActionSchema<? extends Action>> actions,
      Consumer<Action> sink)
      throws IOException {
    read(open(conf, file), file, actions, sink);
  }

  /**
   * As {@link #read(Configuration, Path, List, Consumer)}, for a file {@link #open}ed already;
   * {@code listed} describes it and keys its footer in the {@link ParquetFooterCache}.
   */
  public static void read(
      InputFile file,
      FileStatus listed,
      List<ActionSchema<? extends Action>> actions,
      Consumer<Action> sink)
      throws IOException {
    read(file, listed, actions, FilterCompat.NOOP, sink, false);
  }

  /** Reads the actions of the kinds given, in file order. */
  public static void read(
      Configuration conf,
      Path file,
      List<ActionSchema<? extends Action>> actions,
      Consumer<Action> sink)
      throws IOException {
    // The status Parquet's own HadoopInputFile.fromPath would ask for: it keys the footer.
    FileStatus status = file.getFileSystem(conf).getFileStatus(file);
    read(HadoopInputFile.fromStatus(status, conf), status, actions, sink);
  }

  /**
   * Reads the protocol and the metadata alone: only the rows that hold them are decoded (see {@link
   * KeyRowReader}). A file that does not allow that is read with a row filter on the column
   * statistics, and reading stops once both are read, as a checkpoint holds exactly one of each
   * (PROTOCOL.md, "Checkpoint Specs").
   */
  public static void readProtocolAndMetadata(
      Configuration conf, FileStatus file, Consumer<Action> sink) throws IOException {
    readProtocolAndMetadata(open(conf, file), file, sink);
  }

  /**
   * As {@link #readProtocolAndMetadata(Configuration, FileStatus, Consumer)}, for a file {@link
   * #open}ed already, which {@code listed} describes.
   */
  public static void readProtocolAndMetadata(
      InputFile input, FileStatus listed, Consumer<Action> sink) throws IOException {
    List<ActionSchema<? extends Action>> actions = List.of(Protocol.SCHEMA, Metadata.SCHEMA);
    try {
      if (KeyRowReader.read(input, listed, actions, sink).isPresent()) {
        return;
      }
    } catch (LinkageError internalApiChanged) {
      // KeyRowReader uses Parquet's internal row-ranges API (as Spark's Parquet 1.16 and 1.17 have
      // it); another Parquet on the classpath gets the row-filter read below. Nothing was
      // delivered.
    }
    boolean[] delivered = new boolean[1];
    try {
      read(
          input,
          listed,
          actions,
          FilterCompat.get(PROTOCOL_OR_METADATA),
          action -> {
            delivered[0] = true;
            sink.accept(action);
          },
          true);
      return;
    } catch (IllegalArgumentException e) {
      if (delivered[0]) {
        throw e;
      }
      // A writer that typed the two columns otherwise (the filter is checked against the file's
      // schema before any row is read): read every row instead.
    }
    read(input, listed, actions, FilterCompat.NOOP, sink, true);
  }

  /**
   * Options on the caller's Hadoop configuration, never a new one: a {@code new Configuration()}
   * parses Hadoop's XML resources again, which was half the time of reading a checkpoint's protocol
   * and metadata (see {@link InMemoryInputFile#configuration}).
   */
  static ParquetReadOptions options(InputFile file, FilterCompat.Filter filter) {
    Configuration conf;
    if (file instanceof HadoopInputFile hadoop) {
      conf = hadoop.getConfiguration();
    } else if (file instanceof InMemoryInputFile inMemory) {
      conf = inMemory.configuration();
    } else {
      conf = new Configuration();
    }
    return ParquetReadOptions.builder(new HadoopParquetConfiguration(conf))
        .withRecordFilter(filter)
        .build();
  }

  /**
   * The rows that hold a protocol or a metadata action: row groups and pages of nulls are skipped.
   */
  private static final FilterPredicate PROTOCOL_OR_METADATA =
      FilterApi.or(
          FilterApi.notEq(FilterApi.intColumn("protocol.minReaderVersion"), null),
          FilterApi.notEq(FilterApi.binaryColumn("metaData.id"), null));

  /**
   * The rows of the file, row group by row group, as Parquet's {@code ParquetReader} reads them
   * (groups and pages the filter rules out skipped, then rows it rules out), but opened with the
   * footer from the {@link ParquetFooterCache}, which {@code ParquetReader} cannot be given.
   */
  private static void read(
      InputFile input,
      FileStatus listed,
      List<ActionSchema<? extends Action>> actions,
      FilterCompat.Filter filter,
      Consumer<Action> sink,
      boolean protocolAndMetadataOnly)
      throws IOException {
    ParquetReadOptions options = options(input, filter);
    Decoder decoder = new Decoder(actions);
    boolean protocol = false;
    boolean metadata = false;
    try (ParquetFileReader reader = ParquetFooterCache.shared().open(input, listed, options)) {
      MessageType file = reader.getFooter().getFileMetaData().getSchema();
      MessageType projection = projection(file, actions);
      reader.setRequestedSchema(projection);
      MessageColumnIO columnIO =
          new ColumnIOFactory(reader.getFooter().getFileMetaData().getCreatedBy())
              .getColumnIO(projection, file);
      FilterCompat.Filter rowFilter = options.useRecordFilter() ? filter : FilterCompat.NOOP;
      PageReadStore pages;
      while ((pages = reader.readNextFilteredRowGroup()) != null) {
        RecordReader<Group> rows =
            columnIO.getRecordReader(pages, new GroupRecordConverter(projection), rowFilter);
        for (long i = 0; i < pages.getRowCount(); i++) {
          Group row = rows.read();
          if (row == null || rows.shouldSkipCurrentRecord()) {
            continue;
          }
          Action action = decoder.action(row);
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
  }

  /**
   * The columns of {@code file} that {@code actions} declare, whatever else the writer put in it.
   */
  static MessageType projection(MessageType file, List<ActionSchema<? extends Action>> actions) {
    List<Type> kept = new ArrayList<>();
    for (Type field : file.getFields()) {
      ActionSchema<?> action =
          actions.stream().filter(a -> a.name().equals(field.getName())).findFirst().orElse(null);
      if (action != null && !field.isPrimitive()) {
        project(field.asGroupType(), action).ifPresent(kept::add);
      }
    }
    return new MessageType(file.getName(), kept);
  }

  /** The declared fields of a group, nested structs projected in turn; empty if none is there. */
  private static Optional<Type> project(GroupType group, ActionSchema<?> schema) {
    List<Type> fields = new ArrayList<>();
    for (Type field : group.getFields()) {
      ActionField<?> declared =
          schema.fields().stream()
              .filter(f -> f.name().equals(field.getName()))
              .findFirst()
              .orElse(null);
      if (declared == null) {
        continue;
      }
      if (declared.type() == FieldType.STRUCT && !field.isPrimitive()) {
        project(field.asGroupType(), declared.struct()).ifPresent(fields::add);
      } else {
        fields.add(field);
      }
    }
    // A checkpoint written with delta.checkpoint.writeStatsAsJson = false has its adds'
    // statistics only as a struct: read it then, and only then (StatsParsedAsJson).
    if (schema == AddFile.SCHEMA
        && !group.containsField("stats")
        && group.containsField(StatsParsedAsJson.COLUMN)) {
      fields.add(group.getType(StatsParsedAsJson.COLUMN));
    }
    return fields.isEmpty() ? Optional.empty() : Optional.of(group.withNewFields(fields));
  }

  /** Rows to actions; where each declared field sits in a group is looked up once per file. */
  static final class Decoder {
    private final Map<String, ActionSchema<? extends Action>> byName = new HashMap<>();
    private final Map<GroupType, int[]> positions = new IdentityHashMap<>();

    Decoder(List<ActionSchema<? extends Action>> actions) {
      actions.forEach(schema -> byName.put(schema.name(), schema));
    }

    /** The action of one row: its one non-null column, or null for a kind not asked for. */
    Action action(Group row) {
      GroupType type = row.getType();
      for (int i = 0; i < type.getFieldCount(); i++) {
        if (row.getFieldRepetitionCount(i) > 0) {
          ActionSchema<? extends Action> action = byName.get(type.getFieldName(i));
          return action == null ? null : decode(action, row.getGroup(i, 0));
        }
      }
      return null;
    }

    private <T> T decode(ActionSchema<T> schema, Group group) {
      List<ActionField<T>> fields = schema.fields();
      // Per group type: each declared field's position, then where a stats_parsed struct to read
      // stands in for the stats (StatsParsedAsJson) and where its stats go, or -1.
      int[] at =
          positions.computeIfAbsent(
              group.getType(),
              type -> {
                int[] found = new int[fields.size() + 2];
                found[fields.size()] = -1;
                for (int i = 0; i < fields.size(); i++) {
                  String name = fields.get(i).name();
                  found[i] = type.containsField(name) ? type.getFieldIndex(name) : -1;
                  if (schema == AddFile.SCHEMA
                      && name.equals("stats")
                      && type.containsField(StatsParsedAsJson.COLUMN)) {
                    found[fields.size()] = type.getFieldIndex(StatsParsedAsJson.COLUMN);
                    found[fields.size() + 1] = i;
                  }
                }
                return found;
              });
      Object[] values = new Object[fields.size()];
      for (int i = 0; i < values.length; i++) {
        values[i] =
            at[i] < 0 || group.getFieldRepetitionCount(at[i]) == 0
                ? fields.get(i).absent()
                : decode(fields.get(i), group, at[i]);
      }
      int parsed = at[fields.size()];
      if (parsed >= 0
          && values[at[fields.size() + 1]] == null
          && group.getFieldRepetitionCount(parsed) > 0) {
        values[at[fields.size() + 1]] = StatsParsedAsJson.toJson(group.getGroup(parsed, 0));
      }
      return schema.create(values);
    }

    private Object decode(ActionField<?> field, Group group, int index) {
      return switch (field.type()) {
        case STRING -> group.getString(index, 0);
        case INT -> (int) number(group, index);
        case LONG -> number(group, index);
        case BOOLEAN -> group.getBoolean(index, 0);
        case STRING_MAP -> stringMap(group.getGroup(index, 0));
        case STRING_LIST -> Collections.unmodifiableList(strings(group, index, new ArrayList<>()));
        case STRING_SET ->
            Collections.unmodifiableSet(strings(group, index, new LinkedHashSet<>()));
        case STRUCT -> decode(field.struct(), group.getGroup(index, 0));
      };
    }
  }

  /** Integers are read whether the writer typed them {@code int32} or {@code int64}. */
  private static long number(Group group, int index) {
    PrimitiveType type = group.getType().getType(index).asPrimitiveType();
    return type.getPrimitiveTypeName() == PrimitiveType.PrimitiveTypeName.INT32
        ? group.getInteger(index, 0)
        : group.getLong(index, 0);
  }

  /** A Parquet MAP: a group holding one repeated key/value group. */
  private static Map<String, String> stringMap(Group map) {
    if (map.getFieldRepetitionCount(0) == 0) {
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

  /** A Parquet LIST of strings, in the three-level form or a legacy two-level or repeated form. */
  private static <C extends Collection<String>> C strings(Group group, int index, C into) {
    if (group.getType().getType(index).isPrimitive()) {
      for (int i = 0; i < group.getFieldRepetitionCount(index); i++) {
        into.add(group.getString(index, i));
      }
      return into;
    }
    Group list = group.getGroup(index, 0);
    boolean twoLevel = list.getType().getType(0).isPrimitive();
    for (int i = 0; i < list.getFieldRepetitionCount(0); i++) {
      if (twoLevel) {
        into.add(list.getString(0, i));
      } else {
        Group element = list.getGroup(0, i);
        if (element.getFieldRepetitionCount(0) > 0) {
          into.add(element.getString(0, 0));
        }
      }
    }
    return into;
  }
}
