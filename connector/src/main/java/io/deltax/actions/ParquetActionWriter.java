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

import java.io.Closeable;
import java.io.IOException;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.hadoop.util.HadoopOutputFile;
import org.apache.parquet.io.OutputFile;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;

/**
 * Writes actions as the rows of a Parquet checkpoint or sidecar file (PROTOCOL.md, "Checkpoint
 * Schema"): one optional column group per kind of action, each row holding one action. The schema
 * is derived from the actions' {@link ActionSchema}s; it is the one delta-spark writes and reads.
 */
public final class ParquetActionWriter implements Closeable {
  private final List<ActionSchema<? extends Action>> actions;
  private final SimpleGroupFactory rows;
  private final ParquetWriter<Group> writer;
  private long count;

  /** Creates {@code file} (replacing it) with one column group per action, in the order given. */
  public ParquetActionWriter(
      Configuration conf, Path file, List<ActionSchema<? extends Action>> actions)
      throws IOException {
    this(conf, HadoopOutputFile.fromPath(file, conf), actions);
  }

  /** Writes {@code file} (replacing it), as above. */
  public ParquetActionWriter(
      Configuration conf, OutputFile file, List<ActionSchema<? extends Action>> actions)
      throws IOException {
    MessageType schema = schema(actions);
    this.actions = List.copyOf(actions);
    this.rows = new SimpleGroupFactory(schema);
    this.writer =
        ExampleParquetWriter.builder(file)
            .withConf(conf)
            .withType(schema)
            .withWriteMode(ParquetFileWriter.Mode.OVERWRITE)
            .withCompressionCodec(CompressionCodecName.SNAPPY)
            .build();
  }

  /** The file's schema: a group per action, its fields as the action's schema lists them. */
  public static MessageType schema(List<ActionSchema<? extends Action>> actions) {
    StringBuilder message = new StringBuilder("message spark_schema {");
    actions.forEach(action -> message.append(' ').append(group(action.name(), action)));
    return MessageTypeParser.parseMessageType(message.append(" }").toString());
  }

  private static String group(String name, ActionSchema<?> schema) {
    StringBuilder group = new StringBuilder("optional group ").append(name).append(" {");
    for (ActionField<?> field : schema.fields()) {
      group.append(' ').append(column(field));
    }
    return group.append(" }").toString();
  }

  private static String column(ActionField<?> field) {
    String name = field.name();
    return switch (field.type()) {
      case STRING -> "optional binary " + name + " (STRING);";
      case INT -> "optional int32 " + name + ";";
      case LONG -> "optional int64 " + name + ";";
      case BOOLEAN -> "optional boolean " + name + ";";
      case STRING_MAP ->
          "optional group "
              + name
              + " (MAP) { repeated group key_value { "
              + "required binary key (STRING); optional binary value (STRING); } }";
      case STRING_LIST, STRING_SET ->
          "optional group "
              + name
              + " (LIST) { repeated group list { optional binary element (STRING); } }";
      case STRUCT -> group(name, field.struct());
    };
  }

  /** Writes one action as one row; its kind must be one of the file's. */
  public void write(Action action) throws IOException {
    ActionSchema<Action> schema = Actions.of(action);
    if (!actions.contains(schema)) {
      throw new IllegalArgumentException("this file holds no " + schema.name() + " actions");
    }
    Group row = rows.newGroup();
    encode(schema, action, row.addGroup(schema.name()));
    writer.write(row);
    count++;
  }

  /** The number of rows (actions) written so far. */
  public long count() {
    return count;
  }

  @Override
  public void close() throws IOException {
    writer.close();
  }

  private static <T> void encode(ActionSchema<T> schema, T record, Group group) {
    for (ActionField<T> field : schema.fields()) {
      Object value = field.value().apply(record);
      if (value == null) {
        continue;
      }
      String name = field.name();
      switch (field.type()) {
        case STRING -> group.append(name, (String) value);
        case INT -> group.append(name, (Integer) value);
        case LONG -> group.append(name, (Long) value);
        case BOOLEAN -> group.append(name, (Boolean) value);
        case STRING_MAP -> {
          Group map = group.addGroup(name);
          ((Map<?, ?>) value)
              .forEach(
                  (k, v) -> {
                    Group entry = map.addGroup("key_value");
                    entry.append("key", (String) k);
                    if (v != null) {
                      entry.append("value", (String) v);
                    }
                  });
        }
        case STRING_LIST, STRING_SET -> {
          Group list = group.addGroup(name);
          for (Object element : (Collection<?>) value) {
            list.addGroup("list").append("element", (String) element);
          }
        }
        case STRUCT -> encodeStruct(field.struct(), value, group.addGroup(name));
      }
    }
  }

  @SuppressWarnings("unchecked")
  private static <S> void encodeStruct(ActionSchema<S> schema, Object value, Group group) {
    encode(schema, (S) value, group);
  }
}
