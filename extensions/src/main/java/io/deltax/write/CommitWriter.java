package io.deltax.write;

import io.deltax.log.LogFileName;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.CreateFlag;
import org.apache.hadoop.fs.FileAlreadyExistsException;
import org.apache.hadoop.fs.FileContext;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Options;
import org.apache.hadoop.fs.Path;

/**
 * Writes commit {@code N.json} only if no other writer wrote it first (PROTOCOL.md, "Delta Log
 * Entries": mutual exclusion is the writer's job). On file systems with an atomic rename that
 * refuses to overwrite (HDFS, local, ABFS) the commit is written to a temporary file and renamed,
 * as delta-spark's HDFSLogStore does; elsewhere the commit is created with {@code overwrite=false},
 * which is put-if-absent only where the store makes creation conditional (S3A with conditional
 * writes, GCS).
 */
public final class CommitWriter {
  /** Schemes whose rename refuses an existing target atomically. */
  private static final Set<String> ATOMIC_RENAME = Set.of("file", "hdfs", "viewfs", "abfs", "abfss");

  private final Path logDir;
  private final Configuration conf;

  public CommitWriter(Path logDir, Configuration conf) {
    this.logDir = logDir;
    this.conf = conf;
  }

  /**
   * Writes the commit.
   *
   * @return false when commit {@code version} already exists: another writer won the race
   */
  public boolean write(long version, List<String> actions) throws IOException {
    Path target = new Path(logDir, LogFileName.commitName(version));
    byte[] content = (String.join("\n", actions) + "\n").getBytes(StandardCharsets.UTF_8);
    FileSystem fs = target.getFileSystem(conf);
    if (fs.exists(target)) {
      return false;
    }
    String scheme = fs.getUri().getScheme();
    if (ATOMIC_RENAME.contains(scheme)) {
      return writeAndRename(target, content);
    }
    try (OutputStream out = fs.create(target, false)) {
      out.write(content);
      return true;
    } catch (FileAlreadyExistsException e) {
      return false;
    }
  }

  private boolean writeAndRename(Path target, byte[] content) throws IOException {
    FileContext fc = FileContext.getFileContext(target.toUri(), conf);
    Path temp = new Path(logDir, "." + target.getName() + "." + UUID.randomUUID() + ".tmp");
    try (OutputStream out = fc.create(temp, EnumSet.of(CreateFlag.CREATE),
        Options.CreateOpts.createParent())) {
      out.write(content);
    }
    try {
      fc.rename(temp, target, Options.Rename.NONE);
      return true;
    } catch (FileAlreadyExistsException e) {
      return false;
    } finally {
      try {
        fc.delete(temp, false);
      } catch (IOException ignored) {
        // the temporary file is gone after a successful rename
      }
    }
  }
}
