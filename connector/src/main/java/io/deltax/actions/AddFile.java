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
 * An {@code add} action: a data file that is part of the table (PROTOCOL.md, "Add File and Remove
 * File"). {@code path} is exactly as written in the log: a URI-encoded path relative to the table
 * root, or an absolute URI.
 *
 * @param stats JSON statistics or null
 * @param deletionVector null when the file has no deletion vector
 * @param baseRowId the first row ID of the file, null before row tracking assigned one
 * @param defaultRowCommitVersion null before row tracking assigned one
 */
public record AddFile(
    String path,
    Map<String, String> partitionValues,
    long size,
    long modificationTime,
    boolean dataChange,
    String stats,
    Map<String, String> tags,
    DeletionVectorDescriptor deletionVector,
    Long baseRowId,
    Long defaultRowCommitVersion,
    String clusteringProvider)
    implements Action {

  /** The fields of {@code add} in the log and in checkpoints, in delta-spark's order. */
  public static final ActionSchema<AddFile> SCHEMA =
      ActionSchema.builder(AddFile.class, "add")
          .required("path", STRING, AddFile::path)
          .field("partitionValues", STRING_MAP, AddFile::partitionValues, Map.of())
          .field("size", LONG, AddFile::size, 0L)
          .field("modificationTime", LONG, AddFile::modificationTime, 0L)
          .field("dataChange", BOOLEAN, AddFile::dataChange, true)
          .field("stats", STRING, AddFile::stats)
          .field("tags", STRING_MAP, f -> ActionSchema.unlessEmpty(f.tags()), Map.of())
          .struct(DeletionVectorDescriptor.SCHEMA, AddFile::deletionVector)
          .field("baseRowId", LONG, AddFile::baseRowId)
          .field("defaultRowCommitVersion", LONG, AddFile::defaultRowCommitVersion)
          .field("clusteringProvider", STRING, AddFile::clusteringProvider)
          .build(
              v ->
                  new AddFile(
                      v.string("path"),
                      v.map("partitionValues"),
                      v.int64("size"),
                      v.int64("modificationTime"),
                      v.bool("dataChange"),
                      v.string("stats"),
                      v.map("tags"),
                      v.struct("deletionVector"),
                      v.int64("baseRowId"),
                      v.int64("defaultRowCommitVersion"),
                      v.string("clusteringProvider")));

  /** The deletion vector id, or null; half of the key of a logical file. */
  public String deletionVectorId() {
    return deletionVector == null ? null : deletionVector.uniqueId();
  }
}
