package io.deltax.log;

import java.net.URI;
import java.net.URISyntaxException;
import org.apache.hadoop.fs.Path;

/**
 * Turns a path as the log writes it into a file system path. PROTOCOL.md ("Add File and Remove
 * File"): the path is a URI (RFC 2396), either relative to the table root, with characters such as
 * spaces percent-encoded, or absolute.
 */
public final class FilePathResolver {
  private final Path tableRoot;

  public FilePathResolver(Path tableRoot) {
    this.tableRoot = tableRoot;
  }

  public Path resolve(String logPath) {
    URI uri;
    try {
      uri = new URI(logPath);
    } catch (URISyntaxException e) {
      // Some writers leave characters unencoded; read such a path as written.
      return logPath.startsWith("/") ? new Path(logPath) : new Path(tableRoot, logPath);
    }
    if (uri.isAbsolute()) {
      return new Path(uri);
    }
    if (logPath.startsWith("/")) {
      // An absolute path without a scheme lives on the table's file system.
      URI root = tableRoot.toUri();
      return new Path(root.getScheme(), root.getAuthority(), uri.getPath());
    }
    return new Path(tableRoot, new Path(uri));
  }

  /** A string that is equal for two log paths that name the same file. */
  public String canonical(String logPath) {
    return resolve(logPath).toString();
  }
}
