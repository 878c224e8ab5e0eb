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
import io.deltax.actions.AddFile;
import io.deltax.actions.DomainMetadata;
import io.deltax.actions.Metadata;
import io.deltax.actions.Protocol;
import io.deltax.actions.RemoveFile;
import io.deltax.actions.SetTransaction;
import java.util.List;
import org.apache.hadoop.fs.FileStatus;

/**
 * One complete checkpoint of a version: a classic file, all parts of a multi-part checkpoint, or a
 * V2 top-level file (whose sidecars are found when it is read). Read by {@link CheckpointReader},
 * written by {@link CheckpointWriter}.
 */
public record Checkpoint(long version, LogFileName.Kind kind, List<FileStatus> files) {
  /**
   * The actions a checkpoint holds (PROTOCOL.md, "Checkpoint Specs"), in the column order of a
   * classic checkpoint. A V2 checkpoint's top-level file may hold {@code sidecar} actions too.
   */
  static final List<ActionSchema<? extends Action>> ACTIONS =
      List.of(
          SetTransaction.SCHEMA,
          AddFile.SCHEMA,
          RemoveFile.SCHEMA,
          Metadata.SCHEMA,
          Protocol.SCHEMA,
          DomainMetadata.SCHEMA);

  /** The actions a V2 checkpoint's sidecar holds (PROTOCOL.md, "Sidecar Files"). */
  static final List<ActionSchema<? extends Action>> FILE_ACTIONS =
      List.of(AddFile.SCHEMA, RemoveFile.SCHEMA);

  /**
   * Which checkpoint to read when a version has several: a V2 one (it may carry more, such as
   * domain metadata from the V2 spec), then a classic single file, then multi-part (more files).
   */
  int preference() {
    return switch (kind) {
      case V2_CHECKPOINT -> 0;
      case CLASSIC_CHECKPOINT -> 1;
      default -> 2;
    };
  }

  public boolean isV2() {
    return kind == LogFileName.Kind.V2_CHECKPOINT;
  }
}
