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

import io.deltax.actions.AddCDCFile;
import io.deltax.actions.AddFile;
import io.deltax.actions.DeletionVectorDescriptor;
import io.deltax.actions.RemoveFile;
import java.io.Serializable;
import java.util.HashMap;
import java.util.Map;

/**
 * A logical file a commit added or removed, or a change data file it wrote: what reading its rows
 * needs, shipped to the executors. For a removed file, the deletion vector it had before the commit
 * removed it.
 *
 * @param path the path as the log writes it
 * @param deletionVector null when it has none
 * @param baseRowId null where row tracking has not numbered the file
 */
public record ChangeFile(
    String path,
    HashMap<String, String> partitionValues,
    long size,
    long modificationTime,
    DeletionVectorDescriptor deletionVector,
    Long baseRowId,
    Long defaultRowCommitVersion)
    implements Serializable {

  public static ChangeFile of(AddFile add) {
    return new ChangeFile(
        add.path(),
        copy(add.partitionValues()),
        add.size(),
        add.modificationTime(),
        add.deletionVector(),
        add.baseRowId(),
        add.defaultRowCommitVersion());
  }

  /** From a remove action that carries what a read needs ({@code extendedFileMetadata}). */
  static ChangeFile of(RemoveFile remove) {
    return new ChangeFile(
        remove.path(),
        copy(remove.partitionValues()),
        remove.size(),
        0L,
        remove.deletionVector(),
        remove.baseRowId(),
        remove.defaultRowCommitVersion());
  }

  /** A change data file: its rows are the changes it records, not the table's (no row IDs). */
  static ChangeFile of(AddCDCFile cdc) {
    return new ChangeFile(
        cdc.path(), copy(cdc.partitionValues()), cdc.size(), 0L, null, null, null);
  }

  private static HashMap<String, String> copy(Map<String, String> values) {
    return values == null ? new HashMap<>() : new HashMap<>(values);
  }

  /** Whether row tracking numbered it: its rows have row IDs and row commit versions. */
  public boolean hasRowIds() {
    return baseRowId != null && defaultRowCommitVersion != null;
  }
}
