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
package io.deltax.log.write;

import io.deltax.testing.LocalFileSystemUnderScheme;
import java.io.IOException;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.util.Progressable;

/**
 * The local file system under the scheme {@code gs}, standing in for a GCS store: {@link Refusing}
 * refuses {@code create(overwrite = false)} of an existing object, as the GCS connector and GCS's
 * {@code ifGenerationMatch=0} do; {@link Overwriting} replaces the object instead, as a connector
 * or an emulator that ignores the precondition would.
 */
public abstract class GcsStandInFileSystem extends LocalFileSystemUnderScheme {
  public static final String SCHEME = "gs";

  GcsStandInFileSystem() {
    super(SCHEME);
  }

  /** Refuses to create an object that exists. */
  public static final class Refusing extends GcsStandInFileSystem {}

  /** Replaces an object that exists, whatever {@code overwrite} says. */
  public static final class Overwriting extends GcsStandInFileSystem {
    @Override
    public FSDataOutputStream create(
        Path f,
        boolean overwrite,
        int bufferSize,
        short replication,
        long blockSize,
        Progressable progress)
        throws IOException {
      return super.create(f, true, bufferSize, replication, blockSize, progress);
    }

    @Override
    public FSDataOutputStream create(
        Path f,
        FsPermission permission,
        boolean overwrite,
        int bufferSize,
        short replication,
        long blockSize,
        Progressable progress)
        throws IOException {
      return super.create(f, permission, true, bufferSize, replication, blockSize, progress);
    }
  }
}
