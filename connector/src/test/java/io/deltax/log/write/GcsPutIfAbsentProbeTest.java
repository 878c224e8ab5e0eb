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

import static io.deltax.errors.DeltaXErrorCondition.DELTAX_UNSAFE_COMMIT_STORE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
 * On {@code gs://} deltax commits with the connector's {@code create(overwrite = false)} only after
 * its probe saw a second create of one object refused: a store that refuses passes and commits; one
 * that overwrites is refused with {@code [DELTAX_UNSAFE_COMMIT_STORE]} and nothing is written, the
 * probe object included. No GCS server that enforces {@code ifGenerationMatch} runs here, so the
 * local file system stands in under the {@code gs} scheme ({@link GcsStandInFileSystem}).
 */
class GcsPutIfAbsentProbeTest {
  @TempDir Path table;

  private CommitWriter writer(Class<? extends GcsStandInFileSystem> store) {
    Configuration conf = new Configuration();
    conf.set("fs." + GcsStandInFileSystem.SCHEME + ".impl", store.getName());
    conf.setBoolean("fs." + GcsStandInFileSystem.SCHEME + ".impl.disable.cache", true);
    return new CommitWriter(
        new org.apache.hadoop.fs.Path(
            GcsStandInFileSystem.SCHEME + "://" + table.resolve("_delta_log")),
        conf);
  }

  /** Every file in {@code _delta_log}, hidden ones (the probe's) included. */
  private List<String> logFiles() throws Exception {
    Path log = table.resolve("_delta_log");
    if (!Files.exists(log)) {
      return List.of();
    }
    try (Stream<Path> files = Files.list(log)) {
      return files.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }

  private String commit(long version) {
    return String.format("%020d.json", version);
  }

  @Test
  void aStoreThatRefusesASecondCreatePassesTheProbeAndCommitsPutIfAbsent() throws Exception {
    CommitWriter writer = writer(GcsStandInFileSystem.Refusing.class);
    assertTrue(writer.write(0, List.of("{\"first\":1}")));
    assertFalse(writer.write(0, List.of("{\"second\":2}")), "a lost race, not an overwrite");
    assertEquals(
        "{\"first\":1}\n",
        Files.readString(table.resolve("_delta_log").resolve(commit(0)), StandardCharsets.UTF_8));
    assertEquals(List.of(commit(0)), logFiles(), "the probe object is deleted");
  }

  @Test
  void aStoreThatOverwritesIsRefusedAndNothingIsWritten() throws Exception {
    DeltaXRuntimeException e =
        assertThrows(
            DeltaXRuntimeException.class,
            () ->
                writer(GcsStandInFileSystem.Overwriting.class)
                    .write(0, List.of("{\"commitInfo\":{}}")));
    assertEquals(DELTAX_UNSAFE_COMMIT_STORE, e.condition());
    assertTrue(e.getMessage().contains(GcsStandInFileSystem.SCHEME + ":"), e.getMessage());
    assertTrue(e.getMessage().contains(table.toString()), e.getMessage());
    assertTrue(e.getMessage().contains("second create(overwrite = false)"), e.getMessage());
    assertTrue(e.getMessage().contains("Nothing was written"), e.getMessage());
    assertEquals(List.of(), logFiles());
  }
}
