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
package io.deltax.read.files;

import io.deltax.errors.DeltaXErrors;
import io.deltax.log.Snapshot;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/** Small schema helpers shared by the read path. */
public final class Schemas {
  private Schemas() {}

  public static StructType concat(StructType first, StructType second) {
    List<StructField> fields = new ArrayList<>(List.of(first.fields()));
    fields.addAll(List.of(second.fields()));
    return new StructType(fields.toArray(new StructField[0]));
  }

  /**
   * The fields of {@code schema} whose names are (or are not) in {@code names}, case-insensitively.
   */
  public static StructType select(StructType schema, Set<String> lowerCaseNames, boolean keep) {
    List<StructField> fields = new ArrayList<>();
    for (StructField f : schema.fields()) {
      if (lowerCaseNames.contains(f.name().toLowerCase(Locale.ROOT)) == keep) {
        fields.add(f);
      }
    }
    return new StructType(fields.toArray(new StructField[0]));
  }

  public static Set<String> lowerCase(List<String> names) {
    return names.stream()
        .map(n -> n.toLowerCase(Locale.ROOT))
        .collect(Collectors.toUnmodifiableSet());
  }

  /**
   * Refuses a read of {@code snapshot} where its metadata has no columns (no {@code schemaString},
   * or an empty struct), as delta-spark does ({@code DELTA_READ_TABLE_WITHOUT_COLUMNS}).
   */
  public static void requireColumns(Snapshot snapshot) {
    if (snapshot.schema().fields().length == 0) {
      throw DeltaXErrors.tableWithoutColumns(snapshot.tableRoot().toString(), snapshot.version());
    }
  }
}
