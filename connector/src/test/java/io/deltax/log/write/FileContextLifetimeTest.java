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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.deltax.log.HintFileWriter;
import io.deltax.log.LogFilePublisher;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Commits and hints on a store whose FileContext binding closes its file system when finalized, as
 * hadoop-azure's {@code Abfs} does ({@link FinalizingFileContextStore}): a garbage collection in
 * the middle of a commit's write or rename must not break it. It once did on ABFS, when the
 * temporary file was created through a FileContext that nothing kept.
 */
class FileContextLifetimeTest {
  @TempDir Path table;

  private org.apache.hadoop.fs.Path log() {
    return new org.apache.hadoop.fs.Path(
        FinalizingFileContextStore.SCHEME + "://" + table.resolve("_delta_log"));
  }

  private List<String> logFiles() throws Exception {
    try (Stream<Path> files = Files.list(table.resolve("_delta_log"))) {
      return files
          .map(p -> p.getFileName().toString())
          .filter(n -> !n.endsWith(".crc"))
          .sorted()
          .toList();
    }
  }

  @Test
  void commitsSurviveACollectionDuringTheirWriteAndRename() throws Exception {
    CommitWriter writer = new CommitWriter(log(), FinalizingFileContextStore.configuration());
    assertTrue(writer.write(0, List.of("{\"first\":1}")));
    assertTrue(writer.write(1, List.of("{\"second\":2}")));
    assertFalse(writer.write(1, List.of("{\"third\":3}")), "the name is taken");
    assertEquals(
        "{\"second\":2}\n",
        Files.readString(
            table.resolve("_delta_log").resolve(String.format("%020d.json", 1)),
            StandardCharsets.UTF_8));
    assertEquals(
        List.of(String.format("%020d.json", 0), String.format("%020d.json", 1)),
        logFiles(),
        "no temporary file left");
  }

  @Test
  void aHintIsReplacedThroughACollectionDuringItsRename() throws Exception {
    HintFileWriter hints = new HintFileWriter(FinalizingFileContextStore.configuration());
    org.apache.hadoop.fs.Path hint = new org.apache.hadoop.fs.Path(log(), "_last_checkpoint");
    hints.replace(hint, LogFilePublisher.lines(List.of("{\"version\":1}")));
    hints.replace(hint, LogFilePublisher.lines(List.of("{\"version\":2}")));
    assertEquals(
        "{\"version\":2}\n",
        Files.readString(
            table.resolve("_delta_log").resolve("_last_checkpoint"), StandardCharsets.UTF_8));
    assertEquals(List.of("_last_checkpoint"), logFiles());
  }
}
