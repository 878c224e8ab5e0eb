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
package io.deltax.it;

import static io.deltax.it.DeltaOracle.quote;
import static io.deltax.it.DeltaOracle.spark;
import static io.deltax.it.DeltaOracle.sql;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.deltax.catalog.DeltaXCatalog;
import java.lang.reflect.Method;
import java.nio.file.Path;
import java.util.Arrays;
import org.apache.spark.sql.connector.catalog.Identifier;
import org.apache.spark.sql.connector.catalog.Table;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * deltax's catalog is whole on every Spark: its class names no Spark 4.2 type, so reflection over
 * its methods works on 4.1 too, and on 4.1 the Spark 4.2 jar ({@code deltax-spark42}) is not
 * needed: it is not even on the classpath there.
 */
class CatalogClassesTest {
  @TempDir static Path dir;

  @Test
  void theCatalogListsItsMethodsAndReadsWithoutTheSpark42Jar() throws Exception {
    Class<?> type = Class.forName("io.deltax.catalog.DeltaXCatalog");
    Method[] methods = type.getMethods();
    assertTrue(
        Arrays.stream(type.getDeclaredMethods()).anyMatch(m -> m.getName().equals("loadChanges")));
    assertTrue(
        Arrays.stream(methods)
            .noneMatch(m -> m.getDeclaringClass() == type && m.getName().equals("loadChangelog")),
        "loadChangelog lives in deltax-spark42 only");
    if (spark().version().startsWith("4.1")) {
      assertThrows(
          ClassNotFoundException.class,
          () -> Class.forName("io.deltax.spark42.DeltaXChangelogCatalog"));
    } else {
      Class<?> spark42 = Class.forName("io.deltax.spark42.DeltaXChangelogCatalog");
      assertTrue(
          Arrays.stream(spark42.getDeclaredMethods())
              .anyMatch(m -> m.getName().equals("loadChangelog")));
    }

    String path = dir.resolve("t").toString();
    sql("CREATE TABLE " + quote(path) + " (id INT) USING delta");
    sql("INSERT INTO " + quote(path) + " VALUES (1), (2)");
    DeltaXCatalog catalog = (DeltaXCatalog) type.getDeclaredConstructor().newInstance();
    catalog.initialize("deltax", CaseInsensitiveStringMap.empty());
    Table table = catalog.loadTable(Identifier.of(new String[0], path));
    assertEquals(spark().read().format("delta").load(path).schema(), table.schema());
  }
}
