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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.deltax.actions.Action;
import io.deltax.actions.ParquetActionReader;
import io.deltax.actions.ParquetActionWriter;
import io.deltax.actions.SetTransaction;
import io.deltax.log.write.CommitWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.LocalFileSystem;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.util.Progressable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * On the local file system deltax creates log files without Hadoop's {@code create}: without
 * Hadoop's native library that starts a {@code chmod} process for each file and its {@code .crc},
 * which made most of a small backfill's time. Here {@code file:} is a local file system whose
 * {@code create} fails, so any write that still goes through it fails the test; the files must
 * still get the permissions Hadoop would give them.
 */
class LocalLogWritesTest {
  @TempDir Path dir;

  /** The local file system, refusing to create files: reads, links and directories still work. */
  public static final class NoCreateFileSystem extends LocalFileSystem {
    @Override
    public FSDataOutputStream create(
        org.apache.hadoop.fs.Path f,
        FsPermission permission,
        boolean overwrite,
        int bufferSize,
        short replication,
        long blockSize,
        Progressable progress)
        throws IOException {
      throw new IOException("Hadoop's create was called for " + f);
    }
  }

  /** {@code file:} refusing Hadoop's create; new files {@code 0666} less {@code umask}. */
  private static Configuration conf(String umask) {
    Configuration conf = new Configuration();
    conf.set("fs.file.impl", NoCreateFileSystem.class.getName());
    conf.setBoolean("fs.file.impl.disable.cache", true);
    conf.set("fs.permissions.umask-mode", umask);
    return conf;
  }

  private static org.apache.hadoop.fs.Path hadoop(Path path) {
    return new org.apache.hadoop.fs.Path(path.toUri());
  }

  private static List<String> files(Path in) throws IOException {
    try (Stream<Path> files = Files.list(in)) {
      return files.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }

  private static String permissions(Path file) throws IOException {
    return PosixFilePermissions.toString(Files.getPosixFilePermissions(file));
  }

  @Test
  void theStoreInThisTestRefusesHadoopsCreate() {
    assertThrows(
        IOException.class,
        () ->
            hadoop(dir).getFileSystem(conf("022")).create(hadoop(dir.resolve("x")), false).close());
  }

  @Test
  void commitsAndHintsAreWrittenWithoutHadoopsCreateWithItsPermissions() throws Exception {
    Path log = dir.resolve("_delta_log"); // not there yet: made as Hadoop's create would
    CommitWriter writer = new CommitWriter(hadoop(log), conf("077"));
    assertTrue(writer.write(0, List.of("{\"a\":1}")));
    assertFalse(writer.write(0, List.of("{\"b\":2}")));
    HintFileWriter hints = new HintFileWriter(conf("027"));
    hints.replace(
        hadoop(log.resolve("_last_checkpoint")),
        "{\"version\":0}\n".getBytes(StandardCharsets.UTF_8));
    hints.replace(
        hadoop(log.resolve("_last_checkpoint")),
        "{\"version\":1}\n".getBytes(StandardCharsets.UTF_8));
    Path commit = log.resolve(String.format("%020d.json", 0));
    assertEquals("{\"a\":1}\n", Files.readString(commit));
    assertEquals("{\"version\":1}\n", Files.readString(log.resolve("_last_checkpoint")));
    assertEquals(
        List.of(String.format("%020d.json", 0), "_last_checkpoint"),
        files(log),
        "no temporary file and no .crc is left");
    assertEquals("rw-------", permissions(commit));
    assertEquals("rw-r-----", permissions(log.resolve("_last_checkpoint")));
  }

  @Test
  void checkpointFilesAreWrittenWithoutHadoopsCreateWithItsPermissions() throws Exception {
    Path sidecar = dir.resolve("_delta_log").resolve("_sidecars").resolve("s.parquet");
    LogFilePublisher publisher = new LogFilePublisher(conf("077"));
    org.apache.hadoop.fs.Path staged = publisher.stagingFor(hadoop(sidecar));
    List<Action> written =
        List.of(new SetTransaction("app", 3, 10L), new SetTransaction("b", 1, null));
    try (ParquetActionWriter out =
        new ParquetActionWriter(
            conf("077"), publisher.outputFile(staged), List.of(SetTransaction.SCHEMA))) {
      for (Action action : written) {
        out.write(action);
      }
    }
    assertTrue(publisher.publish(staged, hadoop(sidecar)));
    List<Action> read = new ArrayList<>();
    ParquetActionReader.read(
        conf("077"), hadoop(sidecar), List.of(SetTransaction.SCHEMA), read::add);
    assertEquals(written, read);
    assertEquals(List.of("s.parquet"), files(sidecar.getParent()), "no temporary file, no .crc");
    assertEquals("rw-------", permissions(sidecar));
  }
}
