package io.deltax.log;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Whether an S3 server honours {@code If-None-Match: *}, found once per store and JVM. S3A's path
 * capability only says the client will send the header; an S3-compatible server may ignore it and
 * let a second PUT replace the first (S3Proxy 2.x does). So deltax writes a hidden probe object
 * into {@code _delta_log} twice with the conditional create, expects the second to be refused,
 * and deletes it. No reader of the log takes the probe for a log file: its name starts with a dot.
 *
 * <p>A cache, JVM-wide, keyed by the store (bucket URI and endpoint), bounded: at most
 * {@value #MAX_STORES} stores are remembered; beyond that it starts afresh. Only definite answers
 * are kept; a probe that fails (access denied, a time-out) is an error for the caller to see.
 */
final class PutIfAbsentProbeCache {
  private static final Logger LOG = LoggerFactory.getLogger(PutIfAbsentProbeCache.class);
  private static final int MAX_STORES = 256;
  static final String PROBE_PREFIX = ".deltax-put-if-absent-probe-";
  private static final Map<String, Boolean> HONOURED = new ConcurrentHashMap<>();

  private PutIfAbsentProbeCache() {}

  /** Whether the store of {@code logDir} refused a second conditional create of one object. */
  static boolean honoursConditionalCreate(FileSystem fs, Path logDir) throws IOException {
    String store = fs.getUri() + " at " + fs.getConf().get("fs.s3a.endpoint", "the default endpoint");
    Boolean known = HONOURED.get(store);
    if (known != null) {
      return known;
    }
    boolean honoured = probe(fs, new Path(logDir, PROBE_PREFIX + UUID.randomUUID()));
    if (HONOURED.size() >= MAX_STORES) {
      HONOURED.clear();
    }
    HONOURED.put(store, honoured);
    LOG.info("Conditional create on {}: {}", store, honoured ? "honoured" : "IGNORED by the server");
    return honoured;
  }

  private static boolean probe(FileSystem fs, Path probe) throws IOException {
    try {
      put(fs, probe);
      try {
        put(fs, probe);
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

  private static void put(FileSystem fs, Path probe) throws IOException {
    try (OutputStream out = S3AConditionalCreate.create(fs, probe)) {
      out.write("deltax put-if-absent probe\n".getBytes(StandardCharsets.UTF_8));
    }
  }
}
