package io.deltax.streaming;

import io.deltax.actions.AddFile;

/**
 * A file a stream reads, at its position: {@code index} within its commit's data-changing adds,
 * or within the initial snapshot's stable order.
 */
record IndexedFile(long version, long index, boolean initialSnapshot, AddFile add) {

  /** The offset that says "read up to and including this file". */
  DeltaXSourceOffset offset(String tableId) {
    return new DeltaXSourceOffset(tableId, version, index, initialSnapshot);
  }
}
