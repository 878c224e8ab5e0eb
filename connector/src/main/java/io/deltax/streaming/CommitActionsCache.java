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

import io.deltax.actions.Action;
import io.deltax.caching.BoundedLru;
import io.deltax.log.LogFileName;
import io.deltax.log.TransactionLog;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.apache.hadoop.fs.FileStatus;

/**
 * The actions of the commits a change feed stream read, kept across polls: admission counts a
 * commit's files on every poll until the commit is in a batch, and planning the batch reads the
 * same commits again. Each commit file is read once while it is held; the least recently used go
 * first once more than {@link #MAX_ACTIONS} actions are held.
 */
final class CommitActionsCache {
  static final int MAX_ACTIONS = 1_000_000;

  private final BoundedLru<Long, List<Action>> byVersion =
      new BoundedLru<>(MAX_ACTIONS, (version, actions) -> actions.size());

  /** Commit {@code version}'s actions, in the commit's order. */
  synchronized List<Action> actions(TransactionLog log, FileStatus file, long version) {
    List<Action> cached = byVersion.get(version);
    if (cached != null) {
      return cached;
    }
    List<Action> read = new ArrayList<>();
    log.readCommit(file, read::add);
    byVersion.put(version, read); // kept even where it alone is over the bound
    return read;
  }

  /** As {@link TransactionLog#readCommit}, from the cache. */
  void readCommit(TransactionLog log, FileStatus file, Consumer<Action> sink) {
    actions(log, file, LogFileName.parse(file.getPath().getName()).version()).forEach(sink);
  }
}
