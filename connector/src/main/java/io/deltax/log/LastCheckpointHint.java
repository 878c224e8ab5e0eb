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
package io.deltax.log;

import com.fasterxml.jackson.databind.JsonNode;
import io.deltax.actions.ActionJson;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What {@code _delta_log/_last_checkpoint} says (PROTOCOL.md, "Last Checkpoint File"). It is only a
 * hint: deltax lists the log anyway, so a missing, corrupt or stale hint is ignored and the listing
 * decides. Where the newest checkpoint exists in several forms, the hint picks the one its writer
 * meant.
 */
public record LastCheckpointHint(
    long version, Optional<Integer> parts, Optional<String> v2FileName) {
  /** Its name, in the log directory. */
  static final String FILE_NAME = "_last_checkpoint";

  private static final Logger LOG = LoggerFactory.getLogger(LastCheckpointHint.class);

  static Optional<LastCheckpointHint> read(FileSystem fs, Path logDir) {
    Path file = new Path(logDir, FILE_NAME);
    try (InputStream in = fs.open(file)) {
      JsonNode json = ActionJson.MAPPER.readTree(in);
      if (json == null || !json.path("version").canConvertToLong()) {
        LOG.warn("Ignoring {}: it has no version", file);
        return Optional.empty();
      }
      JsonNode parts = json.get("parts");
      JsonNode v2Path = json.path("v2Checkpoint").get("path");
      return Optional.of(
          new LastCheckpointHint(
              json.get("version").asLong(),
              parts == null || parts.isNull() ? Optional.empty() : Optional.of(parts.asInt()),
              v2Path == null || v2Path.isNull()
                  ? Optional.empty()
                  : Optional.of(new Path(v2Path.asText()).getName())));
    } catch (java.io.FileNotFoundException e) {
      return Optional.empty();
    } catch (IOException | RuntimeException e) {
      LOG.warn("Ignoring unreadable {}: {}", file, e.toString());
      return Optional.empty();
    }
  }

  /** The checkpoint among those of one version that this hint names, if it names one of them. */
  Optional<Checkpoint> pick(List<Checkpoint> sameVersion) {
    return sameVersion.stream()
        .filter(c -> c.version() == version)
        .filter(
            c ->
                switch (c.kind()) {
                  case V2_CHECKPOINT ->
                      v2FileName
                          .map(n -> n.equals(c.files().get(0).getPath().getName()))
                          .orElse(false);
                  case MULTI_PART_CHECKPOINT -> parts.map(p -> p == c.files().size()).orElse(false);
                  default -> v2FileName.isEmpty() && parts.isEmpty();
                })
        .findFirst();
  }
}
