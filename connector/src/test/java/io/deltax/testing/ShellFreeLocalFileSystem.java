package io.deltax.testing;

import org.apache.hadoop.fs.LocalFileSystem;

/** Hadoop's checksummed local file system over {@link ShellFreeRawLocalFileSystem}. */
public class ShellFreeLocalFileSystem extends LocalFileSystem {
  public ShellFreeLocalFileSystem() {
    super(new ShellFreeRawLocalFileSystem());
  }
}
