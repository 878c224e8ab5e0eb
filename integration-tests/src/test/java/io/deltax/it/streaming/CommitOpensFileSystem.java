package io.deltax.it.streaming;

import io.deltax.testing.LocalFileSystemUnderScheme;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.Path;

/**
 * The local file system under the scheme {@code commitopens:}, known to Hadoop only through read
 * options, which records the version of every commit file ({@code _delta_log/<version>.json})
 * opened: which commits a stream's run read.
 */
public final class CommitOpensFileSystem extends LocalFileSystemUnderScheme {
  public static final String SCHEME = "commitopens";
  private static final Pattern COMMIT = Pattern.compile("(\\d{20})\\.json");
  private static final List<Long> OPENED = new ArrayList<>();

  public CommitOpensFileSystem() {
    super(SCHEME);
  }

  static synchronized void reset() {
    OPENED.clear();
  }

  /** The versions of the commit files opened since {@link #reset}, in order. */
  static synchronized List<Long> opened() {
    return List.copyOf(OPENED);
  }

  @Override
  public FSDataInputStream open(Path f, int bufferSize) throws IOException {
    Matcher commit = COMMIT.matcher(f.getName());
    if (commit.matches()) {
      synchronized (CommitOpensFileSystem.class) {
        OPENED.add(Long.parseLong(commit.group(1)));
      }
    }
    return super.open(f, bufferSize);
  }
}
