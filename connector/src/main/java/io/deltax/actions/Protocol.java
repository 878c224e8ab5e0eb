package io.deltax.actions;

import java.util.Set;

/**
 * The {@code protocol} action (PROTOCOL.md, "Protocol Evolution"). The feature sets are empty for
 * legacy protocols (reader version below 3, writer version below 7).
 */
public record Protocol(int minReaderVersion, int minWriterVersion, Set<String> readerFeatures,
    Set<String> writerFeatures) implements Action {

  /** Reader version 3 is the first that lists its reader features explicitly. */
  public boolean supportsReaderFeatures() {
    return minReaderVersion >= 3;
  }

  public boolean supportsWriterFeatures() {
    return minWriterVersion >= 7;
  }
}
