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

import static io.deltax.actions.FieldType.LONG;
import static io.deltax.actions.FieldType.STRING;
import static io.deltax.actions.FieldType.STRING_LIST;
import static io.deltax.actions.FieldType.STRING_MAP;

import java.util.List;
import java.util.Map;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.StructType;

/** The {@code metaData} action (PROTOCOL.md, "Change Metadata"). */
public record Metadata(
    String id,
    String name,
    String description,
    String formatProvider,
    String schemaString,
    List<String> partitionColumns,
    Map<String, String> configuration,
    Long createdTime)
    implements Action {

  /** {@code format}: deltax keeps the provider; options are written empty, as delta-spark does. */
  private static final ActionSchema<String> FORMAT =
      ActionSchema.builder(String.class, "format")
          .field("provider", STRING, provider -> provider)
          .field("options", STRING_MAP, provider -> Map.of(), Map.of())
          .build(v -> v.string("provider"));

  /** The fields of {@code metaData} in the log and in checkpoints, in delta-spark's order. */
  public static final ActionSchema<Metadata> SCHEMA =
      ActionSchema.builder(Metadata.class, "metaData")
          .required("id", STRING, Metadata::id)
          .field("name", STRING, Metadata::name)
          .field("description", STRING, Metadata::description)
          .struct(FORMAT, Metadata::formatProvider, "parquet")
          .field("schemaString", STRING, Metadata::schemaString)
          .field("partitionColumns", STRING_LIST, Metadata::partitionColumns, List.of())
          .field("configuration", STRING_MAP, Metadata::configuration, Map.of())
          .field("createdTime", LONG, Metadata::createdTime)
          .build(
              v ->
                  new Metadata(
                      v.string("id"),
                      v.string("name"),
                      v.string("description"),
                      v.struct("format"),
                      v.string("schemaString"),
                      v.list("partitionColumns"),
                      v.map("configuration"),
                      v.int64("createdTime")));

  /**
   * The schema {@code schemaString} gives; none where it is missing, as delta-spark reads it (its
   * {@code Metadata.schema}).
   */
  public StructType schema() {
    return schemaString == null ? new StructType() : (StructType) DataType.fromJson(schemaString);
  }

  public String property(String key) {
    return configuration.get(key);
  }
}
