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
package io.deltax.it.s3;

import io.deltax.it.SharedSpark;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * One S3 server for a test class ({@code @RegisterExtension static}): started before the class's
 * own {@code @BeforeAll} methods, with the shared SparkSession where the class uses Spark, and
 * closed after its tests. The session is not told the server: tests pass {@link
 * S3Server#s3aSettings()} per read or with {@code SharedSpark.withConf}.
 */
final class S3ServerExtension implements BeforeAllCallback, AfterAllCallback {
  private final boolean withSpark;
  private S3Server server;

  private S3ServerExtension(boolean withSpark) {
    this.withSpark = withSpark;
  }

  /** A server for tests that also run Spark: the shared session is started with it. */
  static S3ServerExtension withSpark() {
    return new S3ServerExtension(true);
  }

  /** A server for tests of Hadoop's S3A client alone. */
  static S3ServerExtension withoutSpark() {
    return new S3ServerExtension(false);
  }

  @Override
  public void beforeAll(ExtensionContext context) throws Exception {
    server = S3Server.start();
    if (withSpark) {
      SharedSpark.session();
    }
  }

  @Override
  public void afterAll(ExtensionContext context) throws Exception {
    if (server != null) {
      server.close();
    }
  }

  S3Server server() {
    return server;
  }
}
