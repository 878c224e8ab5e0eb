/*
 * Copyright 2026 The deltax Authors
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *     http://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
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
  private final String rootPrefix;

  /** The URI of a child of the root, encoded, without the child's name. */
  private final String rootUriPrefix;

  public FilePathResolver(Path tableRoot) {
    this.tableRoot = tableRoot;
    String root = tableRoot.toString();
    // A table at a bucket or file system root prints with its slash already ("s3a://b/").
    this.rootPrefix = root.endsWith("/") ? root : root + "/";
    // As URI resolution writes a child of the root (normalized: "file:///t" resolves to "file:/t").
    String child = resolveUri("x").toUri().toString();
    this.rootUriPrefix = child.substring(0, child.length() - 1);
  }

  public Path resolve(String logPath) {
    // Most paths are plain relative names, whose characters a URI takes as they are: one parse of
    // the root's URI with the name after it, not a parse and a resolution (planning resolves every
    // file a scan may read).
    if (isPlainRelative(logPath)) {
      try {
        return new Path(new URI(rootUriPrefix + logPath));
      } catch (URISyntaxException e) {
        return resolveUri(logPath);
      }
    }
    return resolveUri(logPath);
  }

  /** {@link #resolve}, by URI resolution against the table root. */
  Path resolveUri(String logPath) {
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

  /**
   * A string that is equal for two log paths that name the same file: the path relative to the
   * table root where it is a plain relative one, else the resolved URI. A plain relative path is
   * its own canonical form, the very string: a snapshot that keys its files by it holds no copy of
   * the root in each key.
   */
  public String canonical(String logPath) {
    // Most paths are plain relative names; building URIs for a million of them dominated log
    // replay.
    if (isPlainRelative(logPath)) {
      return logPath;
    }
    String resolved = resolve(logPath).toString();
    if (resolved.startsWith(rootPrefix)) {
      String relative = resolved.substring(rootPrefix.length());
      if (isPlainRelative(relative)) {
        return relative;
      }
    }
    return resolved;
  }

  /**
   * A relative path that needs no decoding or normalizing: letters, digits and {@code . _ - = /}
   * only, with no empty, {@code .} or {@code ..} segment.
   */
  static boolean isPlainRelative(String path) {
    int n = path.length();
    if (n == 0 || path.charAt(0) == '/' || path.charAt(n - 1) == '/') {
      return false;
    }
    int segmentStart = 0;
    for (int i = 0; i <= n; i++) {
      char c = i < n ? path.charAt(i) : '/';
      if (c == '/') {
        int length = i - segmentStart;
        if (length == 0
            || (path.charAt(segmentStart) == '.'
                && (length == 1 || (length == 2 && path.charAt(segmentStart + 1) == '.')))) {
          return false;
        }
        segmentStart = i + 1;
      } else if (!((c >= 'a' && c <= 'z')
          || (c >= 'A' && c <= 'Z')
          || (c >= '0' && c <= '9')
          || c == '.'
          || c == '_'
          || c == '-'
          || c == '=')) {
        return false;
      }
    }
    return true;
  }
}
