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
package io.deltax.streaming;

import io.deltax.actions.AddFile;
import io.deltax.actions.Metadata;
import io.deltax.caching.BoundedLru;
import io.deltax.conf.StreamRequest;
import io.deltax.errors.StreamErrors;
import io.deltax.log.Snapshot;
import io.deltax.log.TransactionLog;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.fs.FileStatus;

/**
 * Which files a stream reads after an offset, as delta-spark's source decides: the initial
 * snapshot's files in a stable order (modification time, then path), then each later commit's
 * data-changing adds. A commit that also removes data fails the stream, unless {@code
 * skipChangeCommits} (the whole commit is skipped), {@code ignoreDeletes} (a commit that adds
 * nothing is skipped) or {@code ignoreChanges} (its adds are read). A new {@code metaData} checks
 * the table id and the schema.
 */
final class StreamFiles {
  /** Commits read recently, so that rate-limited batches and metrics do not read them again. */
  private static final int CACHED_COMMITS = 1000;

  private final String table;
  private final String tableId;

  /** The schema the stream reads with, and which others it reads. */
  private final StreamSchema schema;

  private final StreamRequest request;
  private final MissingCommits missing;

  /** Where a stream with a schema log ends its batches; inactive without one. */
  private final SchemaBarriers barriers;

  private final BoundedLru<Long, CommitFiles> commits = BoundedLru.ofEntries(CACHED_COMMITS);
  private InitialSnapshot initial;

  StreamFiles(
      String table,
      String tableId,
      StreamSchema schema,
      StreamRequest request,
      MissingCommits missing,
      SchemaBarriers barriers) {
    this.table = table;
    this.tableId = tableId;
    this.schema = schema;
    this.request = request;
    this.missing = missing;
    this.barriers = barriers;
  }

  /** What a micro-batch admits, and the offset after it. */
  record Admission(List<IndexedFile> files, DeltaXSourceOffset end) {
    long bytes() {
      return files.stream().mapToLong(f -> f.add().size()).sum();
    }
  }

  /**
   * The files after {@code from}, up to {@code lastVersion} and {@code upTo} (null: no bound), at
   * most {@code maxFiles} and, softly, {@code maxBytes} (at least one file).
   */
  synchronized Admission admit(
      TransactionLog log,
      DeltaXSourceOffset from,
      long lastVersion,
      DeltaXSourceOffset upTo,
      long maxFiles,
      long maxBytes) {
    List<IndexedFile> out = new ArrayList<>();
    long[] bytes = {0};
    DeltaXSourceOffset end = from;
    long firstCommit = from.version();
    if (from.isInitialSnapshot()) {
      List<AddFile> files = snapshotFiles(log, from.version());
      for (int i = (int) from.index() + 1; i < files.size(); i++) {
        IndexedFile f = new IndexedFile(from.version(), i, true, files.get(i));
        if (!fits(out, bytes, f, upTo, maxFiles, maxBytes)) {
          return new Admission(out, end);
        }
        end = f.offset(tableId);
      }
      end = DeltaXSourceOffset.before(tableId, from.version() + 1);
      firstCommit = from.version() + 1;
    }
    for (long v = firstCommit; v <= lastVersion; v++) {
      long readable = missing.readableFrom(log, v, lastVersion);
      if (readable != v) {
        if (upTo != null && !upTo.covers(readable, DeltaXSourceOffset.BASE_INDEX)) {
          return new Admission(out, end);
        }
        v = readable; // failOnDataLoss = false: what clean-up removed is passed over
        end = DeltaXSourceOffset.before(tableId, v);
        if (v > lastVersion) {
          break;
        }
      }
      if (upTo != null && !upTo.covers(v, 0)) {
        return new Admission(out, end);
      }
      if (upTo == null && barriers.stopsAt(commit(log, v))) {
        // As delta-spark's: a batch ends before a metadata change, so none mixes two schemas. A
        // commit that also removes rows the stream cannot skip is refused first, as there (an
        // overwrite that changes the schema or the partition columns).
        checkRemoves(commit(log, v));
        return new Admission(out, DeltaXSourceOffset.metadataChange(tableId, v));
      }
      List<AddFile> adds = filesOf(log, v);
      // Index 0 on: an offset before a version's files, at its metadata change too, is negative.
      long first =
          v == from.version() && !from.isInitialSnapshot() ? Math.max(0, from.index() + 1) : 0;
      for (long i = first; i < adds.size(); i++) {
        IndexedFile f = new IndexedFile(v, i, false, adds.get((int) i));
        if (!fits(out, bytes, f, upTo, maxFiles, maxBytes)) {
          return new Admission(out, end);
        }
        end = f.offset(tableId);
      }
      end = DeltaXSourceOffset.before(tableId, v + 1);
    }
    return new Admission(out, end);
  }

  /** Adds {@code f} when the limits leave room (the first file always fits). */
  private static boolean fits(
      List<IndexedFile> out,
      long[] bytes,
      IndexedFile f,
      DeltaXSourceOffset upTo,
      long maxFiles,
      long maxBytes) {
    if (upTo != null && !upTo.covers(f.version(), f.index())) {
      return false;
    }
    if (!out.isEmpty() && (out.size() >= maxFiles || bytes[0] >= maxBytes)) {
      return false;
    }
    out.add(f);
    bytes[0] += f.add().size();
    return true;
  }

  /** The snapshot the stream started with, for reading its files with its row tracking fields. */
  synchronized Optional<Snapshot> initialSnapshot(long version) {
    return initial != null && initial.version() == version
        ? Optional.of(initial.snapshot())
        : Optional.empty();
  }

  private List<AddFile> snapshotFiles(TransactionLog log, long version) {
    if (initial == null || initial.version() != version) {
      Snapshot s = log.snapshotAt(version);
      checkMetadata(s.metadata(), version);
      initial = InitialSnapshot.of(s);
    }
    return initial.files();
  }

  /** The files commit {@code version} gives the stream, after the rules on removes. */
  private List<AddFile> filesOf(TransactionLog log, long version) {
    CommitFiles commit = commit(log, version);
    if (commit.metadata() != null) {
      checkMetadata(commit.metadata(), version);
    }
    checkRemoves(commit);
    if (!commit.removesData()) {
      return commit.adds();
    }
    if (request.skipChangeCommits() || (request.ignoreDeletes() && commit.adds().isEmpty())) {
      return List.of();
    }
    return commit.adds(); // ignoreChanges, as delta-spark's: the rewritten files' rows come again
  }

  /** Fails on a commit that removes rows where no option lets the stream pass over it. */
  private void checkRemoves(CommitFiles commit) {
    if (commit.removesData()
        && !request.skipChangeCommits()
        && !(request.ignoreDeletes() && commit.adds().isEmpty())
        && !request.ignoreChanges()) {
      throw StreamErrors.streamDataRemoved(table, commit.version(), commit.operation());
    }
  }

  CommitFiles commit(TransactionLog log, long version) {
    CommitFiles cached = commits.get(version);
    if (cached != null) {
      return cached;
    }
    // admit() made sure the log holds it (MissingCommits).
    FileStatus file = log.listing().commit(version).orElseThrow();
    CommitFiles read = CommitFiles.read(log, file, version);
    commits.put(version, read);
    return read;
  }

  /** The same table, and a schema the stream's rows can still be read with. */
  void checkMetadata(Metadata metadata, long version) {
    checkTableId(metadata);
    if (!barriers.active()) {
      schema.readsWithStreamSchema(metadata, version); // with a schema log, batches end before
    }
  }

  /** The table at the path is still the stream's (a table replaced there has a new id). */
  void checkTableId(Metadata metadata) {
    if (!tableId.equals(metadata.id())) {
      throw StreamErrors.streamTableChanged(table, tableId, metadata.id());
    }
  }
}
