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
package io.deltax.log;

import com.fasterxml.jackson.databind.JsonNode;
import io.deltax.actions.Action;
import io.deltax.actions.ActionJson;
import io.deltax.actions.ActionSchema;
import io.deltax.actions.CommitInfo;
import io.deltax.actions.FileActionSummary;
import io.deltax.actions.LogFileOpener;
import io.deltax.actions.ParquetActionReader;
import io.deltax.errors.DeltaXErrors;
import io.deltax.errors.DeltaXThrowable;
import java.io.BufferedReader;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.InterruptedIOException;
import java.lang.ref.SoftReference;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.function.Function;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.parquet.io.InputFile;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads the files of one table's log: commit files line by line (every action, all but the file
 * actions, file-action summaries, or the first line's {@code commitInfo}), long runs of commits on
 * a few threads, and Parquet checkpoint files. A file that cannot be read is a corrupt log, named
 * in the error. What the actions mean is for {@link TransactionLog} and {@link LogReplay}.
 */
final class LogFiles {
  private static final Logger LOG = LoggerFactory.getLogger(LogFiles.class);

  /** Commits at least this many are read by several threads at once. */
  private static final int PARALLEL_FROM = 8;

  private static final int READ_THREADS = 8;

  /**
   * Reading a commit is mostly waiting for the file system (a round trip per file on object
   * stores), so a few threads overlap the waits of a long run of commits.
   */
  private static final ExecutorService COMMIT_READERS =
      Executors.newFixedThreadPool(
          READ_THREADS,
          runnable -> {
            Thread t = new Thread(runnable, "deltax-commit-reader");
            t.setDaemon(true);
            // Not the context of whichever caller happened to start the thread.
            t.setContextClassLoader(LogFiles.class.getClassLoader());
            return t;
          });

  private final Configuration conf;
  private final FileSystem fs;
  private final Path tableRoot;

  /**
   * Small Parquet checkpoint files read whole for their protocol and metadata, kept for the one
   * read of their file actions that a scan makes next: the checkpoint is fetched once, not twice.
   * Soft, so a snapshot never scanned does not pin its checkpoint's bytes under memory pressure.
   */
  private final Map<Path, SoftReference<InputFile>> readWhole = new ConcurrentHashMap<>();

  /** Log files opened (commits, checkpoint files, sidecars): a load's "log files read" metric. */
  private final AtomicLong filesRead = new AtomicLong();

  LogFiles(Configuration conf, FileSystem fs, Path tableRoot) {
    this.conf = conf;
    this.fs = fs;
    this.tableRoot = tableRoot;
  }

  /** The log files this listing's reads opened so far; a checkpoint's kept bytes count once. */
  long filesRead() {
    return filesRead.get();
  }

  /** The actions of one commit, kept until a snapshot's file list is replayed. */
  record CommitActions(long version, List<Action> actions) {}

  /** Every action of each commit, newest commit first. */
  List<CommitActions> readCommitsNewestFirst(List<FileStatus> files) {
    List<FileStatus> newestFirst = new ArrayList<>(files);
    Collections.reverse(newestFirst);
    return readEach(newestFirst, this::readCommitActions);
  }

  /** The {@code commitInfo} of each commit ({@link #commitInfo}), in the order given. */
  List<Optional<CommitInfo>> commitInfos(List<FileStatus> commits) {
    return readEach(commits, this::commitInfo);
  }

  /** {@code read} of each file, in the order given; a long run read by several threads. */
  private <T> List<T> readEach(List<FileStatus> files, Function<FileStatus, T> read) {
    List<T> results = new ArrayList<>(files.size());
    if (files.size() < PARALLEL_FROM) {
      for (FileStatus file : files) {
        results.add(read.apply(file));
      }
      return results;
    }
    List<CompletableFuture<T>> reads = new ArrayList<>(files.size());
    for (FileStatus file : files) {
      reads.add(CompletableFuture.supplyAsync(() -> read.apply(file), COMMIT_READERS));
    }
    try {
      for (CompletableFuture<T> r : reads) {
        results.add(r.get());
      }
    } catch (ExecutionException e) {
      reads.forEach(r -> r.cancel(false));
      if (e.getCause() instanceof RuntimeException r) {
        throw r;
      }
      if (e.getCause() instanceof Error error) {
        throw error;
      }
      throw new IllegalStateException(e.getCause());
    } catch (InterruptedException e) {
      reads.forEach(r -> r.cancel(false));
      Thread.currentThread().interrupt();
      throw DeltaXErrors.fileSystemError(
          tableRoot.toString(), new InterruptedIOException("interrupted while reading the log"));
    }
    return results;
  }

  private CommitActions readCommitActions(FileStatus file) {
    List<Action> actions = new ArrayList<>();
    readCommit(file, actions::add);
    return new CommitActions(LogFileName.parse(file.getPath().getName()).version(), actions);
  }

  /** Every action of one commit file (or V2 JSON checkpoint). */
  void readCommit(FileStatus file, Consumer<Action> sink) {
    readLines(file, ActionJson::parseLine, sink);
  }

  /**
   * The actions of one commit but its {@code add}, {@code remove} and {@code cdc} lines, which are
   * left unparsed where they start as writers start them: for questions about everything but files.
   */
  void readCommitWithoutFileActions(FileStatus file, Consumer<Action> sink) {
    readLines(
        file,
        line ->
            line.startsWith("{\"add\":")
                    || line.startsWith("{\"remove\":")
                    || line.startsWith("{\"cdc\":")
                ? null
                : ActionJson.parseLine(line),
        sink);
  }

  /**
   * The {@code add} and {@code remove} actions of one commit, each read for path, row ID, stats.
   */
  void readFileActions(FileStatus file, Consumer<FileActionSummary> sink) {
    readLines(file, ActionJson::parseFileAction, sink);
  }

  /**
   * The in-commit timestamp of one commit: with in-commit timestamps enabled, {@code commitInfo}
   * must be the commit's first action (PROTOCOL.md, "Writer Requirements for In-Commit
   * Timestamps"), so only the first line is read.
   */
  Optional<Long> inCommitTimestamp(FileStatus commit) {
    return firstCommitInfo(commit).map(CommitInfo::inCommitTimestamp);
  }

  /**
   * The in-commit timestamp that the checksum file of {@code version} records ({@code
   * inCommitTimestampOpt}), read where the version's commit file is gone, as delta-spark reads it.
   * A checksum file is optional (PROTOCOL.md, "Version Checksum File"), so a missing or unreadable
   * one is no answer, not an error.
   */
  Optional<Long> checksumInCommitTimestamp(long version) {
    Path file = new Path(LogFileName.logDir(tableRoot), LogFileName.checksumName(version));
    try (InputStream in = fs.open(file)) {
      JsonNode checksum = ActionJson.MAPPER.readTree(in);
      JsonNode timestamp = checksum == null ? null : checksum.get("inCommitTimestampOpt");
      return timestamp != null && timestamp.isIntegralNumber()
          ? Optional.of(timestamp.asLong())
          : Optional.empty();
    } catch (FileNotFoundException e) {
      return Optional.empty();
    } catch (IOException e) {
      LOG.warn("Ignoring {}: {}", file, e.toString());
      return Optional.empty();
    }
  }

  /**
   * The {@code commitInfo} of one commit. Writers put it first (delta-spark always does), so
   * reading stops at it; a commit that holds it later is read on in the same pass, so it counts as
   * one log file read.
   */
  Optional<CommitInfo> commitInfo(FileStatus commit) {
    return findCommitInfo(commit, false);
  }

  private Optional<CommitInfo> firstCommitInfo(FileStatus commit) {
    return findCommitInfo(commit, true);
  }

  /** The commit's {@code commitInfo}: its first action only, or the first one anywhere. */
  private Optional<CommitInfo> findCommitInfo(FileStatus commit, boolean firstActionOnly) {
    try (BufferedReader reader = open(commit)) {
      boolean any = false;
      String line;
      while ((line = reader.readLine()) != null) {
        if (line.isBlank()) {
          continue;
        }
        any = true;
        Action action = ActionJson.parseLine(line);
        if (action instanceof CommitInfo info) {
          return Optional.of(info);
        }
        if (firstActionOnly) {
          return Optional.empty();
        }
      }
      if (!any) {
        throw emptyCommit(commit);
      }
      return Optional.empty();
    } catch (IOException e) {
      throw DeltaXErrors.corruptLogFile(commit.getPath().toString(), e.toString(), e);
    }
  }

  /** The actions of the kinds given in one Parquet checkpoint or sidecar file. */
  void readParquet(Path file, List<ActionSchema<? extends Action>> actions, Consumer<Action> sink) {
    try {
      filesRead.incrementAndGet();
      ParquetActionReader.read(conf, file, actions, sink);
    } catch (IOException | RuntimeException e) {
      throw corrupt(file, e);
    }
  }

  /** As {@link #readParquet(Path, List, Consumer)}, for a file the listing describes (no HEAD). */
  void readParquet(
      FileStatus file, List<ActionSchema<? extends Action>> actions, Consumer<Action> sink) {
    try {
      SoftReference<InputFile> kept = readWhole.remove(file.getPath());
      InputFile read = kept == null ? null : kept.get();
      if (read == null || read.getLength() != file.getLen()) {
        filesRead.incrementAndGet();
        read = ParquetActionReader.open(conf, file);
      }
      ParquetActionReader.read(read, file, actions, sink);
    } catch (IOException | RuntimeException e) {
      throw corrupt(file.getPath(), e);
    }
  }

  /** The protocol and metadata of one Parquet checkpoint file, the other rows skipped. */
  void readParquetProtocolAndMetadata(FileStatus file, Consumer<Action> sink) {
    try {
      filesRead.incrementAndGet();
      InputFile input = ParquetActionReader.open(conf, file);
      if (ParquetActionReader.readsWhole(file)) {
        readWhole.put(file.getPath(), new SoftReference<>(input));
      }
      ParquetActionReader.readProtocolAndMetadata(input, file, sink);
    } catch (IOException | RuntimeException e) {
      throw corrupt(file.getPath(), e);
    }
  }

  private static RuntimeException emptyCommit(FileStatus file) {
    return DeltaXErrors.corruptLogFile(
        file.getPath().toString(),
        "it holds no action (" + file.getLen() + " bytes), but every commit holds at least one",
        null);
  }

  private static RuntimeException corrupt(Path file, Exception e) {
    return e instanceof DeltaXThrowable && e instanceof RuntimeException dx
        ? dx
        : DeltaXErrors.corruptLogFile(file.toString(), e.toString(), e);
  }

  /** Reads one line of a commit file into what a caller wants of it; null leaves the line out. */
  private interface LineParser<T> {
    T parse(String line) throws IOException;
  }

  /**
   * The lines of one commit file, each parsed; a line that is not valid JSON is a corrupt log, and
   * so is a file without any: every commit holds at least one action, so an empty one was cut
   * short, and reading it as no actions would silently give a wrong table.
   */
  private <T> void readLines(FileStatus file, LineParser<T> parser, Consumer<T> sink) {
    try (BufferedReader reader = open(file)) {
      String line;
      boolean any = false;
      while ((line = reader.readLine()) != null) {
        if (line.isBlank()) {
          continue;
        }
        any = true;
        T value;
        try {
          value = parser.parse(line);
        } catch (IOException e) {
          throw DeltaXErrors.corruptLogFile(
              file.getPath().toString(),
              "a line is not a complete JSON action ("
                  + e.getMessage().lines().findFirst().orElse("")
                  + ")",
              e);
        }
        if (value != null) {
          sink.accept(value);
        }
      }
      if (!any) {
        throw emptyCommit(file);
      }
    } catch (IOException e) {
      throw DeltaXErrors.corruptLogFile(file.getPath().toString(), e.toString(), e);
    }
  }

  private BufferedReader open(FileStatus file) throws IOException {
    // With the listed status: no HEAD per commit on S3.
    filesRead.incrementAndGet();
    return new BufferedReader(
        new InputStreamReader(LogFileOpener.open(fs, file, "sequential"), StandardCharsets.UTF_8));
  }
}
