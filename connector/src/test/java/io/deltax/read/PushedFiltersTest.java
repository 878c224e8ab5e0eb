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
package io.deltax.read;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.deltax.conf.ReadConf;
import io.deltax.conf.SessionSettings;
import io.deltax.log.TransactionLog;
import io.deltax.snapshots.SnapshotLoad;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.spark.sql.sources.And;
import org.apache.spark.sql.sources.EqualTo;
import org.apache.spark.sql.sources.Filter;
import org.apache.spark.sql.sources.GreaterThan;
import org.apache.spark.sql.sources.In;
import org.apache.spark.sql.sources.IsNull;
import org.apache.spark.sql.sources.LessThanOrEqual;
import org.apache.spark.sql.sources.Not;
import org.apache.spark.sql.sources.Or;
import org.apache.spark.sql.sources.StringStartsWith;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the scan builder tells Spark about the filters it pushes (SupportsPushDownFilters). */
class PushedFiltersTest {
  @TempDir Path dir;

  /** A table partitioned by an int {@code p}, a date {@code day} and a double {@code f}. */
  private DeltaXScanBuilder scanBuilder() throws IOException {
    Path log = Files.createDirectories(dir.resolve("_delta_log"));
    String field =
        "{\\\"name\\\":\\\"%s\\\",\\\"type\\\":\\\"%s\\\",\\\"nullable\\\":true,\\\"metadata\\\":{}}";
    String schema =
        "{\\\"type\\\":\\\"struct\\\",\\\"fields\\\":["
            + String.join(
                ",",
                String.format(field, "id", "long"),
                String.format(field, "name", "string"),
                String.format(field, "p", "integer"),
                String.format(field, "day", "date"),
                String.format(field, "f", "double"))
            + "]}";
    Files.writeString(
        log.resolve("00000000000000000000.json"),
        "{\"protocol\":{\"minReaderVersion\":1,\"minWriterVersion\":2}}\n"
            + "{\"metaData\":{\"id\":\"t\",\"format\":{\"provider\":\"parquet\",\"options\":{}},"
            + "\"schemaString\":\""
            + schema
            + "\",\"partitionColumns\":[\"p\",\"day\",\"f\"],"
            + "\"configuration\":{}}}\n");
    ReadConf conf =
        ReadConf.of(
            SessionSettings.of(new Configuration(), Map.of(), ZoneOffset.UTC),
            Map.of("path", dir.toString()));
    TransactionLog transactionLog = TransactionLog.open(dir.toString(), conf.hadoopConf());
    return new DeltaXScanBuilder(
        null,
        transactionLog,
        transactionLog.latestSnapshot(),
        SnapshotLoad.UNMEASURED,
        conf,
        FileStreams.NONE);
  }

  @Test
  void partitionOnlyFiltersComeBackAsFullyPushed() throws IOException {
    List<Filter> exact =
        List.of(
            new EqualTo("p", 1),
            new In("P", new Object[] {1, 2}),
            new IsNull("day"),
            new Not(new EqualTo("p", 3)),
            new And(
                new GreaterThan("p", 0),
                new LessThanOrEqual("day", java.sql.Date.valueOf("2024-01-01"))),
            new Or(new EqualTo("p", 1), new IsNull("p")));
    List<Filter> notExact =
        List.of(
            new EqualTo("id", 1L), // a data column: only bounds
            new Or(new EqualTo("p", 1), new EqualTo("id", 2L)), // partly a data column
            new Not(new In("p", new Object[] {1})), // a NOT deltax does not answer in full
            new EqualTo("f", 1.0), // floating point: NaN and -0.0
            new StringStartsWith("name", "a"),
            new EqualTo("_metadata.row_id", 5L)); // no row tracking here
    DeltaXScanBuilder builder = scanBuilder();
    Filter[] all =
        java.util.stream.Stream.concat(exact.stream(), notExact.stream()).toArray(Filter[]::new);

    Filter[] postScan = builder.pushFilters(all);

    assertArrayEquals(notExact.toArray(), postScan, "Spark evaluates only these again");
    // pushedFilters() lists every filter deltax uses, the exact ones included.
    List<Filter> pushed = List.of(builder.pushedFilters());
    for (Filter f : exact) {
      assertEquals(true, pushed.contains(f), f.toString());
    }
    assertEquals(false, pushed.contains(notExact.get(5)), "a filter no file can bound is not used");
    assertEquals(exact.size() + 5, pushed.size(), pushed.toString());
  }
}
