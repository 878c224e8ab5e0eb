package io.deltax.changes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.deltax.conf.ChangeFeedRequest;
import io.deltax.conf.ChangeFeedRequest.ChangeMode;
import io.deltax.errors.DeltaXException;
import io.deltax.log.TransactionLog;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Planning a change feed from a hand-written log: which commits and files count, and bad ranges. */
class ChangeRangePlannerTest {
  private static final String PROTOCOL = "{\"protocol\":{\"minReaderVersion\":1,\"minWriterVersion\":7,"
      + "\"writerFeatures\":[\"rowTracking\",\"domainMetadata\"]}}";
  private static final String SCHEMA = "{\\\"type\\\":\\\"struct\\\",\\\"fields\\\":[{\\\"name\\\":\\\"id\\\","
      + "\\\"type\\\":\\\"long\\\",\\\"nullable\\\":true,\\\"metadata\\\":{}}]}";

  @TempDir
  Path table;

  private static String metadata(boolean rowTracking) {
    return "{\"metaData\":{\"id\":\"t\",\"format\":{\"provider\":\"parquet\",\"options\":{}},"
        + "\"schemaString\":\"" + SCHEMA + "\",\"partitionColumns\":[],"
        + "\"configuration\":{\"delta.enableRowTracking\":\"" + rowTracking + "\"}}}";
  }

  private static String add(String path, boolean dataChange, long baseRowId, long version) {
    return "{\"add\":{\"path\":\"" + path + "\",\"partitionValues\":{},\"size\":10,\"modificationTime\":1,"
        + "\"dataChange\":" + dataChange + ",\"stats\":\"{\\\"numRecords\\\":5}\",\"baseRowId\":" + baseRowId
        + ",\"defaultRowCommitVersion\":" + version + "}}";
  }

  private static String remove(String path, boolean dataChange, long baseRowId, long version) {
    return "{\"remove\":{\"path\":\"" + path + "\",\"deletionTimestamp\":1,\"dataChange\":" + dataChange
        + ",\"extendedFileMetadata\":true,\"partitionValues\":{},\"size\":10,\"baseRowId\":" + baseRowId
        + ",\"defaultRowCommitVersion\":" + version + "}}";
  }

  private void commit(long version, String... lines) throws IOException {
    Path log = Files.createDirectories(table.resolve("_delta_log"));
    Files.writeString(log.resolve(String.format("%020d.json", version)), String.join("\n", lines) + "\n");
  }

  /** v1 appends a, v2 compacts a into b (dataChange false), v3 rewrites b into c, v4 re-adds c as it was. */
  private void history() throws IOException {
    commit(0, PROTOCOL, metadata(true));
    commit(1, add("a", true, 0, 1));
    commit(2, remove("a", false, 0, 1), add("b", false, 0, 1));
    commit(3, remove("b", true, 0, 1), add("c", true, 5, 3));
    commit(4, remove("c", true, 5, 3), add("c", true, 5, 3));
  }

  private ChangeRange plan(long start, Long end) {
    return new ChangeRangePlanner(TransactionLog.open(table.toString(), new Configuration()))
        .plan(new ChangeFeedRequest(start, null, null, end, null, null, ChangeMode.ALL));
  }

  @Test
  void onlyDataChangesCount() throws IOException {
    history();
    ChangeRange range = plan(1, null);
    assertEquals(4, range.end());
    List<CommitChanges> commits = range.commits();
    assertEquals(List.of(1L, 3L), commits.stream().map(CommitChanges::version).toList());
    CommitChanges rewrite = commits.get(1);
    assertTrue(rewrite.rowTracked());
    assertEquals(List.of("b"), rewrite.removed().stream().map(ChangeFile::path).toList());
    assertEquals(List.of("c"), rewrite.added().stream().map(ChangeFile::path).toList());
    assertEquals(5L, rewrite.added().get(0).baseRowId());
    assertTrue(plan(2, 2L).commits().isEmpty(), "a compaction changes no data");
    assertTrue(plan(4, 4L).commits().isEmpty(), "a file removed and re-added as it was");
  }

  @Test
  void commitsBeforeRowTrackingAreFileLevel() throws IOException {
    commit(0, PROTOCOL, metadata(false));
    commit(1, add("a", true, 0, 1));
    commit(2, metadata(true));
    commit(3, add("b", true, 5, 3));
    List<CommitChanges> commits = plan(0, null).commits();
    assertFalse(commits.get(0).rowTracked());
    assertTrue(commits.get(1).rowTracked());
  }

  /**
   * The bounds check what needs no commit's contents (so a load fails early); a range that
   * disables row tracking is refused only when its commits are read, by a batch scan's planning.
   */
  @Test
  void boundsCheckTheHistoryAndTheCommitsTheirContents() throws IOException {
    commit(0, PROTOCOL, metadata(true));
    commit(1, add("a", true, 0, 1));
    commit(2, metadata(false));
    commit(3, add("b", false, 0, 3));
    ChangeRangePlanner planner = new ChangeRangePlanner(TransactionLog.open(table.toString(), new Configuration()));
    ChangeBounds bounds = planner.bounds(new ChangeFeedRequest(1L, null, null, null, null, null, ChangeMode.ALL));
    assertEquals(1, bounds.start());
    assertEquals(3, bounds.end());
    assertEquals(3, bounds.endSnapshot().version());
    DeltaXException disabled = assertThrows(DeltaXException.class, () -> planner.range(bounds));
    assertEquals("DELTAX_UNSUPPORTED_CHANGE_RANGE", disabled.getCondition());
    DeltaXException pastTheEnd = assertThrows(DeltaXException.class,
        () -> planner.bounds(new ChangeFeedRequest(1L, null, null, 5L, null, null, ChangeMode.ALL)));
    assertEquals("DELTAX_CHANGE_RANGE_NOT_AVAILABLE", pastTheEnd.getCondition());
  }

  @Test
  void badRanges() throws IOException {
    history();
    DeltaXException reversed = assertThrows(DeltaXException.class, () -> plan(3, 2L));
    assertEquals("DELTAX_INVALID_CHANGE_RANGE", reversed.getCondition());
    DeltaXException pastTheEnd = assertThrows(DeltaXException.class, () -> plan(3, 7L));
    assertEquals("DELTAX_CHANGE_RANGE_NOT_AVAILABLE", pastTheEnd.getCondition());
    assertTrue(pastTheEnd.getMessage().contains("versions 0 to 4"), pastTheEnd.getMessage());
    commit(5, metadata(false));
    DeltaXException disabled = assertThrows(DeltaXException.class, () -> plan(1, 5L));
    assertEquals("DELTAX_UNSUPPORTED_CHANGE_RANGE", disabled.getCondition());
    assertTrue(disabled.getMessage().contains("across version 5"), disabled.getMessage());
  }
}
