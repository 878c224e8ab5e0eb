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

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * The fields of one action as the log stores them, in the order delta-spark writes them, with how a
 * record is made from them: the one field list from which the JSON codec ({@link ActionJson}), the
 * checkpoint reader's projection and decoding ({@link ParquetActionReader}) and the checkpoint
 * writer's Parquet schema and encoding ({@link ParquetActionWriter}) are derived, as Delta Kernel's
 * {@code FULL_SCHEMA}. Each record declares its own as {@code SCHEMA}, so adding a field touches
 * the record's file alone.
 *
 * @param <T> the record (or, for a nested struct, the value) the fields make
 */
public final class ActionSchema<T> {
  private final Class<T> type;
  private final String name;
  private final List<ActionField<T>> fields;
  private final Map<String, Integer> positions = new HashMap<>();
  private final Set<String> required;
  private final Function<Values, T> create;

  private ActionSchema(
      Class<T> type,
      String name,
      List<ActionField<T>> fields,
      Set<String> required,
      Function<Values, T> create) {
    this.type = type;
    this.name = name;
    this.fields = List.copyOf(fields);
    this.required = Set.copyOf(required);
    this.create = create;
    for (int i = 0; i < fields.size(); i++) {
      if (positions.put(fields.get(i).name(), i) != null) {
        throw new IllegalArgumentException(name + " declares " + fields.get(i).name() + " twice");
      }
    }
  }

  /**
   * @param name the key an action is written under ({@code add}, {@code metaData}, ...), or for a
   *     nested struct the name of the field that holds it
   */
  public static <T> Builder<T> builder(Class<T> type, String name) {
    return new Builder<>(type, name);
  }

  public Class<T> type() {
    return type;
  }

  public String name() {
    return name;
  }

  public List<ActionField<T>> fields() {
    return fields;
  }

  /** The position of {@code field} in {@link #fields()}, or -1 where it is not declared. */
  public int position(String field) {
    Integer i = positions.get(field);
    return i == null ? -1 : i;
  }

  /**
   * The record made of one value per field, in field order (absent fields already defaulted).
   *
   * @throws MissingActionFieldException where a field PROTOCOL.md requires has no value
   */
  public T create(Object[] values) {
    for (int i = 0; i < values.length; i++) {
      if (values[i] == null && required.contains(fields.get(i).name())) {
        throw new MissingActionFieldException(name, fields.get(i).name());
      }
    }
    return create.apply(new Values(values));
  }

  /** Null for an empty or null map: for fields such as {@code tags}, written only when set. */
  public static Map<String, String> unlessEmpty(Map<String, String> map) {
    return map == null || map.isEmpty() ? null : map;
  }

  @Override
  public String toString() {
    return "ActionSchema(" + name + ")";
  }

  /** The values read for one record, looked up by field name, typed as the field declares. */
  public final class Values {
    private final Object[] values;

    private Values(Object[] values) {
      this.values = values;
    }

    private Object get(String field, FieldType expected) {
      Integer i = positions.get(field);
      if (i == null || fields.get(i).type() != expected) {
        throw new IllegalStateException(name + " has no " + expected + " field " + field);
      }
      return values[i];
    }

    public String string(String field) {
      return (String) get(field, FieldType.STRING);
    }

    public Integer int32(String field) {
      return (Integer) get(field, FieldType.INT);
    }

    public Long int64(String field) {
      return (Long) get(field, FieldType.LONG);
    }

    public Boolean bool(String field) {
      return (Boolean) get(field, FieldType.BOOLEAN);
    }

    @SuppressWarnings("unchecked")
    public Map<String, String> map(String field) {
      return (Map<String, String>) get(field, FieldType.STRING_MAP);
    }

    @SuppressWarnings("unchecked")
    public List<String> list(String field) {
      return (List<String>) get(field, FieldType.STRING_LIST);
    }

    @SuppressWarnings("unchecked")
    public Set<String> set(String field) {
      return (Set<String>) get(field, FieldType.STRING_SET);
    }

    @SuppressWarnings("unchecked")
    public <S> S struct(String field) {
      return (S) get(field, FieldType.STRUCT);
    }
  }

  /** Declares the fields in the order they are written. */
  public static final class Builder<T> {
    private final Class<T> type;
    private final String name;
    private final List<ActionField<T>> fields = new ArrayList<>();
    private final Set<String> required = new java.util.HashSet<>();

    private Builder(Class<T> type, String name) {
      this.type = type;
      this.name = name;
    }

    /** A field read as null where absent. */
    public Builder<T> field(String field, FieldType fieldType, Function<T, ?> value) {
      return field(field, fieldType, value, null);
    }

    /**
     * A field every action of this kind has (PROTOCOL.md): one without it is refused as a corrupt
     * log, not read as null and failed on later.
     */
    public Builder<T> required(String field, FieldType fieldType, Function<T, ?> value) {
      required.add(field);
      return field(field, fieldType, value, null);
    }

    /** A field read as {@code absent} where the log has no value for it. */
    public Builder<T> field(
        String field, FieldType fieldType, Function<T, ?> value, Object absent) {
      if (fieldType == FieldType.STRUCT) {
        throw new IllegalArgumentException("use struct(...) for " + field);
      }
      fields.add(new ActionField<>(field, fieldType, value, absent, null));
      return this;
    }

    /** A nested struct, under the name its schema gives; read as null where absent. */
    public <S> Builder<T> struct(ActionSchema<S> schema, Function<T, S> value) {
      return struct(schema, value, null);
    }

    public <S> Builder<T> struct(ActionSchema<S> schema, Function<T, S> value, S absent) {
      fields.add(new ActionField<>(schema.name(), FieldType.STRUCT, value, absent, schema));
      return this;
    }

    /**
     * @param create makes the record from the values read, e.g. {@code v -> new X(v.string("a"))}
     */
    public ActionSchema<T> build(Function<ActionSchema<T>.Values, T> create) {
      return new ActionSchema<>(type, name, fields, required, create);
    }
  }
}
