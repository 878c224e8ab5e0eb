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

import static io.deltax.errors.DeltaXErrorCondition.DELTAX_CORRUPT_LOG;
import static io.deltax.testing.TestLog.PROTOCOL;
import static io.deltax.testing.TestLog.commit;
import static io.deltax.testing.TestLog.metadata;
import static io.deltax.testing.TestLog.schema;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.deltax.errors.DeltaXRuntimeException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Long runs of commits are read by several threads: same snapshot, same errors. */
class CommitReadingTest {
  private static final String METADATA = metadata("t", schema(), "{}");
  @TempDir Path dir;

  private void write(int commits, int corrupt) throws IOException {
    for (int v = 0; v < commits; v++) {
      List<String> lines = new ArrayList<>();
      if (v == 0) {
        lines.addAll(List.of(PROTOCOL, METADATA));
      }
      lines.add(
          "{\"add\":{\"path\":\"f"
              + v
              + ".parquet\",\"partitionValues\":{},\"size\":1,"
              + "\"modificationTime\":1,\"dataChange\":true}}");
      if (v % 3 == 1) {
        lines.add(
            "{\"remove\":{\"path\":\"f"
                + (v - 1)
                + ".parquet\",\"deletionTimestamp\":1,"
                + "\"dataChange\":true}}");
      }
      if (v == corrupt) {
        lines.add("{\"add\":{\"path\":");
      }
      commit(dir, v, lines.toArray(String[]::new));
    }
  }

  @Test
  void manyCommitsReplayInOrder() throws IOException {
    write(40, -1);
    Snapshot snapshot = TransactionLog.open(dir.toString(), new Configuration()).latestSnapshot();
    assertEquals(39, snapshot.version());
    // f0, f3, f6, ... are removed by the commit after them.
    assertEquals(40 - 13, snapshot.activeFiles().size());
    assertEquals(13, snapshot.tombstones().size());
  }

  @Test
  void aCorruptCommitAmongManyNamesItself() throws IOException {
    write(40, 17);
    DeltaXRuntimeException e =
        assertThrows(
            DeltaXRuntimeException.class,
            () -> TransactionLog.open(dir.toString(), new Configuration()).latestSnapshot());
    assertEquals(DELTAX_CORRUPT_LOG, e.condition());
    assertTrue(e.getMessage().contains(LogFileName.commitName(17)), e.getMessage());
  }

  @Test
  void anEmptyCommitIsRefusedNamingIt() throws IOException {
    write(3, -1);
    Files.writeString(dir.resolve("_delta_log").resolve(LogFileName.commitName(3)), "");
    DeltaXRuntimeException e =
        assertThrows(
            DeltaXRuntimeException.class,
            () -> TransactionLog.open(dir.toString(), new Configuration()).latestSnapshot());
    assertEquals(DELTAX_CORRUPT_LOG, e.condition());
    assertTrue(e.getMessage().contains(LogFileName.commitName(3)), e.getMessage());
    assertTrue(e.getMessage().contains("no action"), e.getMessage());
  }

  @Test
  void aCommitOfBlankLinesIsRefusedToo() throws IOException {
    write(3, -1);
    Files.writeString(dir.resolve("_delta_log").resolve(LogFileName.commitName(1)), "\n\n");
    DeltaXRuntimeException e =
        assertThrows(
            DeltaXRuntimeException.class,
            () -> TransactionLog.open(dir.toString(), new Configuration()).latestSnapshot());
    assertEquals(DELTAX_CORRUPT_LOG, e.condition());
    assertTrue(e.getMessage().contains(LogFileName.commitName(1)), e.getMessage());
  }

  /**
   * An action without a field PROTOCOL.md requires of it is a corrupt log, named, not a crash
   * later.
   */
  @Test
  void anActionWithoutARequiredFieldIsRefusedNamingIt() throws IOException {
    String[][] cases = {
      {
        "{\"add\":{\"size\":1,\"modificationTime\":1,\"dataChange\":true}}",
        "the add action has no path"
      },
      {
        "{\"remove\":{\"deletionTimestamp\":1,\"dataChange\":true}}",
        "the remove action has no path"
      },
      {"{\"txn\":{\"version\":3}}", "the txn action has no appId"},
      {
        "{\"domainMetadata\":{\"configuration\":\"{}\",\"removed\":false}}",
        "the domainMetadata action has no domain"
      },
      {METADATA.replace("\"id\":\"t\",", ""), "the metaData action has no id"}
    };
    for (String[] c : cases) {
      write(3, -1);
      Files.writeString(dir.resolve("_delta_log").resolve(LogFileName.commitName(3)), c[0] + "\n");
      DeltaXRuntimeException e =
          assertThrows(
              DeltaXRuntimeException.class,
              () ->
                  TransactionLog.open(dir.toString(), new Configuration())
                      .latestSnapshot()
                      .activeFiles(),
              c[0]);
      assertEquals(DELTAX_CORRUPT_LOG, e.condition());
      assertTrue(
          e.getMessage().contains(LogFileName.commitName(3)) && e.getMessage().contains(c[1]),
          e.getMessage());
    }
  }

  /** delta-spark reads a metaData action without a schemaString as a table of no columns. */
  @Test
  void metadataWithoutASchemaIsATableOfNoColumns() throws IOException {
    write(3, -1);
    Files.writeString(
        dir.resolve("_delta_log").resolve(LogFileName.commitName(3)),
        METADATA.replace(
                "\"schemaString\":\"{\\\"type\\\":\\\"struct\\\",\\\"fields\\\":[]}\",", "")
            + "\n");
    Snapshot snapshot = TransactionLog.open(dir.toString(), new Configuration()).latestSnapshot();
    assertEquals(null, snapshot.metadata().schemaString());
    assertEquals(0, snapshot.schema().fields().length);
  }

  /** A commitInfo after other actions is found in one pass: one log file read, not two. */
  @Test
  void aLateCommitInfoIsFoundInOneRead() throws IOException {
    write(2, -1);
    commit(
        dir,
        2,
        "{\"add\":{\"path\":\"g.parquet\",\"partitionValues\":{},\"size\":1,"
            + "\"modificationTime\":1,\"dataChange\":true}}",
        "{\"commitInfo\":{\"timestamp\":7,\"operation\":\"WRITE\"}}");
    TransactionLog log = TransactionLog.open(dir.toString(), new Configuration());
    long before = log.logFilesRead();
    assertEquals("WRITE", log.commitInfo(commitStatus(2)).orElseThrow().operation());
    assertEquals(1, log.logFilesRead() - before);
    assertEquals(Optional.empty(), log.commitInfo(commitStatus(1)));
  }

  private FileStatus commitStatus(long version) throws IOException {
    Path file = dir.resolve("_delta_log").resolve(LogFileName.commitName(version));
    return FileSystem.getLocal(new Configuration())
        .getFileStatus(new org.apache.hadoop.fs.Path(file.toUri()));
  }
}
