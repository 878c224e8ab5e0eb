package io.deltax.log.write;

import io.deltax.testing.LocalFileSystemUnderScheme;


/**
 * The local file system under a scheme deltax knows no put-if-absent write for, like a store
 * whose connector deltax has not been checked against.
 */
public final class UnprovenStoreFileSystem extends LocalFileSystemUnderScheme {
  public static final String SCHEME = "unproven";

  public UnprovenStoreFileSystem() {
    super(SCHEME);
  }
}
