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
package io.deltax.metastore;

import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.Map;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.TableIdentifier;
import org.apache.spark.sql.catalyst.catalog.CatalogStorageFormat;
import org.apache.spark.sql.catalyst.catalog.CatalogTable;
import org.apache.spark.sql.catalyst.catalog.SessionCatalog;
import scala.jdk.javaapi.CollectionConverters;

/**
 * Gives a metastore entry storage properties, as {@code OPTIONS} at create time would: delta-spark
 * keeps {@code OPTIONS} as table properties, and with its extension loaded Spark's {@code ALTER
 * TABLE … SET SERDEPROPERTIES} sees a v2 table and refuses. Spark's own catalog API takes the
 * changed entry; its case classes gain fields between Spark versions, so the copies are made
 * through their {@code copy} methods' defaults, whatever their number.
 */
final class EntryOptions {
  private EntryOptions() {}

  static void set(SparkSession spark, TableIdentifier table, Map<String, String> options)
      throws Exception {
    SessionCatalog catalog =
        ((org.apache.spark.sql.classic.SparkSession) spark).sessionState().catalog();
    CatalogTable entry = catalog.getTableMetadata(table);
    CatalogStorageFormat storage =
        copy(
            entry.storage(),
            5,
            CollectionConverters.asScala(options).toMap(scala.$less$colon$less$.MODULE$.refl()));
    catalog.alterTable(copy(entry, 2, storage));
  }

  /** {@code value} a copy of {@code instance} with its {@code index}th field (from 0) replaced. */
  @SuppressWarnings("unchecked")
  private static <T> T copy(T instance, int index, Object value) throws Exception {
    Method copy =
        Arrays.stream(instance.getClass().getMethods())
            .filter(m -> m.getName().equals("copy"))
            .findFirst()
            .orElseThrow();
    Object[] fields = new Object[copy.getParameterCount()];
    for (int i = 0; i < fields.length; i++) {
      fields[i] = instance.getClass().getMethod("copy$default$" + (i + 1)).invoke(instance);
    }
    fields[index] = value;
    return (T) copy.invoke(instance, fields);
  }
}
