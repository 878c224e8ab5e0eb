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
package io.deltax.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.FileNotFoundException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileContext;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.LocalFileSystem;
import org.apache.hadoop.fs.Options;
import org.apache.hadoop.fs.permission.FsPermission;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The tests' shell-free local file system does what Hadoop's own does with the same calls. */
class ShellFreeLocalFileSystemTest {
  @TempDir Path dir;

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
      fs.mkdirs(hadoop(sub.resolve("sticky")));
      fs.setPermission(hadoop(sub.resolve("sticky")), new FsPermission((short) 01777));
    }
    for (String name : new String[] {"f", ".f.crc", "e", "sticky"}) {
      assertEquals(
          mode(dir.resolve("d-false").resolve(name)),
          mode(dir.resolve("d-true").resolve(name)),
          name);
    }
    assertEquals(0100640, mode(dir.resolve("d-true").resolve("f")));
    assertEquals(041777, mode(dir.resolve("d-true").resolve("sticky")));
  }

  private static int mode(Path path) throws Exception {
    return (Integer) Files.getAttribute(path, "unix:mode");
  }

  @Test
  void linkStatusAndRenamesAreHadoops() throws Exception {
    Files.writeString(dir.resolve("a"), "x");
    Files.createDirectory(dir.resolve("sub"));
    LocalFileSystem stock = (LocalFileSystem) hadoop(dir).getFileSystem(conf(false));
    LocalFileSystem shellFree = (LocalFileSystem) hadoop(dir).getFileSystem(conf(true));
    for (String name : new String[] {"a", "sub"}) {
      FileStatus expected = stock.getRawFileSystem().getFileLinkStatus(hadoop(dir.resolve(name)));
      FileStatus actual = shellFree.getRawFileSystem().getFileLinkStatus(hadoop(dir.resolve(name)));
      assertEquals(expected.getPath(), actual.getPath(), name);
      assertEquals(expected.isDirectory(), actual.isDirectory(), name);
      assertEquals(expected.isSymlink(), actual.isSymlink(), name);
      assertEquals(expected.getLen(), actual.getLen(), name);
      assertEquals(expected.getModificationTime(), actual.getModificationTime(), name);
      assertEquals(expected.getPermission(), actual.getPermission(), name);
    }
    for (LocalFileSystem fs : List.of(stock, shellFree)) {
      assertThrows(
          FileNotFoundException.class,
          () -> fs.getRawFileSystem().getFileLinkStatus(hadoop(dir.resolve("missing"))));
    }
    FileContext context = FileContext.getFileContext(URI.create("file:///"), conf(true));
    context.rename(hadoop(dir.resolve("a")), hadoop(dir.resolve("b")), Options.Rename.NONE);
    Files.writeString(dir.resolve("c"), "y");
    assertThrows(
        org.apache.hadoop.fs.FileAlreadyExistsException.class,
        () ->
            context.rename(
                hadoop(dir.resolve("c")), hadoop(dir.resolve("b")), Options.Rename.NONE));
    assertEquals("x", Files.readString(dir.resolve("b")));
    assertTrue(Files.exists(dir.resolve("c")));
  }
}
