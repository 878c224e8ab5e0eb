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
package io.deltax.actions;

import static io.deltax.actions.FieldType.INT;
import static io.deltax.actions.FieldType.STRING_SET;

import java.util.Set;

/**
 * The {@code protocol} action (PROTOCOL.md, "Protocol Evolution"). The feature sets are empty for
 * legacy protocols (reader version below 3, writer version below 7).
 */
public record Protocol(
    int minReaderVersion,
    int minWriterVersion,
    Set<String> readerFeatures,
    Set<String> writerFeatures)
    implements Action {

  /**
   * The fields of {@code protocol} in the log and in checkpoints. The feature lists are written
   * only by the versions that list features (PROTOCOL.md, "Table Features").
   */
  public static final ActionSchema<Protocol> SCHEMA =
      ActionSchema.builder(Protocol.class, "protocol")
          .field("minReaderVersion", INT, Protocol::minReaderVersion, 1)
          .field("minWriterVersion", INT, Protocol::minWriterVersion, 2)
          .field(
              "readerFeatures",
              STRING_SET,
              p -> p.supportsReaderFeatures() ? p.readerFeatures() : null,
              Set.of())
          .field(
              "writerFeatures",
              STRING_SET,
              p -> p.supportsWriterFeatures() ? p.writerFeatures() : null,
              Set.of())
          .build(
              v ->
                  new Protocol(
                      v.int32("minReaderVersion"),
                      v.int32("minWriterVersion"),
                      v.set("readerFeatures"),
                      v.set("writerFeatures")));

  /** Reader version 3 is the first that lists its reader features explicitly. */
  public boolean supportsReaderFeatures() {
    return minReaderVersion >= 3;
  }

  public boolean supportsWriterFeatures() {
    return minWriterVersion >= 7;
  }
}
