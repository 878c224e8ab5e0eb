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

import io.deltax.actions.ActionJson;
import io.deltax.actions.Metadata;
import io.deltax.actions.Protocol;
import io.deltax.conf.SchemaTrackingRequest;
import io.deltax.errors.DeltaXRuntimeException;
import io.deltax.log.TransactionLog;
import io.deltax.testing.TestLog;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Consecutive commits that change only the metadata, merged into one schema log entry as
 * delta-spark merges them: on a log written by hand, the run's end, the entry it gives, and the
 * entry a load logs (or, with merging off, does not).
 */
class ConsecutiveMetadataChangesTest {
  @TempDir Path dir;

  private static final String PROTOCOL_3_7 =
      "{\"protocol\":{\"minReaderVersion\":3,\"minWriterVersion\":7,"
          + "\"readerFeatures\":[],\"writerFeatures\":[]}}";

  private static final Configuration CONF = new Configuration();

  private static <T> T parse(String line, Class<T> type) throws Exception {
    return type.cast(ActionJson.parseLine(line));
  }

  /**
   * v0 creates the table and adds a file; v1 and v2 change the schema, v3 the protocol, all without
   * files; v4 rewrites a file with {@code dataChange = false}; v5 changes the schema alone.
   */
  private TransactionLog table() throws Exception {
    TestLog.commit(dir, 0, TestLog.PROTOCOL, TestLog.metadata("t"), TestLog.add("a"));
    TestLog.commit(dir, 1, TestLog.metadata("t", TestLog.schema("v", "w"), "{}"));
    TestLog.commit(dir, 2, TestLog.metadata("t", TestLog.schema("w"), "{\"k\":\"2\"}"));
    TestLog.commit(dir, 3, PROTOCOL_3_7);
    TestLog.commit(dir, 4, TestLog.add("b", false));
    TestLog.commit(dir, 5, TestLog.metadata("t", TestLog.schema("x"), "{}"));
    return TransactionLog.open(dir.toString(), CONF);
  }

  private static PersistedMetadata entry(long version, String metadataLine) throws Exception {
    return PersistedMetadata.of(
        version,
        parse(metadataLine, Metadata.class),
        parse(TestLog.PROTOCOL, Protocol.class),
        "file:/ckpt/sources/0");
  }

  @Test
  void theRunEndsBeforeACommitWithFilesOrAtTheLatest() throws Exception {
    TransactionLog log = table();
    // From a commit that added a file: no run.
    assertEquals(
        Optional.empty(),
        ConsecutiveMetadataChanges.merged(log, entry(0, TestLog.metadata("t")), -1));
    // From v1: v1 to v3, with the metadata of v2 (the run's last) and the protocol of v3.
    String two = TestLog.metadata("t", TestLog.schema("w"), "{\"k\":\"2\"}");
    PersistedMetadata atOne = entry(1, TestLog.metadata("t", TestLog.schema("v", "w"), "{}"));
    PersistedMetadata merged = ConsecutiveMetadataChanges.merged(log, atOne, 0).orElseThrow();
    assertEquals(3, merged.deltaCommitVersion());
    assertEquals(entry(2, two).dataSchemaJson(), merged.dataSchemaJson());
    assertEquals(entry(2, two).tableConfigurations(), merged.tableConfigurations());
    assertEquals(parse(PROTOCOL_3_7, Protocol.class), merged.protocol(null));
    assertEquals(atOne.tableId(), merged.tableId());
    assertEquals(atOne.sourceMetadataPath(), merged.sourceMetadataPath());
    assertEquals(0L, merged.previousMetadataSeqNum());
    // A file rewritten without a data change ends the run too; so does the latest version.
    assertEquals(
        Optional.empty(),
        ConsecutiveMetadataChanges.merged(log, entry(4, TestLog.metadata("t")), 3));
    assertEquals(
        Optional.empty(),
        ConsecutiveMetadataChanges.merged(log, entry(5, TestLog.metadata("t")), 4));
  }

  @Test
  void aLoadReadsTheMergedEntryAndTheStreamLogsIt() throws Exception {
    table();
    Path root = dir.resolve("_schema");
    SchemaLog log = new SchemaLog("t", SchemaLog.directory(root.toString(), "t", null), CONF);
    log.write(0, entry(0, TestLog.metadata("t")));
    log.write(1, entry(1, TestLog.metadata("t", TestLog.schema("v", "w"), "{}")));
    String table = dir.toString();
    TransactionLog tableLog = TransactionLog.open(table, CONF);

    SchemaTrackingRequest off =
        new SchemaTrackingRequest(root.toString(), null, null, null, null, false);
    assertEquals(
        1,
        SchemaTracking.latestEntry(table, tableLog, "t", off, CONF)
            .orElseThrow()
            .deltaCommitVersion());

    SchemaTrackingRequest on =
        new SchemaTrackingRequest(root.toString(), null, null, null, null, true);
    PersistedMetadata merged =
        SchemaTracking.latestEntry(table, tableLog, "t", on, CONF).orElseThrow();
    assertEquals(3, merged.deltaCommitVersion());
    // A load writes nothing: it may be a batch read's.
    assertEquals(1, log.latest().orElseThrow().seqNum());

    // A stream that reads with another schema (the table moved on since its load) logs nothing.
    String source = dir.resolve("sources").resolve("0").toString();
    Metadata first = (Metadata) ActionJson.parseLine(TestLog.metadata("t"));
    SchemaTracking.open(table, tableLog, "t", on, source, CONF, key -> null, first);
    assertEquals(1, log.latest().orElseThrow().seqNum());

    // The merged run drops 'v': logged, then blocked until unblocked.
    Metadata read = merged.metadata(first);
    assertThrows(
        DeltaXRuntimeException.class,
        () -> SchemaTracking.open(table, tableLog, "t", on, source, CONF, key -> null, read));
    SchemaLog.Entry latest = log.latest().orElseThrow();
    assertEquals(2, latest.seqNum());
    assertEquals(merged, latest.metadata());
    // It points back at the entry before the run: a restart compares the two.
    assertEquals(0, latest.metadata().previousMetadataSeqNum());
    assertEquals(log.at(0), log.previous(latest));
    String text = Files.readString(root.resolve("_schema_log_t").resolve("2"));
    assertTrue(text.endsWith(",\"previousMetadataSeqNum\":0}"), text);
    // Started again: nothing more to merge.
    assertEquals(merged, SchemaTracking.latestEntry(table, tableLog, "t", on, CONF).orElseThrow());
    SchemaTracking.open(table, tableLog, "t", on, source, CONF, key -> "always", read);
    assertEquals(2, log.latest().orElseThrow().seqNum());
  }
}
