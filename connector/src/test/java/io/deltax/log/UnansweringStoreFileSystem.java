package io.deltax.log;

import java.io.IOException;
import java.net.SocketTimeoutException;
import java.net.URI;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RawLocalFileSystem;

/**
 * The local file system under the scheme {@code unanswering:}, whose reads of checkpoint files
 * time out, as an object store's can: the checkpoint is sound, the store did not answer.
 */
public final class UnansweringStoreFileSystem extends RawLocalFileSystem {
  static final String SCHEME = "unanswering";

  @Override
  public URI getUri() {
    return URI.create(SCHEME + ":///");
  }

  @Override
  public String getScheme() {
    return SCHEME;
  }

  @Override
  public FSDataInputStream open(Path f, int bufferSize) throws IOException {
    if (f.getName().contains(".checkpoint.")) {
      throw new SocketTimeoutException("Read timed out: " + f);
    }
    return super.open(f, bufferSize);
  }
}
