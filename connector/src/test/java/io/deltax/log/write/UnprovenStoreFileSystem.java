package io.deltax.log.write;

import java.net.URI;
import org.apache.hadoop.fs.RawLocalFileSystem;

/**
 * The local file system under a scheme deltax knows no put-if-absent write for, like a store
 * whose connector deltax has not been checked against.
 */
public final class UnprovenStoreFileSystem extends RawLocalFileSystem {
  public static final String SCHEME = "unproven";

  @Override
  public URI getUri() {
    return URI.create(SCHEME + ":///");
  }

  @Override
  public String getScheme() {
    return SCHEME;
  }
}
