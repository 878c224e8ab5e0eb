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
import io.deltax.actions.ActionSchema;
import io.deltax.actions.Metadata;
import io.deltax.actions.Protocol;
import io.deltax.actions.Sidecar;
import io.deltax.errors.DeltaXErrors;
import java.lang.ref.SoftReference;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;

/**
 * Reads a checkpoint of any kind (PROTOCOL.md, "Checkpoints"): the single classic file, every part
 * of a multi-part one, or a V2 top-level file in JSON or Parquet followed by its sidecars. Its
 * counterpart is {@link CheckpointWriter}.
 */
final class CheckpointReader {
  /** What a checkpoint's files may hold: its actions, and in a V2 top-level file, sidecars. */
  private static final List<ActionSchema<? extends Action>> TOP_LEVEL = withSidecars();

  private final LogFiles files;

  /**
   * The actions of a V2 checkpoint's top-level JSON file, read for the protocol and metadata, kept
   * (softly) for the file list's replay that follows, so that a load opens the file once: as the
   * Parquet reads keep a whole checkpoint file ({@code LogFiles}).
   */
  private final Map<Path, SoftReference<List<Action>>> jsonRead = new ConcurrentHashMap<>();

  private final Path logDir;

  CheckpointReader(LogFiles files, Path logDir) {
    this.files = files;
    this.logDir = logDir;
  }

  private static List<ActionSchema<? extends Action>> withSidecars() {
    List<ActionSchema<? extends Action>> actions = new ArrayList<>(Checkpoint.ACTIONS);
    actions.add(Sidecar.SCHEMA);
    return List.copyOf(actions);
  }

  /**
   * Only the non-file actions: the top-level JSON file, or two Parquet columns.
   *
   * @throws io.deltax.errors.DeltaXRuntimeException where the checkpoint has no protocol or no
   *     metaData (see {@link ProtocolAndMetadataCheck})
   */
  void readProtocolAndMetadata(Checkpoint checkpoint, Consumer<Action> sink) {
    ProtocolAndMetadataCheck checked = new ProtocolAndMetadataCheck(checkpoint, sink);
    for (FileStatus file : checkpoint.files()) {
      if (isJson(file)) {
        List<Action> actions = new ArrayList<>();
        files.readCommit(file, actions::add);
        jsonRead.put(file.getPath(), new SoftReference<>(actions));
        actions.forEach(checked);
      } else {
        files.readParquetProtocolAndMetadata(file, checked);
      }
    }
    checked.requireBoth();
  }

  /**
   * Every action of the checkpoint, its sidecars' file actions last; no sidecar action itself.
   *
   * @throws io.deltax.errors.DeltaXRuntimeException where the checkpoint has no protocol or no
   *     metaData
   */
  void read(Checkpoint checkpoint, Consumer<Action> sink) {
    List<Sidecar> sidecars = new ArrayList<>();
    ProtocolAndMetadataCheck checked = new ProtocolAndMetadataCheck(checkpoint, sink);
    Consumer<Action> topLevel =
        action -> {
          if (action instanceof Sidecar sidecar) {
            sidecars.add(sidecar);
          } else {
            checked.accept(action);
          }
        };
    for (FileStatus file : checkpoint.files()) {
      SoftReference<List<Action>> kept = isJson(file) ? jsonRead.remove(file.getPath()) : null;
      List<Action> read = kept == null ? null : kept.get();
      if (read != null) {
        read.forEach(topLevel);
      } else if (isJson(file)) {
        files.readCommit(file, topLevel);
      } else {
        files.readParquet(file, TOP_LEVEL, topLevel);
      }
    }
    checked.requireBoth();
    for (Sidecar sidecar : sidecars) {
      Path path = sidecarPath(sidecar);
      if (sidecar.sizeInBytes() > 0) {
        // The action gives the size (PROTOCOL.md, "Sidecar File Information"): no HEAD.
        files.readParquet(
            new FileStatus(sidecar.sizeInBytes(), false, 1, 0, sidecar.modificationTime(), path),
            Checkpoint.ACTIONS,
            sink);
      } else {
        files.readParquet(path, Checkpoint.ACTIONS, sink);
      }
    }
  }

  /**
   * Passes a checkpoint's actions on, noting whether a protocol and a metaData went through. Every
   * checkpoint holds both (PROTOCOL.md, "Checkpoint Specs"; in a V2 checkpoint, its top-level
   * file): a checkpoint without them is damaged, such as a JSON top-level file cut at a line end,
   * which still parses. The caller passes it over as any other damaged checkpoint.
   */
  private final class ProtocolAndMetadataCheck implements Consumer<Action> {
    private final Checkpoint checkpoint;
    private final Consumer<Action> sink;
    private boolean protocol;
    private boolean metadata;

    ProtocolAndMetadataCheck(Checkpoint checkpoint, Consumer<Action> sink) {
      this.checkpoint = checkpoint;
      this.sink = sink;
    }

    @Override
    public void accept(Action action) {
      protocol |= action instanceof Protocol;
      metadata |= action instanceof Metadata;
      sink.accept(action);
    }

    /** Once the whole checkpoint was read: fails where it lacked either action. */
    void requireBoth() {
      if (!protocol || !metadata) {
        throw DeltaXErrors.checkpointWithoutProtocolOrMetadata(
            logDir.getParent().toString(),
            checkpoint.version(),
            checkpoint.files().get(0).getPath().toString(),
            protocol ? "metaData" : "protocol");
      }
    }
  }

  private static boolean isJson(FileStatus file) {
    return file.getPath().getName().endsWith(".json");
  }

  /** A sidecar path is a file name under {@code _delta_log/_sidecars/}, or an absolute URI. */
  private Path sidecarPath(Sidecar sidecar) {
    Path path = new Path(sidecar.path());
    return path.isAbsoluteAndSchemeAuthorityNull() || path.toUri().getScheme() != null
        ? path
        : new Path(new Path(logDir, LogFileName.SIDECAR_DIR), sidecar.path());
  }
}
