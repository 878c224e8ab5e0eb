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
package io.deltax.read.skipping;

import static io.deltax.testing.TestLog.PROTOCOL;
import static io.deltax.testing.TestLog.commit;
import static io.deltax.testing.TestLog.schema;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.deltax.actions.AddFile;
import io.deltax.log.Snapshot;
import io.deltax.partitions.PartitionValues;
import io.deltax.snapshots.SnapshotCache;
import io.deltax.snapshots.SnapshotSource;
import java.nio.file.Path;
import java.time.Duration;
import java.time.ZoneId;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.apache.hadoop.conf.Configuration;
import org.apache.spark.sql.sources.EqualTo;
import org.apache.spark.sql.sources.Filter;
import org.apache.spark.sql.sources.GreaterThan;
import org.apache.spark.sql.sources.IsNull;
import org.apache.spark.sql.sources.LessThan;
import org.apache.spark.sql.sources.Or;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A scan of a snapshot's own file list judges partition filters once per partition (the list shares
 * one partition values map among a partition's files): it keeps what judging each file on its own
 * keeps, where statistics drop some files of a partition the partition filters keep.
 */
class PartitionVerdictsTest {
  @TempDir Path dir;

  /** File {@code name} of partition {@code p} (null: the null partition) holds v in [from, to]. */
  private static String add(String name, String p, long from, long to) {
    return "{\"add\":{\"path\":\""
        + name
        + ".parquet\",\"partitionValues\":{\"p\":"
        + (p == null ? "null" : "\"" + p + "\"")
        + "},\"size\":1,\"modificationTime\":1,\"dataChange\":true,\"stats\":\"{"
        + "\\\"numRecords\\\":2,\\\"minValues\\\":{\\\"v\\\":"
        + from
        + "},\\\"maxValues\\\":{\\\"v\\\":"
        + to
        + "},\\\"nullCount\\\":{\\\"v\\\":0}}\"}}";
  }

  @Test
  void partitionsJudgedOnceKeepWhatFilesJudgedAloneKeep() throws Exception {
    String metadata =
        "{\"metaData\":{\"id\":\"t\",\"format\":{\"provider\":\"parquet\",\"options\":{}},"
            + "\"schemaString\":\""
            + schema("v", "p:integer")
            + "\",\"partitionColumns\":[\"p\"],\"configuration\":{}}}";
    commit(
        dir,
        0,
        PROTOCOL,
        metadata,
        add("a", "1", 0, 9),
        add("b", "1", 10, 19),
        add("c", "1", 20, 29),
        add("d", "2", 0, 9),
        add("e", "2", 10, 19),
        add("f", null, 0, 9),
        add("g", null, 10, 19));
    Snapshot snapshot =
        SnapshotSource.cachedIn(
                new SnapshotCache(System::nanoTime),
                dir.toString(),
                new Configuration(),
                Duration.ZERO,
                1_000)
            .latest()
            .snapshot();
    List<List<Filter>> queries =
        List.of(
            List.of(new EqualTo("p", 1), new GreaterThan("v", 12L)),
            List.of(new EqualTo("p", 2), new LessThan("v", 5L)),
            List.of(new IsNull("p"), new GreaterThan("v", 12L)),
            List.of(new Or(new EqualTo("p", 1), new IsNull("p")), new LessThan("v", 15L)),
            List.of(new GreaterThan("p", 5)),
            List.of(new GreaterThan("v", 25L)));
    for (List<Filter> query : queries) {
      Set<String> alone = new TreeSet<>();
      for (AddFile file : snapshot.activeFiles()) {
        if (skipping(snapshot, query).mightMatch(file)) {
          alone.add(file.path());
        }
      }
      Set<String> byPartition = new TreeSet<>();
      skipping(snapshot, query)
          .select(snapshot.activeFiles(), true)
          .forEach(f -> byPartition.add(f.path()));
      assertEquals(alone, byPartition, query.toString());
    }
    Set<String> kept = new TreeSet<>();
    skipping(snapshot, queries.get(0))
        .select(snapshot.activeFiles(), true)
        .forEach(f -> kept.add(f.path()));
    assertEquals(Set.of("b.parquet", "c.parquet"), kept);
  }

  private static DataSkipping skipping(Snapshot snapshot, List<Filter> filters) {
    return new DataSkipping(
        snapshot.schema(),
        Set.of("p"),
        filters,
        new PartitionValues(ZoneId.of("UTC")),
        null,
        () -> null,
        new SnapshotColumnBounds());
  }
}
