package io.deltax.actions;

import java.io.Serializable;

/**
 * A deletion vector as the log describes it (PROTOCOL.md, "Deletion Vector Descriptor Schema").
 *
 * @param storageType {@code u} (relative path with random prefix), {@code i} (inline) or
 *     {@code p} (absolute path)
 * @param offset byte offset of the vector in its file, or null for inline vectors
 */
public record DeletionVectorDescriptor(
    String storageType,
    String pathOrInlineDv,
    Integer offset,
    int sizeInBytes,
    long cardinality,
    Long maxRowIndex) implements Serializable {

  /**
   * The identity of this vector, which together with the data file path identifies a logical file
   * (PROTOCOL.md, "Action Reconciliation": files are keyed by path and deletion vector id).
   */
  public String uniqueId() {
    return offset == null
        ? storageType + pathOrInlineDv
        : storageType + pathOrInlineDv + "@" + offset;
  }
}
