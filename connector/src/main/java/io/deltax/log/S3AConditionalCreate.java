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

import java.io.IOException;
import java.io.OutputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * S3A's put-if-absent (Hadoop 3.4.2, the version Spark 4.1 ships): a file created through {@code
 * createFile(path).must("fs.option.create.conditional.overwrite", true)} is uploaded in one PUT (or
 * one completed multipart upload) with {@code If-None-Match: *}, without S3A's HEAD and LIST
 * checks. S3 has honoured the header since 2024; another writer's object makes the upload fail with
 * a 412 from {@code close()} ({@code RemoteFileChangedException}), or a 409 ({@code
 * ConditionalRequestConflict}) while that writer's upload is still in flight: see {@link
 * StoreFailures}. With {@code fs.s3a.create.conditional.enabled=false} the path capability is false
 * and the call fails at once with "Conditional Writes Unavailable".
 */
final class S3AConditionalCreate {
  /** {@code Options.CreateFileOptionKeys.FS_OPTION_CREATE_CONDITIONAL_OVERWRITE}. */
  static final String CAPABILITY = "fs.option.create.conditional.overwrite";

  /** S3A's switch for conditional writes (default on), named in the refusal. */
  static final String ENABLED_KEY = "fs.s3a.create.conditional.enabled";

  private S3AConditionalCreate() {}

  /** Whether the client will send the condition: says nothing of whether the server honours it. */
  static boolean available(FileSystem fs, Path dir) throws IOException {
    return fs.hasPathCapability(dir, CAPABILITY);
  }

  /** A stream whose {@code close()} uploads the file only if no object has its name. */
  static OutputStream create(FileSystem fs, Path target) throws IOException {
    // createFile returns a raw builder, so build() is typed Object.
    return (FSDataOutputStream)
        fs.createFile(target).overwrite(false).must(CAPABILITY, true).build();
  }
}
