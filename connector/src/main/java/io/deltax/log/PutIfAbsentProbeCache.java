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

import io.deltax.caching.BoundedLru;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.UUID;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Whether an object store refuses to create an object twice, found once per store and JVM. On S3
 * the path capability only says S3A will send {@code If-None-Match: *}; an S3-compatible server may
 * ignore it and let a second PUT replace the first (S3Proxy 2.x does). On GCS the connector's
 * {@code create(overwrite = false)} should be refused by its own existence check or by the server's
 * {@code ifGenerationMatch=0}; a connector or server that overwrites instead would make every
 * commit unsafe. So deltax writes a hidden probe object into {@code _delta_log} twice with the
 * store's put-if-absent create, expects the second to be refused, and deletes it. No reader of the
 * log takes the probe for a log file: its name starts with a dot. A sequential probe cannot show
 * that a race is refused too (that is the store's precondition, checked in the tests on S3).
 *
 * <p>A cache, JVM-wide, keyed by the store (the file system's class, its URI and, on S3, the
 * endpoint), bounded: at most {@value #MAX_STORES} stores are remembered, the least recently used
 * forgotten first. Only definite answers are kept; a probe that fails (access denied, a time-out)
 * is an error for the caller to see.
 */
final class PutIfAbsentProbeCache {
  private static final Logger LOG = LoggerFactory.getLogger(PutIfAbsentProbeCache.class);
  private static final int MAX_STORES = 256;
  static final String PROBE_PREFIX = ".deltax-put-if-absent-probe-";
  private static final BoundedLru<String, Boolean> HONOURED = BoundedLru.ofEntries(MAX_STORES);

  private PutIfAbsentProbeCache() {}

  /**
   * Whether the store of {@code logDir} refused a second create of one object through {@code
   * method} ({@link PutIfAbsentMethod#S3A_CONDITIONAL_CREATE} or {@link
   * PutIfAbsentMethod#GCS_CREATE}).
   */
  static boolean refusesSecondCreate(FileSystem fs, Path logDir, PutIfAbsentMethod method)
      throws IOException {
    String store =
        fs.getClass().getName()
            + " "
            + fs.getUri()
            + (method == PutIfAbsentMethod.S3A_CONDITIONAL_CREATE
                ? " at " + fs.getConf().get("fs.s3a.endpoint", "the default endpoint")
                : "");
    Boolean known = HONOURED.get(store);
    if (known != null) {
      return known;
    }
    boolean honoured = probe(fs, new Path(logDir, PROBE_PREFIX + UUID.randomUUID()), method);
    HONOURED.put(store, honoured);
    LOG.info(
        "Put-if-absent create on {}: {}", store, honoured ? "honoured" : "IGNORED by the store");
    return honoured;
  }

  private static boolean probe(FileSystem fs, Path probe, PutIfAbsentMethod method)
      throws IOException {
    try {
      put(fs, probe, method);
      try {
        put(fs, probe, method);
        return false;
      } catch (IOException second) {
        if (StoreFailures.otherWriterWon(second)) {
          return true;
        }
        if (StoreFailures.conditionalWritesUnavailable(second)) {
          return false;
        }
        throw second;
      }
    } finally {
      try {
        fs.delete(probe, false);
      } catch (IOException e) {
        LOG.warn("Cannot delete the probe object {}: {}", probe, e.toString());
      }
    }
  }

  private static void put(FileSystem fs, Path probe, PutIfAbsentMethod method) throws IOException {
    try (OutputStream out =
        method == PutIfAbsentMethod.S3A_CONDITIONAL_CREATE
            ? S3AConditionalCreate.create(fs, probe)
            : fs.create(probe, false)) {
      out.write("deltax put-if-absent probe\n".getBytes(StandardCharsets.UTF_8));
    }
  }
}
