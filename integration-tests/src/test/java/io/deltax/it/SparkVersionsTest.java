package io.deltax.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.deltax.extensions.DeltaXSparkSessionExtension;
import io.deltax.catalog.DeltaXDataSource;
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
    for (Class<?> type : new Class<?>[] {DeltaXDataSource.class, DeltaXSparkSessionExtension.class}) {
      Path location = Path.of(type.getProtectionDomain().getCodeSource().getLocation().getPath());
      assumeTrue(location.toString().endsWith(".jar"), "run from classes, not jars (mvn test): " + location);
      try (JarFile jar = new JarFile(location.toFile())) {
        assertEquals(System.getProperty("deltax.built.spark.version"),
            jar.getManifest().getMainAttributes().getValue("Built-Against-Spark"), location.toString());
      }
    }
  }
}
