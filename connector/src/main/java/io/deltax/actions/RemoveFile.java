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

import static io.deltax.actions.FieldType.BOOLEAN;
import static io.deltax.actions.FieldType.LONG;
import static io.deltax.actions.FieldType.STRING;
import static io.deltax.actions.FieldType.STRING_MAP;

import java.util.Map;

/**
 * A {@code remove} action (a tombstone): the logical file it removes, keyed by path and deletion
 * vector id, with what a checkpoint keeps of it until it expires (PROTOCOL.md, "Add File and Remove
 * File").
 *
 * @param partitionValues null where the action has none (it is optional in a remove)
 */
public record RemoveFile(
    String path,
    DeletionVectorDescriptor deletionVector,
    Long deletionTimestamp,
    boolean dataChange,
    boolean extendedFileMetadata,
    Map<String, String> partitionValues,
    Long size,
    Map<String, String> tags,
    Long baseRowId,
    Long defaultRowCommitVersion)
    implements Action {

  /** The fields of {@code remove} in the log and in checkpoints, in delta-spark's order. */
  public static final ActionSchema<RemoveFile> SCHEMA =
      ActionSchema.builder(RemoveFile.class, "remove")
          .required("path", STRING, RemoveFile::path)
          .field("deletionTimestamp", LONG, RemoveFile::deletionTimestamp)
          .field("dataChange", BOOLEAN, RemoveFile::dataChange, true)
          .field("extendedFileMetadata", BOOLEAN, RemoveFile::extendedFileMetadata, false)
          .field("partitionValues", STRING_MAP, RemoveFile::partitionValues)
          .field("size", LONG, RemoveFile::size)
          .field("tags", STRING_MAP, r -> ActionSchema.unlessEmpty(r.tags()), Map.of())
          .struct(DeletionVectorDescriptor.SCHEMA, RemoveFile::deletionVector)
          .field("baseRowId", LONG, RemoveFile::baseRowId)
          .field("defaultRowCommitVersion", LONG, RemoveFile::defaultRowCommitVersion)
          .build(
              v ->
                  new RemoveFile(
                      v.string("path"),
                      v.struct("deletionVector"),
                      v.int64("deletionTimestamp"),
                      v.bool("dataChange"),
                      v.bool("extendedFileMetadata"),
                      v.map("partitionValues"),
                      v.int64("size"),
                      v.map("tags"),
                      v.int64("baseRowId"),
                      v.int64("defaultRowCommitVersion")));

  public String deletionVectorId() {
    return deletionVector == null ? null : deletionVector.uniqueId();
  }
}
