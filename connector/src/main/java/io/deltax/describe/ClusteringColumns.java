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
package io.deltax.describe;

import com.fasterxml.jackson.databind.JsonNode;
import io.deltax.actions.ActionJson;
import io.deltax.actions.DomainMetadata;
import io.deltax.columnmapping.ColumnMapping;
import io.deltax.errors.DeltaXErrors;
import io.deltax.log.LogFileName;
import io.deltax.log.Snapshot;
import io.deltax.protocol.TableFeatures;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * The clustering columns of a clustered table (PROTOCOL.md, "Clustered Table"): the {@code
 * delta.clustering} domain lists them by their physical names, a nested column as its path; they
 * are shown by the names users gave them, as delta-spark shows them ({@code
 * ClusteringColumnInfo.extractLogicalNames}).
 */
public final class ClusteringColumns {
  /** The domain that lists the clustering columns. */
  static final String DOMAIN = "delta.clustering";

  static final String FEATURE = "clustering";

  /** A name Spark writes without backquotes (its {@code QuotingUtils}). */
  private static final Pattern PLAIN = Pattern.compile("[a-zA-Z_][a-zA-Z0-9_]*");

  private ClusteringColumns() {}

  /**
   * Each clustering column's name, a nested one as its path of field names, in the domain's order;
   * none where the protocol does not support clustering or no clustering domain is set. A physical
   * name the schema no longer has is kept as the domain writes it.
   */
  public static List<List<String>> of(Snapshot snapshot) {
    if (!TableFeatures.isSupported(snapshot.protocol(), FEATURE)) {
      return List.of();
    }
    Optional<DomainMetadata> domain = snapshot.domain(DOMAIN).filter(d -> !d.removed());
    if (domain.isEmpty()) {
      return List.of();
    }
    JsonNode columns;
    try {
      columns = ActionJson.MAPPER.readTree(domain.get().configuration()).path("clusteringColumns");
    } catch (IOException e) {
      throw DeltaXErrors.corruptLogFile(
          LogFileName.logDir(snapshot.tableRoot()).toString(),
          "the " + DOMAIN + " domain is not JSON",
          e);
    }
    StructType schema = snapshot.metadata().schema();
    List<List<String>> names = new ArrayList<>();
    for (JsonNode column : columns) {
      List<String> physical = new ArrayList<>();
      column.forEach(part -> physical.add(part.asText()));
      names.add(logical(schema, physical));
    }
    return names;
  }

  /** The field names along {@code physical}, found as delta-spark finds them: ignoring case. */
  private static List<String> logical(StructType schema, List<String> physical) {
    List<String> names = new ArrayList<>();
    DataType current = schema;
    for (String part : physical) {
      StructField found = null;
      if (current instanceof StructType struct) {
        for (StructField f : struct.fields()) {
          if (ColumnMapping.physicalName(f).equalsIgnoreCase(part)) {
            found = f;
            break;
          }
        }
      }
      names.add(found == null ? part : found.name());
      current = found == null ? null : found.dataType();
    }
    return names;
  }

  /**
   * A column's path as Spark writes a field reference: the names joined by dots, each in backquotes
   * unless it is a plain identifier ({@code s.`a-b`}), as {@code DESCRIBE DETAIL} shows it.
   */
  public static String quoted(List<String> names) {
    return names.stream()
        .map(n -> PLAIN.matcher(n).matches() ? n : "`" + n.replace("`", "``") + "`")
        .collect(Collectors.joining("."));
  }
}
