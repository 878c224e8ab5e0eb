package io.deltax.log.write;

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
 * Entries": mutual exclusion is the writer's job). The commit is first written whole to a
 * temporary file, then published in one atomic step that fails if the commit exists:
 * <ul>
 *   <li>local file systems: a hard link ({@code link(2)} refuses an existing name), since
 *       Hadoop's local rename checks for the target and then renames, which can overwrite a
 *       commit another writer made in between;
 *   <li>HDFS, ABFS, viewfs: {@code FileContext.rename} without overwrite, atomic in the store, as
 *       delta-spark's HDFSLogStore does;
 *   <li>elsewhere: {@code create(overwrite = false)}, put-if-absent where the store makes creation
 *       conditional (S3A with conditional writes, GCS).
 * </ul>
 */
public final class CommitWriter {
  /** Schemes whose rename refuses an existing target atomically. */
  private static final Set<String> ATOMIC_RENAME = Set.of("hdfs", "viewfs", "abfs", "abfss");

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
    return write(version, content(actions));
  }

  /** A commit file's bytes: one action per line. */
  public static byte[] content(List<String> actions) {
    return (String.join("\n", actions) + "\n").getBytes(StandardCharsets.UTF_8);
  }

  /** Writes a commit file whose bytes {@link #content} made; false as above. */
  public boolean write(long version, byte[] content) throws IOException {
    Path target = new Path(logDir, LogFileName.commitName(version));
    FileSystem fs = target.getFileSystem(conf);
    if (fs.exists(target)) {
      return false;
    }
    String scheme = fs.getUri().getScheme();
    if ("file".equals(scheme)) {
      return writeAndLink(java.nio.file.Path.of(fs.makeQualified(target).toUri()), content);
    }
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

  private static boolean writeAndLink(java.nio.file.Path target, byte[] content) throws IOException {
    java.nio.file.Path temp = target.resolveSibling("." + target.getFileName() + "." + UUID.randomUUID() + ".tmp");
    java.nio.file.Files.write(temp, content, java.nio.file.StandardOpenOption.CREATE_NEW);
    try {
      java.nio.file.Files.createLink(target, temp);
      return true;
    } catch (java.nio.file.FileAlreadyExistsException e) {
      return false;
    } finally {
      java.nio.file.Files.deleteIfExists(temp);
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
