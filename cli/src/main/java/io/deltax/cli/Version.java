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
package io.deltax.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/**
 * What {@code deltax --version} prints: deltax's version and the Spark it was built against, as the
 * build wrote them into {@code build.properties}, then the Spark and Java it runs on.
 */
final class Version {
  private Version() {}

  static String text() {
    Properties build = new Properties();
    try (InputStream in = Version.class.getResourceAsStream("build.properties")) {
      if (in == null) {
        throw new IllegalStateException("build.properties is missing from deltax-cli's jar");
      }
      build.load(in);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return String.join(
        "\n",
        "deltax "
            + build.getProperty("version")
            + ", built against Spark "
            + build.getProperty("spark.version"),
        "running on Spark "
            + org.apache.spark.package$.MODULE$.SPARK_VERSION()
            + ", Java "
            + System.getProperty("java.version"));
  }
}
