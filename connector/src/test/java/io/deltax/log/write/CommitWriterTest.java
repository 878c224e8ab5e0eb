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

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Put-if-absent commits on the local file system (PROTOCOL.md, "Delta Log Entries": mutual
 * exclusion is the writer's job): the first writer of a version wins, every other one is told so,
 * and the winner's commit is never overwritten.
 */
class CommitWriterTest {
  private static final Configuration CONF = new Configuration();

  @TempDir Path log;

  private CommitWriter writer() {
    return new CommitWriter(new org.apache.hadoop.fs.Path(log.toUri()), CONF);
  }

  private String commit(long version) throws Exception {
    return Files.readString(
        log.resolve(String.format("%020d.json", version)), StandardCharsets.UTF_8);
  }

  /** Nothing but the commits: no temporary file is left behind. */
  private List<String> files() throws Exception {
    try (Stream<Path> files = Files.list(log)) {
      return files.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }

  @Test
  void aSecondWriteOfTheSameVersionLosesAndLeavesTheFirst() throws Exception {
    assertTrue(writer().write(0, List.of("{\"first\":1}")));
    assertFalse(writer().write(0, List.of("{\"second\":2}")));
    assertEquals("{\"first\":1}\n", commit(0));
    assertTrue(writer().write(1, List.of("{\"next\":1}", "{\"line\":2}")));
    assertEquals("{\"next\":1}\n{\"line\":2}\n", commit(1));
    assertEquals(List.of(String.format("%020d.json", 0), String.format("%020d.json", 1)), files());
  }

  @Test
  void ofWritersRacingForOneVersionExactlyOneWins() throws Exception {
    int writers = 8;
    for (long version = 0; version < 20; version++) {
      long v = version;
      CyclicBarrier start = new CyclicBarrier(writers);
      ExecutorService pool = Executors.newFixedThreadPool(writers);
      try {
        List<Future<Boolean>> results = new ArrayList<>();
        for (int w = 0; w < writers; w++) {
          String content = "{\"writer\":" + w + "}";
          results.add(
              pool.submit(
                  () -> {
                    start.await();
                    return writer().write(v, List.of(content));
                  }));
        }
        List<Integer> winners = new ArrayList<>();
        for (int w = 0; w < writers; w++) {
          if (results.get(w).get(1, TimeUnit.MINUTES)) {
            winners.add(w);
          }
        }
        assertEquals(1, winners.size(), "version " + v + " winners " + winners);
        assertEquals(
            "{\"writer\":" + winners.get(0) + "}\n", commit(v), "the winner's commit stays");
      } finally {
        pool.shutdownNow();
      }
    }
    assertEquals(20, files().size(), files().toString());
  }
}
