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
package io.deltax.streaming.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.deltax.errors.DeltaXThrowable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The schema log's files, in delta-spark's format: written, read back, refused when corrupt. */
class SchemaLogTest {
  @TempDir Path dir;

  private static final String SCHEMA =
      "{\"type\":\"struct\",\"fields\":[{\"name\":\"id\",\"type\":\"integer\","
          + "\"nullable\":true,\"metadata\":{}}]}";
  private static final String EMPTY = "{\"type\":\"struct\",\"fields\":[]}";

  private SchemaLog log() {
    return new SchemaLog(
        "t", SchemaLog.directory(dir.toString(), "abc", null), new Configuration());
  }

  private static PersistedMetadata entry(long version, Long previous) {
    return new PersistedMetadata(
        "abc",
        version,
        SCHEMA,
        EMPTY,
        "file:/ckpt/sources/0",
        Map.of("delta.columnMapping.mode", "name"),
        "{\"protocol\":{\"minReaderVersion\":2,\"minWriterVersion\":5}}",
        previous);
  }

  @Test
  void entriesAsDeltaSparkWritesThem() throws Exception {
    SchemaLog log = log();
    assertEquals(Optional.empty(), log.latest());
    log.write(0, entry(3, null));
    log.write(1, entry(5, null));
    Path dirOnDisk = dir.resolve("_schema_log_abc");
    String text = Files.readString(dirOnDisk.resolve("0"));
    assertTrue(text.startsWith("v1\n{\"tableId\":\"abc\",\"deltaCommitVersion\":3,"), text);
    assertTrue(!text.contains("previousMetadataSeqNum"), text);
    Files.writeString(dirOnDisk.resolve(".2.tmp"), "partial");
    SchemaLog.Entry latest = log.latest().orElseThrow();
    assertEquals(1, latest.seqNum());
    assertEquals(entry(5, null), latest.metadata());
    assertEquals(entry(3, null), log.previous(latest).orElseThrow());
    assertThrows(IllegalStateException.class, () -> log.write(1, entry(6, null)));
  }

  @Test
  void aCorruptOrNewerEntryIsRefused() throws Exception {
    log().write(0, entry(3, null));
    Path file = dir.resolve("_schema_log_abc").resolve("1");
    Files.writeString(file, "v1\n{\"tableId\":");
    RuntimeException e = assertThrows(RuntimeException.class, () -> log().latest());
    assertEquals("DELTAX_STREAM_SCHEMA_LOG", ((DeltaXThrowable) e).getCondition());
    Files.writeString(file, "v2\n{}");
    e = assertThrows(RuntimeException.class, () -> log().latest());
    assertTrue(e.getMessage().contains("format v2"), e.getMessage());
    Files.writeString(file, "");
    assertThrows(RuntimeException.class, () -> log().latest());
  }
}
