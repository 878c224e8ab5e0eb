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
package io.deltax.changes.plan;

import static io.deltax.errors.DeltaXErrorCondition.DELTAX_CHANGE_RANGE_NOT_AVAILABLE;
import static io.deltax.errors.DeltaXErrorCondition.DELTAX_INVALID_CHANGE_RANGE;
import static io.deltax.errors.DeltaXErrorCondition.DELTAX_UNSUPPORTED_CHANGE_RANGE;
import static io.deltax.testing.TestLog.commit;
import static io.deltax.testing.TestLog.schema;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.deltax.changes.derive.CommitSlice;
import io.deltax.conf.ChangeFeedRequest;
import io.deltax.conf.ChangeFeedRequest.ChangeMode;
import io.deltax.errors.DeltaXAnalysisException;
import io.deltax.log.TransactionLog;
import io.deltax.testing.TestLog;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Planning a change feed from a hand-written log: which commits and files count, and bad ranges.
 */
class ChangeRangePlannerTest {
  private static final String PROTOCOL =
      "{\"protocol\":{\"minReaderVersion\":1,\"minWriterVersion\":7,"
          + "\"writerFeatures\":[\"rowTracking\",\"domainMetadata\"]}}";

  @TempDir Path table;

  private static String metadata(boolean rowTracking) {
    return metadata(rowTracking, schema("id"));
  }

  private static String metadata(boolean rowTracking, String schema) {
    return TestLog.metadata("t", schema, "{\"delta.enableRowTracking\":\"" + rowTracking + "\"}");
  }

  private static String add(String path, boolean dataChange, long baseRowId, long version) {
    return "{\"add\":{\"path\":\""
        + path
        + "\",\"partitionValues\":{},\"size\":10,\"modificationTime\":1,"
        + "\"dataChange\":"
        + dataChange
        + ",\"stats\":\"{\\\"numRecords\\\":5}\",\"baseRowId\":"
        + baseRowId
        + ",\"defaultRowCommitVersion\":"
        + version
        + "}}";
  }

  private static String remove(String path, boolean dataChange, long baseRowId, long version) {
    return "{\"remove\":{\"path\":\""
        + path
        + "\",\"deletionTimestamp\":1,\"dataChange\":"
        + dataChange
        + ",\"extendedFileMetadata\":true,\"partitionValues\":{},\"size\":10,\"baseRowId\":"
        + baseRowId
        + ",\"defaultRowCommitVersion\":"
        + version
        + "}}";
  }

  /**
   * v1 appends a, v2 compacts a into b (dataChange false), v3 rewrites b into c, v4 re-adds c as it
   * was.
   */
  private void history() throws IOException {
    commit(table, 0, PROTOCOL, metadata(true));
    commit(table, 1, add("a", true, 0, 1));
    commit(table, 2, remove("a", false, 0, 1), add("b", false, 0, 1));
    commit(table, 3, remove("b", true, 0, 1), add("c", true, 5, 3));
    commit(table, 4, remove("c", true, 5, 3), add("c", true, 5, 3));
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
    commit(table, 0, PROTOCOL, metadata(false));
    commit(table, 1, add("a", true, 0, 1));
    commit(table, 2, metadata(true));
    commit(table, 3, add("b", true, 5, 3));
    List<CommitChanges> commits = plan(0, null).commits();
    assertFalse(commits.get(0).rowTracked());
    assertTrue(commits.get(1).rowTracked());
  }

  /**
   * A commit with change data files ({@code cdc}) before row tracking is read from them alone
   * (PROTOCOL.md, "Add CDC File", reader requirements); once row tracking is enabled, its commits
   * are matched by row ID, and their change data files are kept for a read that needs no row ID
   * ({@link CommitChanges#asRecorded}, {@link ChangeRange#recordedWhereWritten}).
   */
  @Test
  void changeDataFilesBeforeRowTrackingTellTheChanges() throws IOException {
    String cdc =
        "{\"cdc\":{\"path\":\"_change_data/cdc-1.parquet\",\"partitionValues\":{},\"size\":7,"
            + "\"dataChange\":false}}";
    commit(table, 0, PROTOCOL, metadata(false));
    commit(table, 1, add("a", true, 0, 1));
    commit(table, 2, remove("a", true, 0, 1), add("b", true, 0, 1), cdc);
    commit(table, 3, metadata(true));
    commit(table, 4, remove("b", true, 0, 1), add("c", true, 5, 4), cdc.replace("cdc-1", "cdc-2"));
    // Change data files beside no data change: no change, however the range is read.
    commit(
        table, 5, remove("c", false, 5, 4), add("c2", false, 5, 4), cdc.replace("cdc-1", "cdc-3"));
    List<CommitChanges> commits = plan(0, null).commits();
    assertEquals(List.of(1L, 2L, 4L), commits.stream().map(CommitChanges::version).toList());
    CommitChanges recorded = commits.get(1);
    assertFalse(recorded.rowTracked());
    assertEquals(List.of(), recorded.removed());
    assertEquals(List.of(), recorded.added());
    assertEquals(
        List.of("_change_data/cdc-1.parquet"),
        recorded.changeData().stream().map(ChangeFile::path).toList());
    assertEquals(7, recorded.changeData().get(0).size());
    CommitChanges matched = commits.get(2);
    assertTrue(matched.rowTracked());
    assertEquals(List.of(), matched.changeData());
    assertEquals(List.of("c"), matched.added().stream().map(ChangeFile::path).toList());
    assertEquals(
        List.of("_change_data/cdc-2.parquet"),
        matched.recorded().stream().map(ChangeFile::path).toList());
    List<CommitSlice> slices = CommitSlice.of(recorded, 1, 4);
    assertEquals(1, slices.size(), "one file, one slice");

    CommitChanges asRecorded = matched.asRecorded();
    assertFalse(asRecorded.rowTracked());
    assertEquals(List.of(), asRecorded.removed());
    assertEquals(List.of(), asRecorded.added());
    assertEquals(matched.recorded(), asRecorded.changeData());
    assertEquals(
        commits.get(0), commits.get(0).asRecorded(), "a commit without change data files stays");
    assertEquals(
        List.of(commits.get(0), recorded, asRecorded),
        plan(0, null).recordedWhereWritten().commits());
  }

  /**
   * A commit tagged {@code delta.rowTracking.preserved = false} (delta-spark's mark on a
   * transaction that began before row tracking was enabled) gave its rows fresh row IDs: it is not
   * matched by row ID but read from its change data files, else file-level. Tagged {@code true}, or
   * untagged, it is matched.
   */
  @Test
  void aCommitThatDidNotKeepRowIdsIsNotMatchedByThem() throws IOException {
    String cdc =
        "{\"cdc\":{\"path\":\"_change_data/cdc-1.parquet\",\"partitionValues\":{},\"size\":7,"
            + "\"dataChange\":false}}";
    String notPreserved =
        "{\"commitInfo\":{\"operation\":\"UPDATE\",\"tags\":{\"delta.rowTracking.preserved\":\"false\"}}}";
    commit(table, 0, PROTOCOL, metadata(true));
    commit(table, 1, add("a", true, 0, 1));
    commit(table, 2, notPreserved, remove("a", true, 0, 1), add("b", true, 5, 2), cdc);
    commit(table, 3, notPreserved, remove("b", true, 5, 2), add("c", true, 10, 3));
    commit(
        table,
        4,
        notPreserved.replace("\"false\"", "\"true\""),
        remove("c", true, 10, 3),
        add("d", true, 10, 3));
    commit(table, 5, remove("d", true, 10, 3), add("e", true, 10, 3));
    List<CommitChanges> commits = plan(2, null).commits();
    assertEquals(List.of(2L, 3L, 4L, 5L), commits.stream().map(CommitChanges::version).toList());
    CommitChanges fromChangeData = commits.get(0);
    assertFalse(fromChangeData.rowTracked());
    assertEquals(
        List.of("_change_data/cdc-1.parquet"),
        fromChangeData.changeData().stream().map(ChangeFile::path).toList());
    CommitChanges fileLevel = commits.get(1);
    assertFalse(fileLevel.rowTracked());
    assertEquals(List.of("b"), fileLevel.removed().stream().map(ChangeFile::path).toList());
    assertEquals(List.of("c"), fileLevel.added().stream().map(ChangeFile::path).toList());
    assertTrue(commits.get(2).rowTracked(), "tagged as preserving row IDs");
    assertTrue(commits.get(3).rowTracked(), "untagged");
  }

  /**
   * The bounds check what needs no commit's contents (so a load fails early); a range that disables
   * row tracking is refused only when its commits are read, by a batch scan's planning.
   */
  @Test
  void resolveChecksTheVersionsAndRangeTheCommitsTheirContents() throws IOException {
    commit(table, 0, PROTOCOL, metadata(true));
    commit(table, 1, add("a", true, 0, 1));
    commit(table, 2, metadata(false));
    commit(table, 3, add("b", false, 0, 3));
    ChangeRangePlanner planner =
        new ChangeRangePlanner(TransactionLog.open(table.toString(), new Configuration()));
    ChangeBounds bounds =
        planner.resolve(new ChangeFeedRequest(1L, null, null, null, null, null, ChangeMode.ALL));
    assertEquals(1, bounds.start());
    assertEquals(3, bounds.end());
    assertEquals(3, bounds.endSnapshot().version());
    DeltaXAnalysisException disabled =
        assertThrows(DeltaXAnalysisException.class, () -> planner.range(bounds));
    assertEquals(DELTAX_UNSUPPORTED_CHANGE_RANGE, disabled.condition());
    DeltaXAnalysisException afterTheLatest =
        assertThrows(
            DeltaXAnalysisException.class,
            () ->
                planner.resolve(
                    new ChangeFeedRequest(4L, null, null, 5L, null, null, ChangeMode.ALL)));
    assertEquals(DELTAX_CHANGE_RANGE_NOT_AVAILABLE, afterTheLatest.condition());
  }

  /**
   * A schema the range's rows were written under must fit the last one. The error names the commit
   * that broke it (here the drop at 4, not the added column at 2), and a range starting at that
   * commit is read, as delta-spark reads it: its rows were all written after it.
   */
  @Test
  void aDroppedColumnIsNamedAtItsCommit() throws IOException {
    commit(table, 0, PROTOCOL, metadata(true, schema("id", "v")));
    commit(table, 1, add("a", true, 0, 1));
    commit(table, 2, metadata(true, schema("id", "v", "w")));
    commit(table, 3, add("b", true, 5, 3));
    commit(table, 4, metadata(true, schema("id", "w")));
    commit(table, 5, add("c", true, 10, 5));
    for (long start : new long[] {0, 1, 3}) {
      DeltaXAnalysisException dropped =
          assertThrows(DeltaXAnalysisException.class, () -> plan(start, null));
      assertEquals(DELTAX_UNSUPPORTED_CHANGE_RANGE, dropped.condition());
      assertTrue(
          dropped
                  .getMessage()
                  .contains("across version 4: its schema change drops or renames column v")
              && dropped.getMessage().contains("up to version 3 and from version 4 on"),
          dropped.getMessage());
    }
    assertEquals(
        List.of(5L), plan(4, null).commits().stream().map(CommitChanges::version).toList());
  }

  /**
   * A commit that sets a schema and removes rows at once removed rows written under the schema
   * before it: a range starting there is refused where a column they share changed type, and the
   * error says to start after it. A file removed and re-added as it was is no removed row.
   */
  @Test
  void aSchemaReplacedWithItsRowsNeedsTheSchemaBefore() throws IOException {
    commit(table, 0, PROTOCOL, metadata(true, schema("id", "v")));
    commit(table, 1, add("a", true, 0, 1), add("c", true, 10, 1));
    commit(
        table,
        2,
        metadata(true, schema("id", "v:string")),
        remove("a", true, 0, 1),
        add("b", true, 5, 2));
    DeltaXAnalysisException replaced =
        assertThrows(DeltaXAnalysisException.class, () -> plan(2, null));
    assertTrue(
        replaced.getMessage().contains("across version 2")
            && replaced.getMessage().contains("up to version 1 and from version 3 on"),
        replaced.getMessage());
    commit(table, 3, add("d", true, 20, 3));
    assertEquals(
        List.of(3L), plan(3, null).commits().stream().map(CommitChanges::version).toList());
    commit(
        table,
        4,
        metadata(true, schema("id", "v:int")),
        remove("c", true, 10, 1),
        add("c", true, 10, 1));
    assertTrue(
        plan(4, null).commits().isEmpty(), "c re-added as it was: no row removed, no type to keep");
  }

  /**
   * Two timestamps in order with no commit between them make an empty range, as in delta-spark (the
   * start resolves to the commit after them, the end to the one before); in the wrong order they
   * are refused.
   */
  @Test
  void timestampsBetweenTwoCommitsAreAnEmptyRange() throws IOException {
    history();
    for (long v = 0; v <= 4; v++) {
      Path commit = table.resolve("_delta_log").resolve(String.format("%020d.json", v));
      Files.setLastModifiedTime(commit, FileTime.fromMillis(10_000 * (v + 1)));
    }
    ChangeRangePlanner planner =
        new ChangeRangePlanner(TransactionLog.open(table.toString(), new Configuration()));
    ChangeRange quiet =
        planner.plan(
            new ChangeFeedRequest(null, 32_000L, "32 s", null, 38_000L, "38 s", ChangeMode.ALL));
    assertEquals(3, quiet.start());
    assertEquals(2, quiet.end());
    assertTrue(quiet.commits().isEmpty());
    ChangeRange window =
        planner.plan(
            new ChangeFeedRequest(null, 25_000L, "25 s", null, 45_000L, "45 s", ChangeMode.ALL));
    assertEquals(List.of(3L), window.commits().stream().map(CommitChanges::version).toList());
    DeltaXAnalysisException reversed =
        assertThrows(
            DeltaXAnalysisException.class,
            () ->
                planner.plan(
                    new ChangeFeedRequest(
                        null, 38_000L, "38 s", null, 32_000L, "32 s", ChangeMode.ALL)));
    assertEquals(DELTAX_INVALID_CHANGE_RANGE, reversed.condition());
  }

  /**
   * Commits of the same second (S3's file times) count one millisecond apart, as delta-spark's do;
   * a {@code startingTimestamp} is compared with those times, so the time the feed gave a commit as
   * {@code _commit_timestamp} starts the range at that commit, not at the next.
   */
  @Test
  void aStartingTimestampOfCommitsOfTheSameSecond() throws IOException {
    history();
    for (long v = 0; v <= 4; v++) {
      Path commit = table.resolve("_delta_log").resolve(String.format("%020d.json", v));
      Files.setLastModifiedTime(commit, FileTime.fromMillis(v <= 1 ? 10_000 : 20_000));
    }
    ChangeRangePlanner planner =
        new ChangeRangePlanner(TransactionLog.open(table.toString(), new Configuration()));
    ChangeRange all =
        planner.plan(new ChangeFeedRequest(0L, null, null, null, null, null, ChangeMode.ALL));
    List<Long> times = all.commits().stream().map(CommitChanges::timestampMillis).toList();
    assertEquals(List.of(10_001L, 20_001L), times, "versions 1 and 3");
    for (int i = 0; i < times.size(); i++) {
      ChangeRange from =
          planner.plan(
              new ChangeFeedRequest(
                  null, times.get(i), "the commit's time", null, null, null, ChangeMode.ALL));
      assertEquals(all.commits().get(i).version(), from.start());
    }
    DeltaXAnalysisException after =
        assertThrows(
            DeltaXAnalysisException.class,
            () ->
                planner.plan(
                    new ChangeFeedRequest(
                        null, 20_003L, "after the last", null, null, null, ChangeMode.ALL)));
    assertTrue(after.getMessage().contains("after the last"), after.getMessage());
  }

  /**
   * Before row tracking, a MERGE whose metrics say it inserted, updated and deleted no row changes
   * nothing, as in delta-spark's CDF; one without those metrics is taken at its file actions.
   */
  @Test
  void aMergeThatChangedNoRowIsSkippedAtFileLevel() throws IOException {
    commit(table, 0, PROTOCOL, metadata(false));
    commit(table, 1, add("a", true, 0, 1));
    String noOp =
        "{\"commitInfo\":{\"operation\":\"MERGE\",\"operationMetrics\":{\"numTargetRowsInserted\":\"0\","
            + "\"numTargetRowsUpdated\":\"0\",\"numTargetRowsDeleted\":\"0\",\"numTargetRowsCopied\":\"5\"}}}";
    commit(table, 2, noOp, remove("a", true, 0, 1), add("b", true, 0, 1));
    commit(
        table,
        3,
        noOp.replace("\"numTargetRowsDeleted\":\"0\",", ""),
        remove("b", true, 0, 1),
        add("c", true, 0, 1));
    assertEquals(
        List.of(1L, 3L), plan(0, null).commits().stream().map(CommitChanges::version).toList());
  }

  @Test
  void badRanges() throws IOException {
    history();
    DeltaXAnalysisException reversed =
        assertThrows(DeltaXAnalysisException.class, () -> plan(3, 2L));
    assertEquals(DELTAX_INVALID_CHANGE_RANGE, reversed.condition());
    DeltaXAnalysisException afterTheLatest =
        assertThrows(DeltaXAnalysisException.class, () -> plan(5, null));
    assertEquals(DELTAX_CHANGE_RANGE_NOT_AVAILABLE, afterTheLatest.condition());
    assertTrue(
        afterTheLatest.getMessage().contains("from version 5: the latest version is 4"),
        afterTheLatest.getMessage());
    // An ending version after the latest reads to the latest, as delta-spark's.
    assertEquals(4, plan(3, 7L).end());
    commit(table, 5, metadata(false));
    DeltaXAnalysisException disabled =
        assertThrows(DeltaXAnalysisException.class, () -> plan(1, 5L));
    assertEquals(DELTAX_UNSUPPORTED_CHANGE_RANGE, disabled.condition());
    assertTrue(disabled.getMessage().contains("across version 5"), disabled.getMessage());
  }
}
