package io.deltax.actions;

import java.util.Map;

/**
 * A {@code remove} action (a tombstone): the logical file it removes, keyed by path and deletion
 * vector id, with what a checkpoint keeps of it until it expires (PROTOCOL.md, "Add File and
 * Remove File").
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
    Long defaultRowCommitVersion) implements Action {

  public String deletionVectorId() {
    return deletionVector == null ? null : deletionVector.uniqueId();
  }
}
