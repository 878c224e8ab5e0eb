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

import java.net.URI;
import java.util.Map;
import org.apache.hadoop.fs.RawLocalFileSystem;

/**
 * The local file system under a scheme of its own, {@code deltaxtest:///tmp/t}, that Hadoop finds
 * only where a configuration names it ({@link #SETTINGS}): a table registered at such a location
 * can be read only where its entry's options reach the file system. Its instances are not cached,
 * so one configuration that named it does not serve every later one.
 */
public class OptionOnlyFileSystem extends RawLocalFileSystem {
  static final String SCHEME = "deltaxtest";

  /** The Hadoop settings that make the scheme readable. */
  static final Map<String, String> SETTINGS =
      Map.of(
          "fs." + SCHEME + ".impl",
          OptionOnlyFileSystem.class.getName(),
          "fs." + SCHEME + ".impl.disable.cache",
          "true");

  private static final URI ROOT = URI.create(SCHEME + ":///");

  @Override
  public URI getUri() {
    return ROOT;
  }

  @Override
  public String getScheme() {
    return SCHEME;
  }
}
