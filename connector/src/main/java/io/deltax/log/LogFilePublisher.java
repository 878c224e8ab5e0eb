package io.deltax.log;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.StandardCopyOption;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.ChecksumFileSystem;
import org.apache.hadoop.fs.CreateFlag;
import org.apache.hadoop.fs.FileAlreadyExistsException;
import org.apache.hadoop.fs.FileContext;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Options;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Publishes a file of the log whole under its final name, only if no other writer published one
 * there first: commits (PROTOCOL.md, "Delta Log Entries": mutual exclusion is the writer's job)
 * and checkpoints, so that a writer killed half-way leaves at most a hidden temporary file, never
 * a truncated commit or checkpoint. The file is first written whole to a temporary file in the
 * same directory ({@link #tempFor}), then published in one atomic step that fails if the target
 * exists:
 * <ul>
 *   <li>local file systems: a hard link ({@code link(2)} refuses an existing name), since
 *       Hadoop's local rename checks for the target and then renames, which can overwrite a file
 *       another writer made in between;
 *   <li>HDFS, ABFS, viewfs: {@code FileContext.rename} without overwrite, atomic in the store, as
 *       delta-spark's HDFSLogStore does;
 *   <li>elsewhere: {@code create(overwrite = false)}, put-if-absent where the store makes creation
 *       conditional (S3A with conditional writes, GCS); an object appears whole when its upload
 *       completes, so bytes are written there directly, and a temporary file is copied.
 * </ul>
 */
public final class LogFilePublisher {
  private static final Logger LOG = LoggerFactory.getLogger(LogFilePublisher.class);
  /** Schemes whose rename refuses an existing target atomically. */
  private static final Set<String> ATOMIC_RENAME = Set.of("hdfs", "viewfs", "abfs", "abfss");

  private final Configuration conf;

  public LogFilePublisher(Configuration conf) {
    this.conf = conf;
  }

  /** A log file's bytes: one JSON line each (commits, V2 checkpoints, {@code _last_checkpoint}). */
  public static byte[] lines(List<String> lines) {
    return (String.join("\n", lines) + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8);
  }

  /** A hidden temporary name beside {@code target}: no reader of the log takes it for a log file. */
  public static Path tempFor(Path target) {
    return new Path(target.getParent(), "." + target.getName() + "." + UUID.randomUUID() + ".tmp");
  }

  /**
   * Writes {@code content} as {@code target} if no file has that name.
   *
   * @return false when {@code target} already exists: another writer published it first
   */
  public boolean write(Path target, byte[] content) throws IOException {
    FileSystem fs = target.getFileSystem(conf);
    String scheme = fs.getUri().getScheme();
    if (!"file".equals(scheme) && !ATOMIC_RENAME.contains(scheme)) {
      try (OutputStream out = fs.create(target, false)) {
        out.write(content);
        return true;
      } catch (FileAlreadyExistsException e) {
        return false;
      }
    }
    Path temp = tempFor(target);
    try (OutputStream out = FileContext.getFileContext(temp.toUri(), conf).create(temp,
        EnumSet.of(CreateFlag.CREATE), Options.CreateOpts.createParent())) {
      out.write(content);
    } catch (IOException | RuntimeException e) {
      deleteQuietly(fs, temp);
      throw e;
    }
    return publish(temp, target);
  }

  /**
   * Publishes the complete file {@code temp} as {@code target} if no file has that name; the
   * temporary file is gone afterwards either way.
   *
   * @return false when {@code target} already exists: another writer published it first, and
   *     its file is kept
   */
  public boolean publish(Path temp, Path target) throws IOException {
    FileSystem fs = target.getFileSystem(conf);
    String scheme = fs.getUri().getScheme();
    try {
      if ("file".equals(scheme)) {
        java.nio.file.Files.createLink(local(fs, target), local(fs, temp));
        dropStaleChecksum(fs, target);
        return true;
      }
      if (ATOMIC_RENAME.contains(scheme)) {
        FileContext.getFileContext(target.toUri(), conf).rename(temp, target, Options.Rename.NONE);
        return true;
      }
      if (fs.exists(target)) {
        return false;
      }
      try (InputStream in = fs.open(temp); OutputStream out = fs.create(target, false)) {
        in.transferTo(out);
        return true;
      }
    } catch (FileAlreadyExistsException | java.nio.file.FileAlreadyExistsException e) {
      return false;
    } finally {
      deleteQuietly(fs, temp);
    }
  }

  /**
   * Replaces {@code target} by the complete file {@code temp}, atomically where the store can:
   * for files that are only hints, such as {@code _last_checkpoint}, where the last writer wins.
   */
  public void replace(Path temp, Path target) throws IOException {
    FileSystem fs = target.getFileSystem(conf);
    String scheme = fs.getUri().getScheme();
    try {
      if ("file".equals(scheme)) {
        java.nio.file.Files.move(local(fs, temp), local(fs, target),
            StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        dropStaleChecksum(fs, target);
      } else if (ATOMIC_RENAME.contains(scheme)) {
        FileContext.getFileContext(target.toUri(), conf).rename(temp, target, Options.Rename.OVERWRITE);
      } else {
        try (InputStream in = fs.open(temp); OutputStream out = fs.create(target, true)) {
          in.transferTo(out);
        }
      }
    } finally {
      deleteQuietly(fs, temp);
    }
  }

  /**
   * On Hadoop's checksummed local file system, removes a {@code .crc} file left beside
   * {@code target} by an older file of that name (one delta-spark wrote, say): it would make every
   * read of the new file fail. The published file has none, as deltax's commits never had.
   */
  private static void dropStaleChecksum(FileSystem fs, Path target) {
    if (fs instanceof ChecksumFileSystem checksummed) {
      try {
        java.nio.file.Files.deleteIfExists(local(fs, checksummed.getChecksumFile(target)));
      } catch (IOException e) {
        // The file is published: a stale checksum beside it must not make that look like a failure.
        LOG.warn("Cannot delete the stale checksum file beside {}: {}", target, e.toString());
      }
    }
  }

  private static java.nio.file.Path local(FileSystem fs, Path path) {
    return java.nio.file.Path.of(fs.makeQualified(path).toUri());
  }

  /** Deletes a temporary file and, on a checksummed local file system, its {@code .crc} file. */
  private static void deleteQuietly(FileSystem fs, Path temp) {
    try {
      if (fs instanceof ChecksumFileSystem checksummed) {
        checksummed.getRawFileSystem().delete(checksummed.getChecksumFile(temp), false);
        checksummed.getRawFileSystem().delete(temp, false);
      } else {
        fs.delete(temp, false);
      }
    } catch (IOException ignored) {
      // gone already, after a rename; or left hidden, where no reader of the log looks
    }
  }
}
