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

import com.fasterxml.jackson.core.JsonProcessingException;
import io.deltax.actions.ActionJson;
import io.deltax.actions.Protocol;
import io.deltax.log.Snapshot;
import io.deltax.protocol.TableFeatures;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.apache.spark.sql.connector.catalog.TableCatalog;

/**
 * The properties of a deltax table as Spark's catalog API hands them on ({@code Table.properties}),
 * which {@code DESCRIBE TABLE EXTENDED} and {@code SHOW TBLPROPERTIES} print: those delta-spark's
 * table gives ({@code DeltaTableV2.properties}, {@code Snapshot.getProperties}), {@code external}
 * where no catalog manages its files (a path, a metastore's external table), and the version read.
 *
 * <ul>
 *   <li>the metadata's {@code configuration}, less {@code path};
 *   <li>{@code delta.minReaderVersion}, {@code delta.minWriterVersion}, and where the protocol
 *       lists features, {@code delta.feature.<name> = supported} for each;
 *   <li>{@code clusteringColumns} where the protocol supports clustering: the columns as JSON lists
 *       of field names;
 *   <li>{@value #VERSION}, the version this table was read at (Spark 4.1 prints it in the table's
 *       {@code Name} too; Spark 4.2 prints no name): deltax's, not a property of the table's log,
 *       which it would hide were one of that name set;
 *   <li>Spark's reserved {@code provider} ({@code delta}), {@code location} (the qualified root),
 *       {@code external} ({@code true}, but for a metastore's managed table) and {@code comment}
 *       (the metadata's {@code description}), which Spark prints on rows of their own.
 * </ul>
 */
public final class CatalogProperties {
  /** Spark's {@code ClusterBySpec} key, as delta-spark sets it. */
  static final String CLUSTERING_COLUMNS = "clusteringColumns";

  /** The version read. */
  public static final String VERSION = "deltax.version";

  private CatalogProperties() {}

  /**
   * The properties of {@code snapshot}'s table.
   *
   * @param external whether no catalog manages the table's files (a path, a metastore's {@code
   *     EXTERNAL} table): Spark prints {@code Type EXTERNAL} where {@code external} is set, else
   *     {@code MANAGED}
   */
  public static Map<String, String> of(Snapshot snapshot, boolean external) {
    Map<String, String> properties = new LinkedHashMap<>();
    snapshot
        .metadata()
        .configuration()
        .forEach(
            (key, value) -> {
              if (!key.equals("path")) {
                properties.put(key, value);
              }
            });
    Protocol protocol = snapshot.protocol();
    properties.put("delta.minReaderVersion", Integer.toString(protocol.minReaderVersion()));
    properties.put("delta.minWriterVersion", Integer.toString(protocol.minWriterVersion()));
    if (protocol.supportsReaderFeatures() || protocol.supportsWriterFeatures()) {
      TreeSet<String> features = new TreeSet<>(protocol.readerFeatures());
      features.addAll(protocol.writerFeatures());
      features.forEach(f -> properties.put("delta.feature." + f, "supported"));
    }
    if (TableFeatures.isSupported(protocol, ClusteringColumns.FEATURE)) {
      properties.put(CLUSTERING_COLUMNS, json(ClusteringColumns.of(snapshot)));
    }
    properties.put(VERSION, Long.toString(snapshot.version()));
    properties.put(TableCatalog.PROP_PROVIDER, "delta");
    properties.put(TableCatalog.PROP_LOCATION, snapshot.tableRoot().toString());
    if (external) {
      properties.put(TableCatalog.PROP_EXTERNAL, "true");
    }
    if (snapshot.metadata().description() != null) {
      properties.put(TableCatalog.PROP_COMMENT, snapshot.metadata().description());
    }
    return Collections.unmodifiableMap(properties);
  }

  private static String json(List<List<String>> columns) {
    try {
      return ActionJson.MAPPER.writeValueAsString(columns);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e); // lists of strings always serialize
    }
  }
}
