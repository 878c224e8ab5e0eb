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
package io.deltax.changes.plan;

import io.deltax.log.Snapshot;

/**
 * A change feed's range, resolved and checked against the log's history, before any commit in it is
 * read: its first and last version, the snapshot at its end, and the snapshot whose schema every
 * row is read with. What a table's schema and a stream's start need; {@link
 * ChangeRangePlanner#range} reads the commits.
 *
 * @param schemaSnapshot the end's, or a later one whose schema reads every row of the range (see
 *     {@link ChangeRangePlanner#resolve})
 */
public record ChangeBounds(long start, long end, Snapshot endSnapshot, Snapshot schemaSnapshot) {

  /** Bounds whose rows are read with the end's schema. */
  public ChangeBounds(long start, long end, Snapshot endSnapshot) {
    this(start, end, endSnapshot, endSnapshot);
  }

  /**
   * "versions 3 to 7", or, for the empty range of two timestamps with no commit between them (the
   * start is the commit after them, the end the one before), "no version".
   */
  public String versions() {
    return start > end ? "no version" : "versions " + start + " to " + end;
  }
}
