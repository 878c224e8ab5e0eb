package io.deltax.it;

import java.net.URI;
import org.apache.hadoop.fs.RawLocalFileSystem;

/**
 * The local file system under the scheme {@code optiononly:}, which Hadoop knows only where a
 * configuration names it: as a store's connector or credentials that a user passes as read
 * options.
 */
public final class OptionOnlyFileSystem extends RawLocalFileSystem {
  public static final String SCHEME = "optiononly";

  @Override
  public URI getUri() {
    return URI.create(SCHEME + ":///");
  }

  @Override
  public String getScheme() {
    return SCHEME;
  }
}
