package io.deltax.log;

import com.fasterxml.jackson.databind.JsonNode;
import io.deltax.log.actions.AddFile;
import java.io.IOException;
import java.util.OptionalLong;

/** Reads a file's {@code stats} (PROTOCOL.md, "Per-file Statistics") where a single figure is needed. */
public final class FileStatistics {
  private FileStatistics() {}

  /** The file's exact {@code numRecords}, or empty when its statistics do not give it. */
  public static OptionalLong numRecords(AddFile file) {
    if (file.stats() == null) {
      return OptionalLong.empty();
    }
    try {
      JsonNode n = ActionJson.MAPPER.readTree(file.stats()).get("numRecords");
      return n != null && n.canConvertToLong() ? OptionalLong.of(n.asLong()) : OptionalLong.empty();
    } catch (IOException e) {
      return OptionalLong.empty();
    }
  }
}
