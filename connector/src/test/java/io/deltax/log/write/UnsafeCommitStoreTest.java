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
package io.deltax.log.write;

import static io.deltax.errors.DeltaXErrorCondition.DELTAX_INVALID_OPTION;
import static io.deltax.errors.DeltaXErrorCondition.DELTAX_UNSAFE_COMMIT_STORE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.deltax.conf.SessionSettings;
import io.deltax.errors.DeltaXIllegalArgumentException;
import io.deltax.errors.DeltaXRuntimeException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * On a store where deltax cannot make a commit put-if-absent (here: a scheme it does not know), a
 * commit is refused before anything is written, with an error that names the store and the table
 * and says how to proceed; {@code spark.deltax.commit.singleWriter=true} accepts a plain {@code
 * create(overwrite = false)} instead.
 */
class UnsafeCommitStoreTest {
  @TempDir Path table;

  private Configuration conf(String singleWriter) {
    Configuration conf = new Configuration();
    conf.set(
        "fs." + UnprovenStoreFileSystem.SCHEME + ".impl", UnprovenStoreFileSystem.class.getName());
    conf.setBoolean("fs." + UnprovenStoreFileSystem.SCHEME + ".impl.disable.cache", true);
    if (singleWriter != null) {
      conf.set(SessionSettings.COMMIT_SINGLE_WRITER.key(), singleWriter);
    }
    return conf;
  }

  private CommitWriter writer(Configuration conf) {
    return new CommitWriter(
        new org.apache.hadoop.fs.Path(
            UnprovenStoreFileSystem.SCHEME + "://" + table.resolve("_delta_log")),
        conf);
  }

  private List<String> logFiles() throws Exception {
    Path log = table.resolve("_delta_log");
    if (!Files.exists(log)) {
      return List.of();
    }
    try (Stream<Path> files = Files.list(log)) {
      return files.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }

  @Test
  void aCommitToAnUnknownStoreIsRefusedAndNothingIsWritten() throws Exception {
    DeltaXRuntimeException e =
        assertThrows(
            DeltaXRuntimeException.class,
            () -> writer(conf(null)).write(0, List.of("{\"commitInfo\":{}}")));
    assertEquals(DELTAX_UNSAFE_COMMIT_STORE, e.condition());
    assertTrue(e.getMessage().contains(UnprovenStoreFileSystem.SCHEME + ":"), e.getMessage());
    assertTrue(e.getMessage().contains(table.toString()), e.getMessage());
    assertTrue(
        e.getMessage().contains(SessionSettings.COMMIT_SINGLE_WRITER.key() + "=true"),
        e.getMessage());
    assertTrue(e.getMessage().contains("Nothing was written"), e.getMessage());
    assertEquals(List.of(), logFiles());
  }

  @Test
  void singleWriterModeCommitsWithAPlainCreateThatStillRefusesAnExistingCommit() throws Exception {
    CommitWriter writer = writer(conf("true"));
    assertTrue(writer.write(0, List.of("{\"first\":1}")));
    assertFalse(writer.write(0, List.of("{\"second\":2}")));
    assertEquals(
        "{\"first\":1}\n",
        Files.readString(
            table.resolve("_delta_log").resolve(String.format("%020d.json", 0)),
            StandardCharsets.UTF_8));
    assertEquals(List.of(String.format("%020d.json", 0)), logFiles());
  }

  @Test
  void aSingleWriterValueThatIsNotABooleanIsRefused() {
    DeltaXIllegalArgumentException e =
        assertThrows(
            DeltaXIllegalArgumentException.class,
            () -> writer(conf("yes")).write(0, List.of("{\"commitInfo\":{}}")));
    assertEquals(DELTAX_INVALID_OPTION, e.condition());
    assertTrue(e.getMessage().contains(SessionSettings.COMMIT_SINGLE_WRITER.key()), e.getMessage());
  }
}
