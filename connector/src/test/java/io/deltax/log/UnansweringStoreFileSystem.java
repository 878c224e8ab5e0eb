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
package io.deltax.log;

import io.deltax.testing.LocalFileSystemUnderScheme;
import java.io.IOException;
import java.net.SocketTimeoutException;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.Path;

/**
 * The local file system under the scheme {@code unanswering:}, whose reads of checkpoint files time
 * out, as an object store's can: the checkpoint is sound, the store did not answer.
 */
public final class UnansweringStoreFileSystem extends LocalFileSystemUnderScheme {
  static final String SCHEME = "unanswering";

  public UnansweringStoreFileSystem() {
    super(SCHEME);
  }

  @Override
  public FSDataInputStream open(Path f, int bufferSize) throws IOException {
    if (f.getName().contains(".checkpoint.")) {
      throw new SocketTimeoutException("Read timed out: " + f);
    }
    return super.open(f, bufferSize);
  }
}
