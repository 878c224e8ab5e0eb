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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.deltax.catalog.DeltaXDataSource;
import io.deltax.extensions.DeltaXSparkSessionExtension;
import java.io.IOException;
import java.nio.file.Path;
import java.util.jar.JarFile;
import org.junit.jupiter.api.Test;

/**
 * The suite runs on the Spark its build asked for ({@code -Pspark-4.2} asks for 4.2), with the
 * deltax jars compiled against the Spark in {@code spark.version}: the same jars on every Spark.
 */
class SparkVersionsTest {

  @Test
  void theSuiteRunsOnTheSparkItsBuildAskedFor() {
    assertEquals(System.getProperty("deltax.test.spark.version"), SharedSpark.session().version());
  }

  @Test
  void theDeltaxJarsAreTheOnesBuiltAgainstTheBuildsSpark() throws IOException {
    for (Class<?> type :
        new Class<?>[] {DeltaXDataSource.class, DeltaXSparkSessionExtension.class}) {
      Path location = Path.of(type.getProtectionDomain().getCodeSource().getLocation().getPath());
      assumeTrue(
          location.toString().endsWith(".jar"),
          "run from classes, not jars (mvn test): " + location);
      try (JarFile jar = new JarFile(location.toFile())) {
        assertEquals(
            System.getProperty("deltax.built.spark.version"),
            jar.getManifest().getMainAttributes().getValue("Built-Against-Spark"),
            location.toString());
      }
    }
  }
}
