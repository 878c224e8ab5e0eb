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
import io.deltax.log.Snapshot;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The snapshot a stream started without a start reads first, with its files in the order offsets
 * index them inside it: by modification time, then path, as delta-spark's source orders them.
 */
record InitialSnapshot(Snapshot snapshot, List<AddFile> files) {
  static InitialSnapshot of(Snapshot snapshot) {
    List<AddFile> files = new ArrayList<>(snapshot.activeFiles());
    files.sort(Comparator.comparingLong(AddFile::modificationTime).thenComparing(AddFile::path));
    return new InitialSnapshot(snapshot, List.copyOf(files));
  }

  long version() {
    return snapshot.version();
  }
}
