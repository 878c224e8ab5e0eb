package io.deltax.log.actions;

/**
 * A {@code remove} action (a tombstone). Only its key matters for reading: the path and the
 * deletion vector id of the logical file it removes.
 */
public record RemoveFile(String path, DeletionVectorDescriptor deletionVector, Long deletionTimestamp,
    boolean dataChange) implements Action {

  public String deletionVectorId() {
    return deletionVector == null ? null : deletionVector.uniqueId();
  }
}
