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

import static io.deltax.testing.TestLog.PROTOCOL;
import static io.deltax.testing.TestLog.add;
import static io.deltax.testing.TestLog.commit;
import static io.deltax.testing.TestLog.metadata;
import static io.deltax.testing.TestLog.remove;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.deltax.actions.Action;
import io.deltax.actions.ActionJson;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A snapshot advanced in memory by a commit equals the snapshot read back from the log. */
class SnapshotWithCommitTest {
  @TempDir Path dir;

  @Test
  void advancedSnapshotEqualsTheReloadedOne() throws IOException {
    commit(dir, 0, PROTOCOL, metadata("t", "{}"), add("a", true), add("b", true));
    commit(dir, 1, add("c", true), remove("a"), "{\"txn\":{\"appId\":\"app\",\"version\":1}}");
    List<String> next =
        List.of(
            "{\"commitInfo\":{\"operation\":\"ROW TRACKING BACKFILL\"}}",
            "{\"protocol\":{\"minReaderVersion\":1,\"minWriterVersion\":7,\"writerFeatures\":"
                + "[\"domainMetadata\",\"rowTracking\"]}}",
            metadata("t", "{\"k\":\"v\"}"),
            add("b", false),
            add("a", true),
            remove("c"),
            "{\"txn\":{\"appId\":\"app\",\"version\":2}}",
            "{\"domainMetadata\":{\"domain\":\"d\",\"configuration\":\"{}\",\"removed\":false}}");
    commit(dir, 2, next.toArray(String[]::new));

    Configuration conf = new Configuration();
    TransactionLog log = TransactionLog.open(dir.toString(), conf);
    List<Action> actions = new ArrayList<>();
    for (String line : next) {
      Action action = ActionJson.parseLine(line);
      if (action != null) {
        actions.add(action);
      }
    }
    Snapshot advanced = log.snapshotAt(1).withCommit(actions, 42L, 100);
    Snapshot reloaded = log.snapshotAt(2);

    assertEquals(reloaded.version(), advanced.version());
    assertEquals(reloaded.protocol(), advanced.protocol());
    assertEquals(reloaded.metadata(), advanced.metadata());
    assertEquals(new HashSet<>(reloaded.activeFiles()), new HashSet<>(advanced.activeFiles()));
    assertEquals(
        paths(reloaded.tombstones().stream().map(r -> r.path()).toList()),
        paths(advanced.tombstones().stream().map(r -> r.path()).toList()));
    assertEquals(reloaded.transactions(), advanced.transactions());
    assertEquals(reloaded.domains(), advanced.domains());
    assertEquals(firstAdded(reloaded), firstAdded(advanced));
    assertEquals(42L, advanced.timestamp());
  }

  /** When each active file's path was first added, by path. */
  private static Map<String, Long> firstAdded(Snapshot snapshot) {
    Map<String, Long> versions = new HashMap<>();
    for (int i = 0; i < snapshot.activeFiles().size(); i++) {
      versions.put(snapshot.activeFiles().get(i).path(), snapshot.firstAddedVersion(i));
    }
    return versions;
  }

  private static Set<String> paths(List<String> paths) {
    return new HashSet<>(paths);
  }
}
