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
package io.deltax.actions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ActionJsonTest {
  @Test
  void addWithRowTrackingDeletionVectorAndNullPartitionValue() throws IOException {
    AddFile add =
        (AddFile)
            ActionJson.parseLine(
                "{\"add\":{\"path\":\"p=a%20b/part-0.parquet\",\"partitionValues\":{\"p\":\"a"
                    + " b\",\"q\":null},\"size\":10,\"modificationTime\":5,"
                    + "\"dataChange\":false,\"stats\":\"{\\\"numRecords\\\":2}\",\"tags\":{\"k\":\"v\"},"
                    + "\"deletionVector\":{\"storageType\":\"u\",\"pathOrInlineDv\":\"ab^-aqEH.-t@S}K{vb[*k^\","
                    + "\"offset\":4,\"sizeInBytes\":40,\"cardinality\":6},"
                    + "\"baseRowId\":100,\"defaultRowCommitVersion\":3}}");
    assertEquals("p=a%20b/part-0.parquet", add.path());
    assertEquals("a b", add.partitionValues().get("p"));
    assertNull(add.partitionValues().get("q"));
    assertEquals(100L, add.baseRowId());
    assertEquals(3L, add.defaultRowCommitVersion());
    assertEquals("uab^-aqEH.-t@S}K{vb[*k^@4", add.deletionVectorId());
    assertEquals("{\"numRecords\":2}", add.stats());
  }

  @Test
  void protocolFeaturesAndUnknownActions() throws IOException {
    Protocol p =
        (Protocol)
            ActionJson.parseLine(
                "{\"protocol\":{\"minReaderVersion\":3,"
                    + "\"minWriterVersion\":7,\"readerFeatures\":[\"v2Checkpoint\"],\"writerFeatures\":[\"rowTracking\"]}}");
    assertEquals(Set.of("v2Checkpoint"), p.readerFeatures());
    assertEquals(
        new AddCDCFile("_change_data/c.parquet", Map.of("p", "1"), 12, false, Map.of()),
        ActionJson.parseLine(
            "{\"cdc\":{\"path\":\"_change_data/c.parquet\",\"partitionValues\":{\"p\":\"1\"},"
                + "\"size\":12,\"dataChange\":false}}"));
    assertNull(ActionJson.parseLine("{\"checkpointMetadata\":{\"version\":3}}"));
    assertThrows(IOException.class, () -> ActionJson.parseLine("{\"add\":{\"path\":"));
  }

  @Test
  void fileActionSummariesReadTheSameFieldsAsFullParsing() throws IOException {
    String line =
        "{\"add\":{\"path\":\"p=1/a.parquet\",\"partitionValues\":{\"p\":\"1\"},\"size\":10,\"stats\":\"{\\\"numRecords\\\":2}\",\"tags\":{\"path\":\"not"
            + " this\"},"
            + "\"deletionVector\":{\"storageType\":\"u\",\"pathOrInlineDv\":\"x\",\"sizeInBytes\":1,"
            + "\"cardinality\":1},\"baseRowId\":100,\"dataChange\":false}}";
    AddFile full = (AddFile) ActionJson.parseLine(line);
    FileActionSummary summary = ActionJson.parseFileAction(line);
    assertEquals(new FileActionSummary(true, full.path(), full.baseRowId(), full.stats()), summary);
    assertEquals(
        new FileActionSummary(false, "b.parquet", null, null),
        ActionJson.parseFileAction(
            "{\"remove\":{\"path\":\"b.parquet\",\"deletionTimestamp\":1,\"dataChange\":true}}"));
    assertNull(ActionJson.parseFileAction("{\"commitInfo\":{\"operation\":\"WRITE\"}}"));
    assertThrows(IOException.class, () -> ActionJson.parseFileAction("{\"add\":{\"path\":"));
    assertThrows(IOException.class, () -> ActionJson.parseFileAction("{\"txn\":{\"appId\":"));
  }

  /**
   * Lines as deltax has always written them: field order, and fields left out where null or empty.
   */
  @Test
  void writesTheLinesItAlwaysWrote() throws IOException {
    Map<String, String> partition = new LinkedHashMap<>();
    partition.put("p", "a b");
    partition.put("q", null);
    assertEquals(
        "{\"add\":{\"path\":\"p=a%20b/part-0.parquet\",\"partitionValues\":{\"p\":\"a"
            + " b\",\"q\":null},"
            + "\"size\":10,\"modificationTime\":5,\"dataChange\":false,\"stats\":\"{\\\"numRecords\\\":2}\","
            + "\"tags\":{\"k\":\"v\"},\"deletionVector\":{\"storageType\":\"u\",\"pathOrInlineDv\":"
            + "\"ab^-aqEH.-t@S}K{vb[*k^\",\"offset\":4,\"sizeInBytes\":40,\"cardinality\":6,\"maxRowIndex\":9},"
            + "\"baseRowId\":100,\"defaultRowCommitVersion\":3,\"clusteringProvider\":\"liquid\"}}",
        roundTrip(
            new AddFile(
                "p=a%20b/part-0.parquet",
                partition,
                10,
                5,
                false,
                "{\"numRecords\":2}",
                Map.of("k", "v"),
                new DeletionVectorDescriptor("u", "ab^-aqEH.-t@S}K{vb[*k^", 4, 40, 6L, 9L),
                100L,
                3L,
                "liquid")));
    assertEquals(
        "{\"add\":{\"path\":\"x.parquet\",\"partitionValues\":{},\"size\":10,\"modificationTime\":5,"
            + "\"dataChange\":true,\"deletionVector\":{\"storageType\":\"i\",\"pathOrInlineDv\":\"wi5b=0\","
            + "\"sizeInBytes\":40,\"cardinality\":6}}}",
        roundTrip(
            new AddFile(
                "x.parquet",
                Map.of(),
                10,
                5,
                true,
                null,
                Map.of(),
                new DeletionVectorDescriptor("i", "wi5b=0", null, 40, 6L, null),
                null,
                null,
                null)));
    assertEquals(
        "{\"protocol\":{\"minReaderVersion\":1,\"minWriterVersion\":2}}",
        roundTrip(new Protocol(1, 2, Set.of(), Set.of())));
    assertEquals(
        "{\"protocol\":{\"minReaderVersion\":1,\"minWriterVersion\":7,"
            + "\"writerFeatures\":[\"rowTracking\",\"domainMetadata\"]}}",
        roundTrip(
            new Protocol(
                1, 7, Set.of(), new LinkedHashSet<>(List.of("rowTracking", "domainMetadata")))));
    assertEquals(
        "{\"protocol\":{\"minReaderVersion\":3,\"minWriterVersion\":7,\"readerFeatures\":"
            + "[\"deletionVectors\"],\"writerFeatures\":[\"deletionVectors\"]}}",
        roundTrip(new Protocol(3, 7, Set.of("deletionVectors"), Set.of("deletionVectors"))));
    Map<String, String> conf = new LinkedHashMap<>();
    conf.put("delta.enableRowTracking", "true");
    conf.put("k", "v");
    assertEquals(
        "{\"metaData\":{\"id\":\"id-1\",\"name\":\"name\",\"description\":\"desc\",\"format\":"
            + "{\"provider\":\"parquet\",\"options\":{}},\"schemaString\":\"{}\",\"partitionColumns\":[\"p\",\"q\"],"
            + "\"configuration\":{\"delta.enableRowTracking\":\"true\",\"k\":\"v\"},\"createdTime\":123}}",
        roundTrip(
            new Metadata("id-1", "name", "desc", "parquet", "{}", List.of("p", "q"), conf, 123L)));
    assertEquals(
        "{\"metaData\":{\"id\":\"id-1\",\"format\":{\"provider\":\"parquet\",\"options\":{}},"
            + "\"schemaString\":\"{}\",\"partitionColumns\":[],\"configuration\":{}}}",
        roundTrip(new Metadata("id-1", null, null, "parquet", "{}", List.of(), Map.of(), null)));
    assertEquals(
        "{\"domainMetadata\":{\"domain\":\"d\",\"configuration\":\"{}\",\"removed\":false}}",
        roundTrip(new DomainMetadata("d", "{}", false)));
    assertEquals(
        "{\"txn\":{\"appId\":\"app\",\"version\":3,\"lastUpdated\":9}}",
        roundTrip(new SetTransaction("app", 3, 9L)));
    assertEquals(
        "{\"sidecar\":{\"path\":\"s.parquet\",\"sizeInBytes\":1,\"modificationTime\":2}}",
        roundTrip(new Sidecar("s.parquet", 1, 2)));
    assertEquals(
        "{\"remove\":{\"path\":\"r.parquet\",\"deletionTimestamp\":4,\"dataChange\":true,"
            + "\"extendedFileMetadata\":false}}",
        roundTrip(
            new RemoveFile("r.parquet", null, 4L, true, false, null, null, Map.of(), null, null)));
  }

  @Test
  void absentFieldsReadAsTheSchemaSays() throws IOException {
    assertEquals(new Protocol(1, 2, Set.of(), Set.of()), ActionJson.parseLine("{\"protocol\":{}}"));
    assertEquals(
        new Metadata("m", null, null, "parquet", null, List.of(), Map.of(), null),
        ActionJson.parseLine("{\"metaData\":{\"id\":\"m\",\"name\":null}}"));
    assertEquals(
        new AddFile("a", Map.of(), 0, 0, true, null, Map.of(), null, null, null, null),
        ActionJson.parseLine("{\"add\":{\"path\":\"a\"}}"));
  }

  @Test
  void commitInfoKeepsWhatHistoryShows() throws IOException {
    CommitInfo info =
        (CommitInfo)
            ActionJson.parseLine(
                "{\"commitInfo\":{\"timestamp\":5,\"userId\":\"u\",\"userName\":\"n\","
                    + "\"operation\":\"OPTIMIZE\",\"operationParameters\":{\"predicate\":\"[]\","
                    + "\"auto\":false,\"n\":3,\"none\":null},\"job\":{\"jobId\":\"j\","
                    + "\"triggerType\":\"manual\"},\"notebook\":{\"notebookId\":\"nb\"},"
                    + "\"clusterId\":\"c\",\"readVersion\":4,\"isolationLevel\":\"Serializable\","
                    + "\"isBlindAppend\":false,\"operationMetrics\":{},\"userMetadata\":\"m\","
                    + "\"engineInfo\":\"e\",\"txnId\":\"t\"}}");
    Map<String, String> parameters = new java.util.HashMap<>();
    parameters.put("predicate", "[]");
    parameters.put("auto", "false");
    parameters.put("n", "3");
    parameters.put("none", null);
    assertEquals(
        new CommitInfo(
            null,
            5L,
            "u",
            "n",
            "OPTIMIZE",
            parameters,
            new CommitInfo.Job("j", null, null, null, null, "manual"),
            new CommitInfo.Notebook("nb"),
            "c",
            4L,
            "Serializable",
            false,
            Map.of(),
            "m",
            Map.of(),
            "e"),
        info);
    assertEquals(CommitInfo.NONE, ActionJson.parseLine("{\"commitInfo\":{}}"));
    assertNull(CommitInfo.NONE.operationMetrics(), "absent, not empty");
  }

  /** The line written, after checking that it parses back to the action. */
  private static String roundTrip(Action action) throws IOException {
    String line = ActionJson.toJson(action);
    assertEquals(action, ActionJson.parseLine(line), line);
    return line;
  }
}
