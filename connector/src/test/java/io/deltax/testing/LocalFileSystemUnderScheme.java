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
