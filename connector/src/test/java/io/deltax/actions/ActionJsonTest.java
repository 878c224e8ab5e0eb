package io.deltax.actions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.deltax.actions.AddFile;
import io.deltax.actions.Protocol;
import java.io.IOException;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ActionJsonTest {
  @Test
  void addWithRowTrackingDeletionVectorAndNullPartitionValue() throws IOException {
    AddFile add = (AddFile) ActionJson.parseLine("{\"add\":{\"path\":\"p=a%20b/part-0.parquet\","
        + "\"partitionValues\":{\"p\":\"a b\",\"q\":null},\"size\":10,\"modificationTime\":5,"
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
    Protocol p = (Protocol) ActionJson.parseLine("{\"protocol\":{\"minReaderVersion\":3,"
        + "\"minWriterVersion\":7,\"readerFeatures\":[\"v2Checkpoint\"],\"writerFeatures\":[\"rowTracking\"]}}");
    assertEquals(Set.of("v2Checkpoint"), p.readerFeatures());
    assertNull(ActionJson.parseLine("{\"cdc\":{\"path\":\"x\"}}"));
    assertNull(ActionJson.parseLine("{\"checkpointMetadata\":{\"version\":3}}"));
    assertThrows(IOException.class, () -> ActionJson.parseLine("{\"add\":{\"path\":"));
  }

  @Test
  void fileActionSummariesReadTheSameFieldsAsFullParsing() throws IOException {
    String line = "{\"add\":{\"path\":\"p=1/a.parquet\",\"partitionValues\":{\"p\":\"1\"},"
        + "\"size\":10,\"stats\":\"{\\\"numRecords\\\":2}\",\"tags\":{\"path\":\"not this\"},"
        + "\"deletionVector\":{\"storageType\":\"u\",\"pathOrInlineDv\":\"x\",\"sizeInBytes\":1,"
        + "\"cardinality\":1},\"baseRowId\":100,\"dataChange\":false}}";
    AddFile full = (AddFile) ActionJson.parseLine(line);
    FileActionSummary summary = ActionJson.parseFileAction(line);
    assertEquals(new FileActionSummary(true, full.path(), full.baseRowId(), full.stats()), summary);
    assertEquals(new FileActionSummary(false, "b.parquet", null, null), ActionJson.parseFileAction(
        "{\"remove\":{\"path\":\"b.parquet\",\"deletionTimestamp\":1,\"dataChange\":true}}"));
    assertNull(ActionJson.parseFileAction("{\"commitInfo\":{\"operation\":\"WRITE\"}}"));
    assertThrows(IOException.class, () -> ActionJson.parseFileAction("{\"add\":{\"path\":"));
    assertThrows(IOException.class, () -> ActionJson.parseFileAction("{\"txn\":{\"appId\":"));
  }
}
