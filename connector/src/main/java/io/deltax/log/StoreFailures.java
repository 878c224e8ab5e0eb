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
import java.lang.reflect.Method;
import org.apache.hadoop.fs.FileAlreadyExistsException;
import org.apache.hadoop.fs.PathIOException;

/**
 * What a failed put-if-absent means, told from the exception alone: deltax compiles against
 * Hadoop's client API only, so the stores' own exception classes (hadoop-aws, gcs-connector, their
 * SDKs) are recognised by name and HTTP status, never imported.
 */
final class StoreFailures {
  private static final String S3A_PRECONDITION_FAILED =
      "org.apache.hadoop.fs.s3a.RemoteFileChangedException";
  private static final int PRECONDITION_FAILED = 412;
  private static final int CONFLICT = 409;

  private StoreFailures() {}

  /**
   * Whether {@code failure} says another writer's file already has the name: a file-exists error
   * (HDFS, ABFS, local, GCS's own check), S3A's 412, or a 412 (precondition failed) or 409 (S3's
   * {@code ConditionalRequestConflict}: another conditional upload of the key is in flight)
   * anywhere in the cause chain.
   */
  static boolean otherWriterWon(IOException failure) {
    for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (t instanceof FileAlreadyExistsException
          || t instanceof java.nio.file.FileAlreadyExistsException
          || t.getClass().getName().equals(S3A_PRECONDITION_FAILED)) {
        return true;
      }
      int status = httpStatus(t);
      if (status == PRECONDITION_FAILED || status == CONFLICT) {
        return true;
      }
    }
    return false;
  }

  /** S3A's refusal to send a conditional write it was told not to use. */
  static boolean conditionalWritesUnavailable(IOException failure) {
    return failure instanceof PathIOException
        && String.valueOf(failure.getMessage()).contains("Conditional Writes Unavailable");
  }

  /**
   * The HTTP status a store's exception carries: the AWS SDK's {@code statusCode()} (also on S3A's
   * {@code AWSServiceIOException}), Google's HTTP client's {@code getStatusCode()}; 0 if none.
   */
  private static int httpStatus(Throwable t) {
    for (String accessor : new String[] {"statusCode", "getStatusCode"}) {
      try {
        Method method = t.getClass().getMethod(accessor);
        if (method.getReturnType() == int.class) {
          return (int) method.invoke(t);
        }
      } catch (ReflectiveOperationException | RuntimeException e) {
        // not this kind of exception
      }
    }
    return 0;
  }
}
