package io.deltax.it;

import io.deltax.testing.LocalFileSystemUnderScheme;
import java.io.IOException;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.Path;

/**
 * The local file system under the scheme {@code dvopens:}, known to Hadoop only through read
 * options, which counts the opens of deletion vector files ({@code deletion_vector_<uuid>.bin}).
 */
public final class DeletionVectorOpensFileSystem extends LocalFileSystemUnderScheme {
  public static final String SCHEME = "dvopens";
  static final AtomicInteger OPENS = new AtomicInteger();

  public DeletionVectorOpensFileSystem() {
    super(SCHEME);
  }

  @Override
  public FSDataInputStream open(Path f, int bufferSize) throws IOException {
    if (f.getName().startsWith("deletion_vector_")) {
      OPENS.incrementAndGet();
    }
    return super.open(f, bufferSize);
  }
}
