package io.deltax.it;

import io.deltax.testing.LocalFileSystemUnderScheme;

/**
 * The local file system under the scheme {@code optiononly:}, which Hadoop knows only where a
 * configuration names it: as a store's connector or credentials that a user passes as read
 * options.
 */
public final class OptionOnlyFileSystem extends LocalFileSystemUnderScheme {
  public static final String SCHEME = "optiononly";

  public OptionOnlyFileSystem() {
    super(SCHEME);
  }
}
