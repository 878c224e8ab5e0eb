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

import io.deltax.actions.Action;
import io.deltax.actions.ActionJson;
import io.deltax.actions.ActionSchema;
import io.deltax.actions.ParquetActionWriter;
import io.deltax.actions.RemoveFile;
import io.deltax.actions.Sidecar;
import io.deltax.protocol.TableFeatures;
import io.deltax.protocol.TableProperties;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileAlreadyExistsException;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes a checkpoint of a snapshot (PROTOCOL.md, "Checkpoints"): the protocol, the metadata, the
 * transactions, the domains, every active file and every unexpired tombstone. A classic {@code
 * N.checkpoint.parquet} for tables without {@code v2Checkpoint}; for tables with it, a V2
 * checkpoint: {@code N.checkpoint.<uuid>.json} with the non-file actions and a sidecar in {@code
 * _delta_log/_sidecars/} with the file actions. Then {@code _last_checkpoint}. The rows are the
 * actions' own schemas ({@link ParquetActionWriter}); {@link CheckpointReader} reads them back.
 *
 * <p>Each file is written whole, staged under a hidden temporary name (or on local disk for an
 * object store, where it is then uploaded in one request), and published as commits are ({@link
 * LogFilePublisher}), so a writer killed half-way never leaves a truncated checkpoint. When another
 * writer published the same checkpoint first, its file is kept: both wrote the same version's
 * state. {@code _last_checkpoint}, only a hint, comes last and is replaced.
 */
public final class CheckpointWriter {

  private static final Logger LOG = LoggerFactory.getLogger(CheckpointWriter.class);

  private final Configuration conf;
  private final LogFilePublisher publisher;
  private final HintFileWriter hints;

  public CheckpointWriter(Configuration conf) {
    this.conf = conf;
    this.publisher = new LogFilePublisher(conf);
    this.hints = new HintFileWriter(conf);
  }

  /** Whether a table whose log went from {@code fromVersion} to {@code toVersion} is due one. */
  public static boolean isDue(Snapshot snapshot, long fromVersion) {
    long interval = snapshot.properties().checkpointInterval();
    return interval > 0 && snapshot.version() / interval > fromVersion / interval;
  }

  /**
   * Why deltax does not write a checkpoint of this table, or empty where it does: it writes
   * statistics as JSON only, so not where the table asks for them as structs or not as JSON
   * (PROTOCOL.md, "Checkpoint Schema"). A checkpoint is optional; another writer's will do.
   */
  public static Optional<String> notWritten(Snapshot snapshot) {
    TableProperties properties = snapshot.properties();
    if (properties.checkpointStatsAsStruct()) {
      return Optional.of(
          "the table asks for statistics as structs in checkpoints ("
              + TableProperties.CHECKPOINT_STATS_AS_STRUCT
              + "), which deltax does not write");
    }
    if (!properties.checkpointStatsAsJson()) {
      return Optional.of(
          "the table asks for no JSON statistics in checkpoints ("
              + TableProperties.CHECKPOINT_STATS_AS_JSON
              + " = false), and deltax writes them so");
    }
    return Optional.empty();
  }

  /**
   * Writes a checkpoint of {@code snapshot}; not for a table {@link #notWritten} gives a reason
   * for.
   */
  public void write(Snapshot snapshot) throws IOException {
    notWritten(snapshot)
        .ifPresent(
            why -> {
              throw new IllegalStateException(
                  "No checkpoint of " + snapshot.tableRoot() + ": " + why);
            });
    Path logDir = LogFileName.logDir(snapshot.tableRoot());
    List<RemoveFile> tombstones = unexpired(snapshot);
    long size;
    Map<String, Object> lastCheckpoint = new LinkedHashMap<>();
    lastCheckpoint.put("version", snapshot.version());
    if (snapshot.properties().v2CheckpointPolicy()
        && TableFeatures.isSupported(snapshot.protocol(), TableFeatures.V2_CHECKPOINT)) {
      size = writeV2(snapshot, logDir, tombstones);
    } else {
      Path file = new Path(logDir, LogFileName.classicCheckpointName(snapshot.version()));
      size =
          writeParquet(
              file,
              Checkpoint.ACTIONS,
              rows -> {
                writeAll(rows, nonFileActions(snapshot));
                writeAll(rows, snapshot.activeFiles());
                writeAll(rows, tombstones);
              });
    }
    lastCheckpoint.put("size", size);
    lastCheckpoint.put("numOfAddFiles", snapshot.activeFiles().size());
    // A hint of a newer checkpoint (another writer's, meanwhile) stays: readers list on from it.
    if (LastCheckpointHint.read(logDir.getFileSystem(conf), logDir)
        .filter(hint -> hint.version() > snapshot.version())
        .isPresent()) {
      return;
    }
    hints.replace(
        new Path(logDir, LastCheckpointHint.FILE_NAME),
        LogFilePublisher.lines(List.of(ActionJson.objectJson(lastCheckpoint))));
  }

  /** Tombstones younger than {@code delta.deletedFileRetentionDuration} (default one week). */
  private static List<RemoveFile> unexpired(Snapshot snapshot) {
    long retention = snapshot.properties().deletedFileRetentionMillis();
    long cutoff = System.currentTimeMillis() - retention;
    List<RemoveFile> kept = new ArrayList<>();
    for (RemoveFile r : snapshot.tombstones()) {
      if (r.deletionTimestamp() == null || r.deletionTimestamp() > cutoff) {
        kept.add(r);
      }
    }
    return kept;
  }

  private long writeV2(Snapshot snapshot, Path logDir, List<RemoveFile> tombstones)
      throws IOException {
    Path sidecar =
        new Path(new Path(logDir, LogFileName.SIDECAR_DIR), UUID.randomUUID() + ".parquet");
    long fileActions =
        writeParquet(
            sidecar,
            Checkpoint.FILE_ACTIONS,
            rows -> {
              writeAll(rows, snapshot.activeFiles());
              writeAll(rows, tombstones);
            });
    FileStatus sidecarStatus = sidecar.getFileSystem(conf).getFileStatus(sidecar);
    List<String> lines = new ArrayList<>();
    lines.add(
        ActionJson.objectJson(Map.of("checkpointMetadata", Map.of("version", snapshot.version()))));
    lines.add(
        ActionJson.toJson(
            new Sidecar(
                sidecar.getName(), sidecarStatus.getLen(), sidecarStatus.getModificationTime())));
    for (Action action : nonFileActions(snapshot)) {
      lines.add(ActionJson.toJson(action));
    }
    Path topLevel =
        new Path(
            logDir, LogFileName.v2CheckpointName(snapshot.version(), UUID.randomUUID(), "json"));
    if (!publisher.write(topLevel, LogFilePublisher.lines(lines))) {
      throw new FileAlreadyExistsException("a V2 checkpoint of a fresh UUID exists: " + topLevel);
    }
    return fileActions + lines.size();
  }

  /** The protocol, the metadata, then the transactions and the domains. */
  private static List<Action> nonFileActions(Snapshot snapshot) {
    List<Action> actions = new ArrayList<>();
    actions.add(snapshot.protocol());
    actions.add(snapshot.metadata());
    actions.addAll(snapshot.transactions().values());
    actions.addAll(snapshot.domains().values());
    return actions;
  }

  private interface Rows {
    void write(ParquetActionWriter rows) throws IOException;
  }

  /**
   * Writes a Parquet file of actions, one per row, where the publisher stages it (beside the file
   * under a temporary name, or on local disk for an object store), then publishes it as {@code
   * file}, keeping the file another writer may have published first; returns the number of rows.
   */
  private long writeParquet(Path file, List<ActionSchema<? extends Action>> columns, Rows body)
      throws IOException {
    Path staged = publisher.stagingFor(file);
    long count;
    try (ParquetActionWriter rows =
        new ParquetActionWriter(conf, publisher.outputFile(staged), columns)) {
      body.write(rows);
      count = rows.count();
    } catch (IOException | RuntimeException e) {
      publisher.discard(staged);
      throw e;
    }
    if (!publisher.publish(staged, file)) {
      LOG.info("Kept {}, which another writer published first", file);
    }
    return count;
  }

  private static void writeAll(ParquetActionWriter rows, List<? extends Action> actions)
      throws IOException {
    for (Action action : actions) {
      rows.write(action);
    }
  }
}
