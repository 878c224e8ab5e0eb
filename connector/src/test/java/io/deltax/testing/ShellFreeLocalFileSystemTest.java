package io.deltax.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.FileNotFoundException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileContext;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocalFileSystem;
import org.apache.hadoop.fs.Options;
import org.apache.hadoop.fs.permission.FsPermission;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The tests' shell-free local file system does what Hadoop's own does with the same calls. */
class ShellFreeLocalFileSystemTest {
  @TempDir
  Path dir;

  private static Configuration conf(boolean shellFree) {
    Configuration conf = new Configuration();
    conf.setBoolean("fs.file.impl.disable.cache", true);
    if (shellFree) {
      conf.set("fs.file.impl", ShellFreeLocalFileSystem.class.getName());
      conf.set("fs.AbstractFileSystem.file.impl", ShellFreeLocalFs.class.getName());
    }
    return conf;
  }

  private static org.apache.hadoop.fs.Path hadoop(Path path) {
    return new org.apache.hadoop.fs.Path(path.toUri());
  }

  @Test
  void filesAndDirectoriesGetHadoopsPermissions() throws Exception {
    for (boolean shellFree : new boolean[] {false, true}) {
      LocalFileSystem fs = (LocalFileSystem) hadoop(dir).getFileSystem(conf(shellFree));
      assertEquals(shellFree, fs.getRawFileSystem() instanceof ShellFreeRawLocalFileSystem);
      Path sub = dir.resolve("d-" + shellFree);
      fs.create(hadoop(sub.resolve("f")), false).close();
      fs.setPermission(hadoop(sub.resolve("f")), new FsPermission((short) 0640));
      fs.mkdirs(hadoop(sub.resolve("e")), new FsPermission((short) 0751));
    }
    for (String name : new String[] {"f", ".f.crc", "e"}) {
      assertEquals(permissions(dir.resolve("d-false").resolve(name)),
          permissions(dir.resolve("d-true").resolve(name)), name);
    }
    assertEquals("rw-r-----", permissions(dir.resolve("d-true").resolve("f")));
  }

  private static String permissions(Path path) throws Exception {
    return PosixFilePermissions.toString(Files.getPosixFilePermissions(path));
  }

  @Test
  void linkStatusAndRenamesAreHadoops() throws Exception {
    Files.writeString(dir.resolve("a"), "x");
    LocalFileSystem stock = (LocalFileSystem) hadoop(dir).getFileSystem(conf(false));
    FileSystem shellFree = hadoop(dir).getFileSystem(conf(true));
    FileStatus expected = stock.getRawFileSystem().getFileLinkStatus(hadoop(dir.resolve("a")));
    FileStatus actual = ((LocalFileSystem) shellFree).getRawFileSystem()
        .getFileLinkStatus(hadoop(dir.resolve("a")));
    assertEquals(expected, actual);
    assertEquals(expected.getLen(), actual.getLen());
    assertThrows(FileNotFoundException.class,
        () -> shellFree.getFileLinkStatus(hadoop(dir.resolve("missing"))));
    FileContext context = FileContext.getFileContext(URI.create("file:///"), conf(true));
    context.rename(hadoop(dir.resolve("a")), hadoop(dir.resolve("b")), Options.Rename.NONE);
    Files.writeString(dir.resolve("c"), "y");
    assertThrows(org.apache.hadoop.fs.FileAlreadyExistsException.class, () -> context.rename(
        hadoop(dir.resolve("c")), hadoop(dir.resolve("b")), Options.Rename.NONE));
    assertEquals("x", Files.readString(dir.resolve("b")));
    assertTrue(Files.exists(dir.resolve("c")));
  }
}
