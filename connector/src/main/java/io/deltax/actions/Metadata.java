package io.deltax.actions;

import java.util.List;
import java.util.Map;

/** The {@code metaData} action (PROTOCOL.md, "Change Metadata"). */
public record Metadata(
    String id,
    String name,
    String description,
    String formatProvider,
    String schemaString,
    List<String> partitionColumns,
    Map<String, String> configuration,
    Long createdTime) implements Action {

  public String property(String key) {
    return configuration.get(key);
  }
}
