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
package io.deltax.streaming;

import io.deltax.actions.AddFile;

/**
 * A file a stream reads, at its position: {@code index} within its commit's data-changing adds, or
 * within the initial snapshot's stable order.
 */
record IndexedFile(long version, long index, boolean initialSnapshot, AddFile add) {

  /** The offset that says "read up to and including this file". */
  DeltaXSourceOffset offset(String tableId) {
    return new DeltaXSourceOffset(tableId, version, index, initialSnapshot);
  }
}
