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
package io.deltax.names;

import io.deltax.conf.SessionSettings;
import io.deltax.errors.WriteErrors;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.TableIdentifier;

/**
 * The {@code table} argument of deltax's procedures: a path ({@code '/data/t'}, {@code
 * 's3a://bucket/t'}) or the name of a catalog table whose provider is Delta. Resolving a name needs
 * Spark's session catalog; this is the one place that touches it.
 */
public final class TableArgument {
  private TableArgument() {}

  /**
   * A table the argument named.
   *
   * @param path the table's root path
   * @param catalogName the catalog's qualified name of the table ({@code
   *     spark_catalog.default.orders}), or null where the argument was a path
   * @param options the options the table's metastore entry keeps for its files (Hadoop file system
   *     settings); none for a path
   */
  public record Resolved(String path, String catalogName, Map<String, String> options) {
    public Resolved {
      options = Map.copyOf(options);
    }

    /**
     * The Hadoop configuration the table's files are opened with: the session's, with the entry's
     * options set over it, as a read by name sets them.
     */
    public Configuration hadoopConf(SessionSettings session) {
      return session.hadoopConf(options);
    }
  }

  /**
   * The table's root path and, where the argument named a catalog table, its name there and the
   * options its entry keeps.
   */
  public static Resolved resolveTable(SparkSession spark, String table) {
    if (table == null || table.isBlank()) {
      throw WriteErrors.missingTableArgument();
    }
    if (MetastoreTable.isPath(table)) {
      return new Resolved(table, null, Map.of());
    }
    TableIdentifier ident;
    try {
      ident =
          ((org.apache.spark.sql.classic.SparkSession) spark)
              .sessionState()
              .sqlParser()
              .parseTableIdentifier(table);
    } catch (Exception e) {
      throw WriteErrors.catalogTableNotFound(table, e);
    }
    MetastoreTable found = MetastoreTable.lookup(spark, ident, table);
    return new Resolved(found.location(), found.name(), found.options());
  }
}
