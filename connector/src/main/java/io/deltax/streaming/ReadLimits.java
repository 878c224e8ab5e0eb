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
package io.deltax.streaming;

import io.deltax.conf.StreamRequest;
import org.apache.spark.sql.connector.read.streaming.CompositeReadLimit;
import org.apache.spark.sql.connector.read.streaming.ReadLimit;
import org.apache.spark.sql.connector.read.streaming.ReadMaxBytes;
import org.apache.spark.sql.connector.read.streaming.ReadMaxFiles;

/** The stream's admission limits as Spark's {@link ReadLimit}s, and back. */
record ReadLimits(long maxFiles, long maxBytes) {
  static final ReadLimits NONE = new ReadLimits(Long.MAX_VALUE, Long.MAX_VALUE);

  /** {@code maxFilesPerTrigger} and, where given, {@code maxBytesPerTrigger}. */
  static ReadLimit defaultLimit(StreamRequest request) {
    ReadLimit files = ReadLimit.maxFiles(request.maxFilesPerTrigger());
    return request.maxBytesPerTrigger() == null
        ? files
        : ReadLimit.compositeLimit(
            new ReadLimit[] {files, ReadLimit.maxBytes(request.maxBytesPerTrigger())});
  }

  /** What Spark asks for this trigger ({@code allAvailable} under {@code Trigger.Once}). */
  static ReadLimits of(ReadLimit limit) {
    if (limit instanceof ReadMaxFiles f) {
      return new ReadLimits(f.maxFiles(), Long.MAX_VALUE);
    }
    if (limit instanceof ReadMaxBytes b) {
      return new ReadLimits(Long.MAX_VALUE, b.maxBytes());
    }
    if (limit instanceof CompositeReadLimit c) {
      long files = Long.MAX_VALUE;
      long bytes = Long.MAX_VALUE;
      for (ReadLimit l : c.getReadLimits()) {
        ReadLimits one = of(l);
        files = Math.min(files, one.maxFiles);
        bytes = Math.min(bytes, one.maxBytes);
      }
      return new ReadLimits(files, bytes);
    }
    return NONE;
  }
}
