package io.deltax.actions;

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
    String clusteringProvider) implements Action {

  /** The deletion vector id, or null; half of the key of a logical file. */
  public String deletionVectorId() {
    return deletionVector == null ? null : deletionVector.uniqueId();
  }
}
