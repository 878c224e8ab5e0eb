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
import static io.deltax.actions.FieldType.LONG;
import static io.deltax.actions.FieldType.STRING;

import java.io.Serializable;

/**
 * A deletion vector as the log describes it (PROTOCOL.md, "Deletion Vector Descriptor Schema").
 *
 * @param storageType {@code u} (relative path with random prefix), {@code i} (inline) or {@code p}
 *     (absolute path)
 * @param offset byte offset of the vector in its file, or null for inline vectors
 */
public record DeletionVectorDescriptor(
    String storageType,
    String pathOrInlineDv,
    Integer offset,
    int sizeInBytes,
    long cardinality,
    Long maxRowIndex)
    implements Serializable {

  /** The {@code deletionVector} struct of {@code add} and {@code remove}. */
  public static final ActionSchema<DeletionVectorDescriptor> SCHEMA =
      ActionSchema.builder(DeletionVectorDescriptor.class, "deletionVector")
          .field("storageType", STRING, DeletionVectorDescriptor::storageType)
          .field("pathOrInlineDv", STRING, DeletionVectorDescriptor::pathOrInlineDv)
          .field("offset", INT, DeletionVectorDescriptor::offset)
          .field("sizeInBytes", INT, DeletionVectorDescriptor::sizeInBytes, 0)
          .field("cardinality", LONG, DeletionVectorDescriptor::cardinality, 0L)
          .field("maxRowIndex", LONG, DeletionVectorDescriptor::maxRowIndex)
          .build(
              v ->
                  new DeletionVectorDescriptor(
                      v.string("storageType"),
                      v.string("pathOrInlineDv"),
                      v.int32("offset"),
                      v.int32("sizeInBytes"),
                      v.int64("cardinality"),
                      v.int64("maxRowIndex")));

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
