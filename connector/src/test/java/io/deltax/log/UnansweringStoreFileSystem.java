package io.deltax.log;

import io.deltax.testing.LocalFileSystemUnderScheme;
import java.io.IOException;
import java.net.SocketTimeoutException;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.Path;

/**
 * The local file system under the scheme {@code unanswering:}, whose reads of checkpoint files
 * time out, as an object store's can: the checkpoint is sound, the store did not answer.
 */
public final class UnansweringStoreFileSystem extends LocalFileSystemUnderScheme {
  static final String SCHEME = "unanswering";

  public UnansweringStoreFileSystem() {
    super(SCHEME);
  }

  @Override
  public FSDataInputStream open(Path f, int bufferSize) throws IOException {
    if (f.getName().contains(".checkpoint.")) {
      throw new SocketTimeoutException("Read timed out: " + f);
    }
    return super.open(f, bufferSize);
  }
}
