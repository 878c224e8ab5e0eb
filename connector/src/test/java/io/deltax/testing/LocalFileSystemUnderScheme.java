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
package io.deltax.testing;

import java.net.URI;
import org.apache.hadoop.fs.RawLocalFileSystem;

/**
 * The local file system under a scheme of a test's own, which Hadoop knows only where a
 * configuration names it ({@code fs.<scheme>.impl}), as a user names a store's connector in read
 * options. Subclasses record or change what is asked of the store.
 */
public abstract class LocalFileSystemUnderScheme extends RawLocalFileSystem {
  private final String scheme;

  protected LocalFileSystemUnderScheme(String scheme) {
    this.scheme = scheme;
  }

  @Override
  public URI getUri() {
    return URI.create(scheme + ":///");
  }

  @Override
  public String getScheme() {
    return scheme;
  }
}
