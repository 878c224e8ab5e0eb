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

/**
 * How a store publishes a log file only if its name is free, chosen by the file system's scheme
 * (PROTOCOL.md, "Delta Log Entries": mutual exclusion is the writer's job). Whether the chosen way
 * really works on a given store is {@link LogFilePublisher}'s to check.
 */
enum PutIfAbsentMethod {
  /** Local file systems: {@code link(2)} refuses an existing name. */
  HARD_LINK,
  /** HDFS, viewfs, ABFS: {@code FileContext.rename} without overwrite is atomic in the store. */
  RENAME,
  /** S3A: one PUT with {@code If-None-Match: *} ({@link S3AConditionalCreate}). */
  S3A_CONDITIONAL_CREATE,
  /**
   * GCS: the connector's {@code create(overwrite = false)} uploads with the precondition {@code
   * ifGenerationMatch=0}, which GCS enforces atomically. gcs-connector hadoop3-2.2.28 (the version
   * Spark's build names): {@code GoogleCloudStorageImpl.create} takes the write generation from
   * {@code getWriteGeneration(resourceId, overwrite)}, 0 for an absent object, and {@code
   * ObjectWriteConditions} sets it as {@code ifGenerationMatch}; Google's "Request preconditions"
   * documentation: {@code ifGenerationMatch=0} succeeds only if no live object has the name. A lost
   * race is a 412.
   */
  GCS_CREATE,
  /**
   * A store deltax cannot prove put-if-absent on, used only where the user accepts single-writer
   * mode: {@code create(overwrite = false)}, whose existence check and write are two requests.
   */
  PLAIN_CREATE;

  static PutIfAbsentMethod forScheme(String scheme) {
    return switch (scheme) {
      case "file" -> HARD_LINK;
      case "hdfs", "viewfs", "abfs", "abfss" -> RENAME;
      case "s3a" -> S3A_CONDITIONAL_CREATE;
      case "gs" -> GCS_CREATE;
      default -> PLAIN_CREATE;
    };
  }

  /**
   * Whether a file is written straight to its final name: on object stores an object appears whole
   * when its upload completes, so a writer killed half-way leaves nothing there, and a temporary
   * object would cost a PUT, a GET, a second PUT and a DELETE.
   */
  boolean writesFinalNameDirectly() {
    return this == S3A_CONDITIONAL_CREATE || this == GCS_CREATE || this == PLAIN_CREATE;
  }
}
