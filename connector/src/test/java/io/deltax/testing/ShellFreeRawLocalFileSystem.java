package io.deltax.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.attribute.PosixFilePermission;
import java.util.EnumSet;
import java.util.Set;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RawLocalFileSystem;
import org.apache.hadoop.fs.permission.FsPermission;

/**
 * Hadoop's local file system, but for the two calls that start a process when Hadoop's native
 * library is not loaded (as in the tests): {@code setPermission}, a {@code chmod} for every file
 * and {@code .crc} created, and {@code getFileLinkStatus}, a {@code readlink} for every rename.
 * Here both use {@code java.nio}, with the same effect on files and directories that are not
 * symbolic links. A process costs about 10 ms on the CI machine, and delta-spark, the tests' oracle,
 * writes every table of the tests through these calls. Registered for {@code file:} by the
 * integration tests' {@code core-site.xml}, with {@link ShellFreeLocalFileSystem} and
 * {@link ShellFreeLocalFs}.
 */
public class ShellFreeRawLocalFileSystem extends RawLocalFileSystem {
  private static final PosixFilePermission[] BY_BIT = PosixFilePermission.values(); // owner read first

  @Override
  public void setPermission(Path p, FsPermission permission) throws IOException {
    short bits = permission.toShort();
    Set<PosixFilePermission> set = EnumSet.noneOf(PosixFilePermission.class);
    for (int i = 0; i < BY_BIT.length; i++) {
      if ((bits & (1 << (BY_BIT.length - 1 - i))) != 0) {
        set.add(BY_BIT[i]);
      }
    }
    Files.setPosixFilePermissions(pathToFile(p).toPath(), set);
  }

  @Override
  public FileStatus getFileLinkStatus(Path f) throws IOException {
    if (Files.isSymbolicLink(pathToFile(f).toPath())) {
      return super.getFileLinkStatus(f);
    }
    return getFileStatus(f); // what Hadoop returns for a path that is not a link
  }
}
