package io.deltax.read;

import io.deltax.testing.LocalFileSystemUnderScheme;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.net.URI;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;

/**
 * The local file system under the scheme {@code counting:}, known to Hadoop only where a
 * configuration names it ({@code fs.counting.impl}), like a store whose connector or credentials
 * a user passes as read options. Counts what is asked of it.
 */
public final class CountingFileSystem extends LocalFileSystemUnderScheme {
  public static final String SCHEME = "counting";
  /** File systems created, and calls that list or look up files, since {@link #reset}. */
  public static final AtomicInteger CREATED = new AtomicInteger();
  public static final AtomicInteger LOOKUPS = new AtomicInteger();

  public CountingFileSystem() {
    super(SCHEME);
  }

  public static void reset() {
    CREATED.set(0);
    LOOKUPS.set(0);
  }

  @Override
  public void initialize(URI uri, Configuration conf) throws IOException {
    CREATED.incrementAndGet();
    super.initialize(uri, conf);
  }

  @Override
  public FileStatus[] listStatus(Path f) throws FileNotFoundException, IOException {
    LOOKUPS.incrementAndGet();
    return super.listStatus(f);
  }

  @Override
  public FileStatus getFileStatus(Path f) throws IOException {
    LOOKUPS.incrementAndGet();
    return super.getFileStatus(f);
  }
}
